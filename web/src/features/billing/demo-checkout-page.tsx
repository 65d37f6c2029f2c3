import { useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconFlask, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/error-text';
import { useLanguage } from '../../i18n/language-provider';
import { demoSessionQueryOptions, payDemoCheckout } from '../../queries/billing';
import { useAuth } from '../auth/auth-provider';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { formatMoney } from '@app/rules';
import { billingMessage } from './billing-messages';

/**
 * /pricing?demo_checkout=…: the demo checkout (a fresh install without Stripe keys). It plays Stripe
 * Checkout's part, labelled as taking no money: "Pay" has the gateway send Stripe's signed events
 * through its real webhook, then goes where Stripe would send the customer back to. The link works
 * for the account that opened it, once signed in.
 */
export function DemoCheckoutPage({ session }: { session: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { user, loading, isAuthenticated } = useAuth();
  useDocumentTitle(t({ id: 'billing.demo.title', message: 'Demo checkout — no real payment' }));
  const query = useQuery({ ...demoSessionQueryOptions(session), enabled: isAuthenticated && session !== '' });
  const pay = useMutation({
    mutationFn: () => payDemoCheckout(session),
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
  });
  const data = query.data;
  const price = data ? formatMoney(data.amount_cents, data.currency, language) : '';
  const invalid = session === '' || query.isError;

  return (
    <Container size="xs" py="xl">
      <Card withBorder p={{ base: 'md', sm: 'lg' }} radius="md" data-testid="demo-checkout">
        <Stack gap="md">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Badge color="orange" variant="light" leftSection={<IconFlask size={14} aria-hidden />}>
              {t({ id: 'billing.demo.badge', message: 'Demo' })}
            </Badge>
          </Group>
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            {t({ id: 'billing.demo.title', message: 'Demo checkout — no real payment' })}
          </Title>
          <Text c="dimmed" fz="sm">
            {t({
              id: 'billing.demo.description',
              message:
                'This install has no payment provider, so this page stands in for Stripe Checkout. Pressing Pay sends the same signed payment events Stripe would send; no money moves.',
            })}
          </Text>
          {!loading && !isAuthenticated ? (
            <Alert
              color="blue"
              icon={<IconLock size={18} aria-hidden />}
              title={t({ id: 'billing.pricing.loginRequired.title', message: 'Login required' })}
              data-testid="demo-checkout-login"
            >
              <ButtonLink
                to="/auth"
                search={{ redirect: `/pricing?demo_checkout=${encodeURIComponent(session)}` }}
                size="xs"
              >
                {t({ id: 'billing.pricing.loginRequired.action', message: 'Log in' })}
              </ButtonLink>
            </Alert>
          ) : invalid ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t({ id: 'billing.demo.invalid', message: 'This checkout link cannot be used' })}
              data-testid="demo-checkout-invalid"
            >
              <Stack gap="xs" align="flex-start">
                {query.isError ? <Text fz="sm">{errorText(t, query.error)}</Text> : null}
                <ButtonLink to="/pricing" size="xs" variant="white" color="dark">
                  {t({ id: 'billing.demo.backToPricing', message: 'Back to pricing' })}
                </ButtonLink>
              </Stack>
            </Alert>
          ) : !data ? (
            <Stack gap="xs" data-testid="demo-checkout-loading">
              <Skeleton h={20} w="50%" />
              <Skeleton h={36} w="100%" />
            </Stack>
          ) : (
            <>
              <Stack gap={4}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fz="sm" c="dimmed">
                    {t({ id: 'billing.demo.plan', message: 'Plan' })}
                  </Text>
                  <Text fw={600} data-testid="demo-checkout-plan">
                    {t(billingMessage(`pricing.${data.plan}`, 'name'))}
                  </Text>
                </Group>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fz="sm" c="dimmed">
                    {t({ id: 'billing.demo.account', message: 'Account' })}
                  </Text>
                  <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                    {data.email ?? user?.email ?? '—'}
                  </Text>
                </Group>
                <Text fz={28} fw={800} data-testid="demo-checkout-price">
                  {price}{' '}
                  <Text span fz="sm" fw={400} c="dimmed">
                    {data.plan === 'annual'
                      ? t({ id: 'billing.pricing.perYear', message: '/ year' })
                      : t({ id: 'billing.pricing.perMonth', message: '/ month' })}
                  </Text>
                </Text>
              </Stack>
              {pay.isError ? (
                <Alert
                  color="red"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  title={t({ id: 'billing.demo.payFailed', message: 'The demo payment did not go through' })}
                  data-testid="demo-checkout-failed"
                >
                  {errorText(t, pay.error)}
                </Alert>
              ) : null}
              <Stack gap="xs">
                <Button
                  size="md"
                  fullWidth
                  onClick={() => pay.mutate()}
                  loading={pay.isPending || pay.isSuccess}
                  data-testid="demo-checkout-pay"
                >
                  {t({ id: 'billing.demo.pay', message: `Pay ${price} (demo)` })}
                </Button>
                <Button component="a" href={data.cancel_url} variant="default" fullWidth>
                  {t({ id: 'billing.demo.back', message: 'Cancel and go back' })}
                </Button>
              </Stack>
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
