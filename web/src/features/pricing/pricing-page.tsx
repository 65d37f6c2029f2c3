import { type BillingPlan, MAX_MANUAL_CHECKOUT_RETRIES, PLAN_PRICES } from '@app/contracts';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/language-provider';
import { createCheckout } from '../../queries/billing';
import { useAuth } from '../auth/auth-provider';
import { formatMoney } from '@app/rules';
import { errorText } from '../../api/error-text';
import { type CheckoutFailure, classifyCheckoutError } from '../billing/payment-error';
import { usePaymentsMode } from '../../queries/config';
import { CenteredLoader } from '../ui/centered-loader';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';

// The demo checkout (a fresh install without Stripe keys) is fetched only when a checkout opens it.
const DemoCheckoutPage = lazy(() =>
  import('../billing/demo-checkout-page').then((m) => ({ default: m.DemoCheckoutPage })),
);

type Processing = { plan: BillingPlan; step: 0 | 1 | 2 };
type Failure = { plan: BillingPlan; error: CheckoutFailure };

const PRO_FEATURES = ['everything', 'history', 'favorites', 'generation', 'support'] as const;
const FREE_FEATURES = ['summaries', 'topics', 'email'] as const;
const FAQ = ['cancel', 'payment', 'annual', 'support'] as const;

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <List
      spacing={6}
      size="sm"
      icon={
        <ThemeIcon component="span" size={18} radius="xl" color="teal" variant="light">
          <IconCheck size={12} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

function PaymentSteps({ step }: { step: number }) {
  const { t } = useTranslation('billing');
  return (
    <Card withBorder p="md" data-testid="payment-steps" aria-live="polite">
      <Text fw={600} mb="sm">
        {t('pricing.steps.title')}
      </Text>
      <Stepper active={step} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('pricing.steps.validating')} loading={step === 0} />
        <Stepper.Step label={t('pricing.steps.creating')} loading={step === 1} />
        <Stepper.Step label={t('pricing.steps.redirecting')} loading={step === 2} />
      </Stepper>
    </Card>
  );
}

