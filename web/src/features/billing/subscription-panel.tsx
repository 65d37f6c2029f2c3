import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../i18n/message-for';
import { ph } from '@lingui/core/macro';
import { billingMessage } from './billing-messages';
import { PANEL_PAYMENT_STATUS_MESSAGES, PANEL_PLAN_MESSAGES, PANEL_STATUS_MESSAGES } from './panel-messages';
import {
  type BillingSubscriptionDto,
  type PaymentHistoryItem,
  SUBSCRIPTION_STATUSES,
  type SubscriptionActionBody,
} from '@app/contracts';
import { Alert, Badge, Button, Card, Group, List, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Language } from '../../i18n/language';
import { useLanguage } from '../../i18n/language-provider';
import { changeSubscription, endDemoPeriod, subscriptionQueryOptions } from '../../queries/billing';
import { profileKeys } from '../../queries/profile';
import { useAuth } from '../auth/auth-provider';
import { ButtonLink } from '../ui/router-links';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { formatMoney } from '@app/rules';
import { formatLongDate } from './long-date';
import { errorText } from '../../api/error-text';
import { messageText } from '../../api/message-keys';
import { usePaymentsMode } from '../../queries/config';

const KNOWN_STATUSES: readonly string[] = SUBSCRIPTION_STATUSES;
const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  trialing: 'blue',
  past_due: 'orange',
  unpaid: 'red',
  incomplete: 'yellow',
  canceled: 'gray',
};
// After a payment the webhook may land a moment later: poll for this long at most.
const ACTIVATION_POLL_MS = 2000;
const ACTIVATION_MAX_MS = 60_000;
const PRO_FEATURES = ['history', 'favorites', 'generation', 'support'] as const;

function StatusBadge({ status }: { status: string }) {
  const { t } = useLingui();
  // §4: an unknown value is shown raw.
  const label = KNOWN_STATUSES.includes(status)
    ? t(messageFor(PANEL_STATUS_MESSAGES, status as 'active'))
    : status;
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="subscription-status">
      {label}
    </Badge>
  );
}

