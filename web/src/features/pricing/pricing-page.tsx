import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { billingMessage, FREE_FEATURES, PRO_FEATURES } from '../billing/billing-messages';
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
  const { t } = useLingui();
  return (
    <Card withBorder p="md" data-testid="payment-steps" aria-live="polite">
      <Text fw={600} mb="sm">
        {t({ id: 'billing.pricing.steps.title', message: 'Preparing your payment' })}
      </Text>
      <Stepper active={step} orientation="vertical" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step
          label={t({ id: 'billing.pricing.steps.validating', message: 'Validating payment information' })}
          loading={step === 0}
        />
        <Stepper.Step
          label={t({ id: 'billing.pricing.steps.creating', message: 'Creating your subscription' })}
          loading={step === 1}
        />
        <Stepper.Step
          label={t({ id: 'billing.pricing.steps.redirecting', message: 'Redirecting to secure checkout' })}
          loading={step === 2}
        />
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
  const { t } = useLingui();
  const { error } = failure;
  const text = (part: 'title' | 'description' | 'action') => t(billingMessage(error.textKey, part));
  const description =
    error.key === 'generic'
      ? error.serverError
        ? errorText(t, error.serverError)
        : text('description')
      : error.key === 'stripe_generic' && !error.declineKey && error.providerMessage
        ? error.providerMessage
        : text('description');
  const retriesLeft = MAX_MANUAL_CHECKOUT_RETRIES - retriesUsed;
  return (
    <Alert
      color={error.severity === 'warning' ? 'yellow' : 'red'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={text('title')}
      data-testid="checkout-failure"
      data-error={error.declineKey ?? error.key}
      withCloseButton={false}
    >
      <Stack gap="xs">
        <Text fz="sm">{description}</Text>
        <Text fz="sm" c="dimmed">
          {text('action')}
        </Text>
        {error.retryable ? (
          retriesLeft > 0 ? (
            <Group gap="sm">
              <Button size="xs" variant="white" color="dark" onClick={onRetry} data-testid="checkout-retry">
                {t({ id: 'billing.pricing.failure.retry', message: 'Try again' })}
              </Button>
              <Text fz="xs" c="dimmed">
                {t({
                  id: 'billing.pricing.failure.retriesLeft',
                  message: `${ph({ n: retriesLeft })} retries left`,
                })}
              </Text>
            </Group>
          ) : (
            <Text fz="sm" fw={600}>
              {t({ id: 'billing.pricing.failure.maxRetries', message: 'Max retries reached' })}
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
  const { t } = useLingui();
  const { language } = useLanguage();
  const { isAuthenticated, isPro, isAdmin } = useAuth();
  const payments = usePaymentsMode();
  const search = useSearch({ strict: false }) as { payment?: unknown };
  const [processing, setProcessing] = useState<Processing | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [retries, setRetries] = useState<Record<BillingPlan, number>>({ monthly: 0, annual: 0 });
  const [loginRequired, setLoginRequired] = useState(false);
  useDocumentTitle(t({ id: 'billing.pricing.title', message: 'Choose your plan' }));

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
  const proFeatures = PRO_FEATURES.map((key) => t(billingMessage('pricing.proFeatures', key)));

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
              {t(billingMessage(`pricing.${plan}`, 'name'))}
            </Title>
            <Group gap={6}>
              {plan === 'monthly' ? (
                <Badge color="violet">
                  {t({ id: 'billing.pricing.mostPopular', message: 'Most popular' })}
                </Badge>
              ) : null}
              <Badge color="red" variant="filled">
                {t({ id: 'billing.pricing.discount', message: '50% OFF' })}
              </Badge>
            </Group>
          </Group>
          <Text c="dimmed" fz="sm">
            {t(billingMessage(`pricing.${plan}`, 'description'))}
          </Text>
          <Group gap="xs" align="baseline">
            <Text fz={36} fw={800} lh={1} data-testid={`price-${plan}`}>
              {price(prices.amountCents)}
            </Text>
            <Text c="dimmed" td="line-through" data-testid={`list-price-${plan}`}>
              {price(prices.listAmountCents)}
            </Text>
            <Text c="dimmed" fz="sm">
              {plan === 'monthly'
                ? t({ id: 'billing.pricing.perMonth', message: '/ month' })
                : t({ id: 'billing.pricing.perYear', message: '/ year' })}
            </Text>
          </Group>
          {plan === 'annual' ? (
            <Text fz="sm" c="teal" fw={600}>
              {t({
                id: 'billing.pricing.annualSavings',
                message: 'Billed yearly: 2 months free compared with monthly',
              })}
            </Text>
          ) : null}
          <FeatureList items={proFeatures} />
          <Stack gap="xs" mt="auto">
            {isAdmin ? (
              // Admins have every Pro feature: nothing to buy.
              <Text ta="center" fw={600} data-testid={`included-${plan}`}>
                {t({ id: 'billing.pricing.admin.included', message: 'Included with admin access' })}
              </Text>
            ) : alreadyPro ? (
              <ButtonLink to="/profile" variant="light" fullWidth>
                {t({ id: 'billing.pricing.manage', message: 'Manage subscription' })}
              </ButtonLink>
            ) : payments === 'off' ? (
              <Text ta="center" c="dimmed" data-testid={`payments-off-${plan}`}>
                {t({ id: 'billing.pricing.paymentsOff', message: 'Payments are not available right now' })}
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
                {busy
                  ? t({ id: 'billing.pricing.processing', message: 'Processing...' })
                  : t(billingMessage(`pricing.${plan}`, 'button'))}
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
            {t({ id: 'billing.pricing.title', message: 'Choose your plan' })}
          </Title>
          <Text c="dimmed" maw={640}>
            {t({
              id: 'billing.pricing.subtitle',
              message: 'Start free. Upgrade to Pro for full history, favourites and AI content generation.',
            })}
          </Text>
        </Stack>

        {search.payment === 'canceled' ? (
          <Alert
            color="blue"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={t({ id: 'billing.pricing.canceled.title', message: 'Payment canceled' })}
          >
            {t({
              id: 'billing.pricing.canceled.description',
              message: 'No payment was taken. You can choose a plan whenever you are ready.',
            })}
          </Alert>
        ) : null}
        {loginRequired ? (
          <Alert
            color="red"
            icon={<IconLock size={18} aria-hidden />}
            title={t({ id: 'billing.pricing.loginRequired.title', message: 'Login required' })}
            data-testid="login-required"
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">
                {t({
                  id: 'billing.pricing.loginRequired.description',
                  message: 'Please log in to subscribe to a Pro plan.',
                })}
              </Text>
              <ButtonLink to="/auth" search={{ redirect: '/pricing' }} size="xs" color="red">
                {t({ id: 'billing.pricing.loginRequired.action', message: 'Log in' })}
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
          <Alert
            color="teal"
            icon={<IconCheck size={18} aria-hidden />}
            title={t({ id: 'billing.pricing.currentPro', message: 'You are on Pro' })}
          />
        ) : null}
        {isAdmin ? (
          <Alert
            color="teal"
            icon={<IconShieldCheck size={18} aria-hidden />}
            title={t({ id: 'billing.pricing.admin.title', message: 'You have admin access' })}
            data-testid="admin-access"
          >
            {t({
              id: 'billing.pricing.admin.description',
              message: 'Every Pro feature is included with your account; no subscription is needed.',
            })}
          </Alert>
        ) : null}
        {payments === 'demo' && !isPro ? (
          <Alert
            color="blue"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={t({ id: 'billing.pricing.demo.title', message: 'Demo checkout — no real payment' })}
            data-testid="demo-checkout-notice"
          >
            {t({
              id: 'billing.pricing.demo.description',
              message:
                'This install has no payment provider. Choosing a plan opens a demo checkout that takes no money.',
            })}
          </Alert>
        ) : null}
        {processing ? <PaymentSteps step={processing.step} /> : null}

        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Card withBorder p="lg" radius="md" data-testid="plan-free">
            <Stack gap="md" h="100%">
              <Title order={2} fz="xl">
                {t({ id: 'billing.pricing.free.name', message: 'Free' })}
              </Title>
              <Text c="dimmed" fz="sm">
                {t({ id: 'billing.pricing.free.description', message: 'For readers getting started' })}
              </Text>
              <Group gap="xs" align="baseline">
                <Text fz={36} fw={800} lh={1}>
                  {price(0)}
                </Text>
                <Text c="dimmed" fz="sm">
                  {t({ id: 'billing.pricing.perMonth', message: '/ month' })}
                </Text>
              </Group>
              <FeatureList
                items={FREE_FEATURES.map((key) => t(billingMessage('pricing.free.features', key)))}
              />
              <Button fullWidth size="md" variant="default" disabled mt="auto" data-testid="free-plan-button">
                {/* Free is the current plan only of a free reader (or a visitor); Pro and admins have more. */}
                {isPro
                  ? t({ id: 'billing.pricing.free.included', message: 'Included' })
                  : t({ id: 'billing.pricing.free.button', message: 'Current plan' })}
              </Button>
            </Stack>
          </Card>
          {paidCard('monthly')}
          {paidCard('annual')}
        </SimpleGrid>

        <Stack gap="sm" maw={760} w="100%" mx="auto">
          <Title order={2} fz="xl" ta="center">
            {t({ id: 'billing.pricing.faq.title', message: 'Frequently asked questions' })}
          </Title>
          <Accordion variant="separated">
            {FAQ.map((item) => (
              <Accordion.Item key={item} value={item}>
                <Accordion.Control>{t(billingMessage(`pricing.faq.${item}`, 'question'))}</Accordion.Control>
                <Accordion.Panel>{t(billingMessage(`pricing.faq.${item}`, 'answer'))}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </Container>
  );
}