function FailureNotice({
  failure,
  retriesUsed,
  onRetry,
}: {
  failure: Failure;
  retriesUsed: number;
  onRetry: () => void;
}) {
  const { t } = useTranslation('billing');
  const { error } = failure;
  const key = error.textKey as 'errors.generic';
  const description =
    error.key === 'generic'
      ? error.serverError
        ? errorText(t, error.serverError)
        : t(`${key}.description`)
      : error.key === 'stripe_generic' && !error.declineKey && error.providerMessage
        ? error.providerMessage
        : t(`${key}.description`);
  const retriesLeft = MAX_MANUAL_CHECKOUT_RETRIES - retriesUsed;
  return (
    <Alert
      color={error.severity === 'warning' ? 'yellow' : 'red'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t(`${key}.title`)}
      data-testid="checkout-failure"
      data-error={error.declineKey ?? error.key}
      withCloseButton={false}
    >
      <Stack gap="xs">
        <Text fz="sm">{description}</Text>
        <Text fz="sm" c="dimmed">
          {t(`${key}.action`)}
        </Text>
        {error.retryable ? (
          retriesLeft > 0 ? (
            <Group gap="sm">
              <Button size="xs" variant="white" color="dark" onClick={onRetry} data-testid="checkout-retry">
                {t('pricing.failure.retry')}
              </Button>
              <Text fz="xs" c="dimmed">
                {t('pricing.failure.retriesLeft', { n: retriesLeft })}
              </Text>
            </Group>
          ) : (
            <Text fz="sm" fw={600}>
              {t('pricing.failure.maxRetries')}
            </Text>
          )
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * /pricing (spec §2 "Pricing screen", §4 "Checkout", §8 payment errors). With `?demo_checkout=` (the
 * link the demo checkout's Stripe hands out) it is the demo checkout page instead, in place of Stripe's.
 */
export function PricingPage() {
  const search = useSearch({ strict: false }) as { demo_checkout?: unknown };
  if (typeof search.demo_checkout !== 'string') return <Plans />;
  return (
    <Suspense fallback={<CenteredLoader />}>
      <DemoCheckoutPage session={search.demo_checkout} />
    </Suspense>
  );
}

function Plans() {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const { isAuthenticated, isPro, isAdmin } = useAuth();
  const payments = usePaymentsMode();
  const search = useSearch({ strict: false }) as { payment?: unknown };
  const [processing, setProcessing] = useState<Processing | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [retries, setRetries] = useState<Record<BillingPlan, number>>({ monthly: 0, annual: 0 });
  const [loginRequired, setLoginRequired] = useState(false);
  useDocumentTitle(t('pricing.title'));

  const startCheckout = async (plan: BillingPlan, isRetry = false) => {
    if (processing) return;
    if (!isAuthenticated) {
      setLoginRequired(true);
      return;
    }
    if (isRetry) setRetries((current) => ({ ...current, [plan]: current[plan] + 1 }));
    setFailure(null);
    setProcessing({ plan, step: 0 });
    try {
      setProcessing({ plan, step: 1 });
      const { checkout_url } = await createCheckout(plan, language);
      if (!/^https?:\/\//.test(checkout_url)) throw new Error('Invalid checkout URL');
      setProcessing({ plan, step: 2 });
      window.location.assign(checkout_url);
    } catch (error) {
      setProcessing(null);
      setFailure({ plan, error: classifyCheckoutError(error) });
    }
  };

  const price = (cents: number) => formatMoney(cents, 'usd', language);
  const proFeatures = PRO_FEATURES.map((key) => t(`pricing.proFeatures.${key}`));

  const paidCard = (plan: BillingPlan) => {
    const prices = PLAN_PRICES[plan];
    const busy = processing?.plan === plan;
    const alreadyPro = isPro && !isAdmin;
    return (
      <Card
        key={plan}
        withBorder
        p="lg"
        radius="md"
        data-testid={`plan-${plan}`}
        style={
          plan === 'monthly'
            ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
            : undefined
        }
      >
        <Stack gap="md" h="100%">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="xl">
              {t(`pricing.${plan}.name`)}
            </Title>
            <Group gap={6}>
              {plan === 'monthly' ? <Badge color="violet">{t('pricing.mostPopular')}</Badge> : null}
              <Badge color="red" variant="filled">
                {t('pricing.discount')}
              </Badge>
            </Group>
          </Group>
          <Text c="dimmed" fz="sm">
            {t(`pricing.${plan}.description`)}
          </Text>
          <Group gap="xs" align="baseline">
            <Text fz={36} fw={800} lh={1} data-testid={`price-${plan}`}>
              {price(prices.amountCents)}
            </Text>
            <Text c="dimmed" td="line-through" data-testid={`list-price-${plan}`}>
              {price(prices.listAmountCents)}
            </Text>
            <Text c="dimmed" fz="sm">
              {t(plan === 'monthly' ? 'pricing.perMonth' : 'pricing.perYear')}
            </Text>
          </Group>
          {plan === 'annual' ? (
            <Text fz="sm" c="teal" fw={600}>
              {t('pricing.annualSavings')}
            </Text>
          ) : null}
          <FeatureList items={proFeatures} />
          <Stack gap="xs" mt="auto">
            {isAdmin ? (
              // Admins have every Pro feature: nothing to buy.
              <Text ta="center" fw={600} data-testid={`included-${plan}`}>
                {t('pricing.admin.included')}
              </Text>
            ) : alreadyPro ? (
              <ButtonLink to="/profile" variant="light" fullWidth>
                {t('pricing.manage')}
              </ButtonLink>
            ) : payments === 'off' ? (
              <Text ta="center" c="dimmed" data-testid={`payments-off-${plan}`}>
                {t('pricing.paymentsOff')}
              </Text>
            ) : (
              <Button
                fullWidth
                size="md"
                loading={busy}
                loaderProps={{ type: 'dots' }}
                // Until the gateway says how it takes payments, a click could lead nowhere.
                disabled={payments === undefined || (processing !== null && !busy)}
                onClick={() => startCheckout(plan)}
                data-testid={`checkout-${plan}`}
              >
                {busy ? t('pricing.processing') : t(`pricing.${plan}.button`)}
              </Button>
            )}
          </Stack>
        </Stack>
      </Card>
    );
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4} ta="center" align="center">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {t('pricing.title')}
          </Title>
          <Text c="dimmed" maw={640}>
            {t('pricing.subtitle')}
          </Text>
        </Stack>

        {search.payment === 'canceled' ? (
          <Alert
            color="blue"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={t('pricing.canceled.title')}
          >
            {t('pricing.canceled.description')}
          </Alert>
        ) : null}
        {loginRequired ? (
          <Alert
            color="red"
            icon={<IconLock size={18} aria-hidden />}
            title={t('pricing.loginRequired.title')}
            data-testid="login-required"
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t('pricing.loginRequired.description')}</Text>
              <ButtonLink to="/auth" search={{ redirect: '/pricing' }} size="xs" color="red">
                {t('pricing.loginRequired.action')}
              </ButtonLink>
            </Stack>
          </Alert>
        ) : null}
        {failure ? (
          <FailureNotice
            failure={failure}
            retriesUsed={retries[failure.plan]}
            onRetry={() => startCheckout(failure.plan, true)}
          />
        ) : null}
        {isPro && !isAdmin ? (
          <Alert color="teal" icon={<IconCheck size={18} aria-hidden />} title={t('pricing.currentPro')} />
        ) : null}
        {isAdmin ? (
          <Alert
            color="teal"
            icon={<IconShieldCheck size={18} aria-hidden />}
            title={t('pricing.admin.title')}
            data-testid="admin-access"
          >
            {t('pricing.admin.description')}
          </Alert>
        ) : null}
        {payments === 'demo' && !isPro ? (
          <Alert
            color="blue"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={t('pricing.demo.title')}
            data-testid="demo-checkout-notice"
          >
            {t('pricing.demo.description')}
          </Alert>
        ) : null}
        {processing ? <PaymentSteps step={processing.step} /> : null}

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Card withBorder p="lg" radius="md" data-testid="plan-free">
            <Stack gap="md" h="100%">
              <Title order={2} fz="xl">
                {t('pricing.free.name')}
              </Title>
              <Text c="dimmed" fz="sm">
                {t('pricing.free.description')}
              </Text>
              <Group gap="xs" align="baseline">
                <Text fz={36} fw={800} lh={1}>
                  {price(0)}
                </Text>
                <Text c="dimmed" fz="sm">
                  {t('pricing.perMonth')}
                </Text>
              </Group>
              <FeatureList items={FREE_FEATURES.map((key) => t(`pricing.free.features.${key}`))} />
              <Button fullWidth size="md" variant="default" disabled mt="auto" data-testid="free-plan-button">
                {/* Free is the current plan only of a free reader (or a visitor); Pro and admins have more. */}
                {t(isPro ? 'pricing.free.included' : 'pricing.free.button')}
              </Button>
            </Stack>
          </Card>
          {paidCard('monthly')}
          {paidCard('annual')}
        </SimpleGrid>

        <Stack gap="sm" maw={760} w="100%" mx="auto">
          <Title order={2} fz="xl" ta="center">
            {t('pricing.faq.title')}
          </Title>
          <Accordion variant="separated">
            {FAQ.map((item) => (
              <Accordion.Item key={item} value={item}>
                <Accordion.Control>{t(`pricing.faq.${item}.question`)}</Accordion.Control>
                <Accordion.Panel>{t(`pricing.faq.${item}.answer`)}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </Container>
  );
}