function PaymentHistory({ payments, language }: { payments: PaymentHistoryItem[]; language: Language }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t({ id: 'billing.panel.history', message: 'Payment history' })}</Text>
      {payments.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t({ id: 'billing.panel.noPayments', message: 'No payments yet' })}
        </Text>
      ) : (
        <Stack gap={0} data-testid="payment-history">
          {payments.map((payment) => (
            <Group
              key={payment.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0} miw={0}>
                <Text fz="sm" truncate>
                  {payment.description ?? '—'}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatLongDate(payment.paid_at ?? payment.created_at, language)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Text fz="sm" fw={600}>
                  {formatMoney(payment.amount_cents, payment.currency, language)}
                </Text>
                <Badge
                  variant="light"
                  color={
                    payment.status === 'succeeded' ? 'teal' : payment.status === 'failed' ? 'red' : 'gray'
                  }
                >
                  {payment.status === 'succeeded' || payment.status === 'failed'
                    ? t(messageFor(PANEL_PAYMENT_STATUS_MESSAGES, payment.status))
                    : payment.status}
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ProDetails({ subscription, userId }: { subscription: BillingSubscriptionDto; userId: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const amount = formatMoney(subscription.amount_cents, subscription.currency, language);
  const periodEnd = formatLongDate(subscription.current_period_end, language);
  const mutation = useMutation({
    mutationFn: (action: SubscriptionActionBody['action']) =>
      changeSubscription({ action, subscription_id: subscription.id }),
    onSuccess: (result, action) => {
      setConfirming(false);
      queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, (current) =>
        current ? { ...current, subscription: result.subscription } : current,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.byUser(userId) });
      showSuccessToast(
        action === 'cancel'
          ? t({ id: 'billing.panel.canceledToast', message: 'Subscription canceled' })
          : t({ id: 'billing.panel.reactivatedToast', message: 'Subscription reactivated' }),
        messageText(t, result.message),
      );
    },
    onError: (error, action) => {
      setConfirming(false);
      showErrorToast(
        action === 'cancel'
          ? t({ id: 'billing.panel.cancelFailed', message: 'Failed to cancel subscription' })
          : t({ id: 'billing.panel.reactivateFailed', message: 'Failed to reactivate subscription' }),
        errorText(t, error),
      );
    },
  });
  const canChange = subscription.status === 'active' || subscription.status === 'trialing';
  const payments = usePaymentsMode();
  // The demo checkout's stand-in for the period running out: Stripe's deletion event, now.
  const endNow = useMutation({
    mutationFn: endDemoPeriod,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions(userId).queryKey });
      void queryClient.invalidateQueries({ queryKey: profileKeys.byUser(userId) });
      showSuccessToast(
        t({ id: 'billing.panel.demoEnded', message: 'Subscription ended' }),
        messageText(t, result.message),
      );
    },
    onError: (error) =>
      showErrorToast(
        t({ id: 'billing.panel.demoEndFailed', message: 'Failed to end the subscription' }),
        errorText(t, error),
      ),
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} fz="lg" data-testid="subscription-plan">
          {t(messageFor(PANEL_PLAN_MESSAGES, subscription.subscription_type))}
        </Text>
        <StatusBadge status={subscription.status} />
      </Group>
      <Text fz="sm" data-testid="subscription-price">
        {subscription.subscription_type === 'annual'
          ? t({ id: 'billing.panel.pricePerYear', message: `${ph({ price: amount })} / year` })
          : t({ id: 'billing.panel.pricePerMonth', message: `${ph({ price: amount })} / month` })}
      </Text>
      <Group gap="xl" wrap="wrap">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t({ id: 'billing.panel.nextBilling', message: 'Next billing date' })}
          </Text>
          <Text fz="sm" data-testid="next-billing-date">
            {subscription.cancel_at_period_end ? '—' : periodEnd}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t({ id: 'billing.panel.amount', message: 'Amount' })}
          </Text>
          <Text fz="sm">{amount}</Text>
        </Stack>
      </Group>
      {subscription.cancel_at_period_end ? (
        <Alert color="orange" icon={<IconClock size={18} aria-hidden />} data-testid="cancel-notice">
          {t({
            id: 'billing.panel.cancelNotice',
            message: `Your subscription will be canceled on ${ph({ date: periodEnd })}. You keep Pro until then.`,
          })}
        </Alert>
      ) : null}
      {canChange ? (
        <Group>
          {subscription.cancel_at_period_end ? (
            <>
              <Button
                variant="light"
                onClick={() => mutation.mutate('reactivate')}
                loading={mutation.isPending}
                data-testid="reactivate-subscription"
              >
                {t({ id: 'billing.panel.reactivate', message: 'Reactivate subscription' })}
              </Button>
              {payments === 'demo' ? (
                <Button
                  variant="default"
                  onClick={() => endNow.mutate()}
                  loading={endNow.isPending}
                  data-testid="demo-end-period"
                >
                  {t({ id: 'billing.panel.demoEnd', message: 'End the billing period now (demo)' })}
                </Button>
              ) : null}
            </>
          ) : (
            <Button
              variant="outline"
              color="red"
              onClick={() => setConfirming(true)}
              data-testid="cancel-subscription"
            >
              {t({ id: 'billing.panel.cancel', message: 'Cancel subscription' })}
            </Button>
          )}
        </Group>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t({ id: 'billing.panel.confirmTitle', message: 'Cancel subscription?' })}
        centered
      >
        <Stack>
          <Text fz="sm">
            {t({
              id: 'billing.panel.confirmBody',
              message:
                'Your Pro access continues until the end of the current billing period. You can reactivate before then.',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
              {t({ id: 'billing.panel.keep', message: 'Keep subscription' })}
            </Button>
            <Button
              color="red"
              onClick={() => mutation.mutate('cancel')}
              loading={mutation.isPending}
              data-testid="confirm-cancel"
            >
              {t({ id: 'billing.panel.confirmCancel', message: 'Yes, cancel' })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** An admin without a subscription: every Pro feature, nothing to buy (not the Free plan). */
function AdminAccess() {
  const { t } = useLingui();
  return (
    <Stack gap="sm" data-testid="admin-access">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} fz="lg">
          {t({ id: 'billing.panel.adminAccess', message: 'Admin access' })}
        </Text>
        <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={14} aria-hidden />}>
          {t({ id: 'billing.panel.proFeaturesIncluded', message: 'Pro features included' })}
        </Badge>
      </Group>
      <Text c="dimmed" fz="sm">
        {t({
          id: 'billing.panel.adminNote',
          message: 'Admins have every Pro feature without a subscription.',
        })}
      </Text>
      <List size="sm" spacing={4}>
        {PRO_FEATURES.map((feature) => (
          <List.Item key={feature}>{t(billingMessage('pricing.proFeatures', feature))}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * The profile's subscription panel (spec §2): the Free card with an upgrade link, or the Pro plan
 * with price, status, next billing date, cancel/reactivate; then the payment history.
 */
export function SubscriptionPanel() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const { user, isAdmin, isPro } = useAuth();
  const payments = usePaymentsMode();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { payment?: unknown };
  const justPaid = search.payment === 'success';
  const [pollingSince] = useState(() => Date.now());
  const userId = user?.id ?? '';
  const query = useQuery({
    ...subscriptionQueryOptions(userId),
    enabled: userId !== '',
    // Back from checkout: the webhook may still be on its way.
    refetchInterval: (q) =>
      justPaid && !q.state.data?.subscription && Date.now() - pollingSince < ACTIVATION_MAX_MS
        ? ACTIVATION_POLL_MS
        : false,
  });
  const subscription = query.data?.subscription ?? null;

  // Once the subscription shows up, the profile (and with it isPro and the navigation) follows.
  useEffect(() => {
    if (justPaid && subscription && userId)
      void queryClient.invalidateQueries({ queryKey: profileKeys.byUser(userId) });
  }, [justPaid, subscription, userId, queryClient]);

  return (
    <Card p={{ base: 'md', sm: 'lg' }} data-testid="subscription-panel">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t({ id: 'billing.panel.title', message: 'Subscription' })}
        </Title>
        {justPaid ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t({ id: 'billing.panel.paymentSuccess', message: 'Payment successful' })}
            data-testid="payment-success"
          >
            {subscription
              ? t({ id: 'billing.panel.activated', message: 'Your Pro plan is active. Enjoy!' })
              : t({
                  id: 'billing.panel.activating',
                  message: 'Thank you! Your Pro plan is being activated...',
                })}
          </Alert>
        ) : null}
        {query.isPending ? (
          <Stack gap="xs" data-testid="subscription-loading">
            <Skeleton h={20} w="40%" />
            <Skeleton h={14} w="70%" />
            <Skeleton h={14} w="55%" />
          </Stack>
        ) : query.isError ? (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t({ id: 'billing.panel.fetchFailed', message: 'Failed to fetch subscription' })}
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{errorText(t, query.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => query.refetch()}>
                {t({ id: 'billing.panel.retry', message: 'Retry' })}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            {subscription ? (
              <ProDetails subscription={subscription} userId={userId} />
            ) : isAdmin ? (
              <AdminAccess />
            ) : isPro ? (
              <Stack gap={4} data-testid="pro-granted">
                <Text fw={700} fz="lg">
                  {t({ id: 'billing.panel.proPlan', message: 'Pro' })}
                </Text>
                <Text c="dimmed" fz="sm">
                  {t({ id: 'billing.panel.proGranted', message: 'Your account has Pro access.' })}
                </Text>
              </Stack>
            ) : (
              <Stack gap="sm" data-testid="free-plan">
                <Group justify="space-between">
                  <Text fw={700} fz="lg">
                    {t({ id: 'billing.panel.freePlan', message: 'Free Plan' })}
                  </Text>
                  <Badge variant="light" color="gray">
                    {formatMoney(0, 'usd', language)}
                  </Badge>
                </Group>
                <Text c="dimmed" fz="sm">
                  {t({
                    id: 'billing.panel.freeDescription',
                    message:
                      'Daily summaries for yesterday and today. Upgrade for full history, favourites and content generation.',
                  })}
                </Text>
                {payments === 'off' ? (
                  <Text fz="sm" data-testid="payments-off">
                    {t({
                      id: 'billing.pricing.paymentsOff',
                      message: 'Payments are not available right now',
                    })}
                  </Text>
                ) : (
                  <ButtonLink to="/pricing" w="fit-content">
                    {t({ id: 'billing.panel.upgrade', message: 'Upgrade to Pro' })}
                  </ButtonLink>
                )}
              </Stack>
            )}
            <PaymentHistory payments={query.data.payment_history} language={language} />
          </>
        )}
      </Stack>
    </Card>
  );
}
