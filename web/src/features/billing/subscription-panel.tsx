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
import { useTranslation } from '../../i18n/react';
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
  const { t } = useTranslation('billing');
  // §4: an unknown value is shown raw.
  const label = KNOWN_STATUSES.includes(status) ? t(`panel.status.${status as 'active'}`) : status;
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" data-testid="subscription-status">
      {label}
    </Badge>
  );
}

function PaymentHistory({ payments, language }: { payments: PaymentHistoryItem[]; language: Language }) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('panel.history')}</Text>
      {payments.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('panel.noPayments')}
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
                    ? t(`panel.paymentStatus.${payment.status}`)
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
  const { t } = useTranslation('billing');
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
        t(action === 'cancel' ? 'panel.canceledToast' : 'panel.reactivatedToast'),
        messageText(t, result.message),
      );
    },
    onError: (error, action) => {
      setConfirming(false);
      showErrorToast(
        t(action === 'cancel' ? 'panel.cancelFailed' : 'panel.reactivateFailed'),
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
      showSuccessToast(t('panel.demoEnded'), messageText(t, result.message));
    },
    onError: (error) => showErrorToast(t('panel.demoEndFailed'), errorText(t, error)),
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} fz="lg" data-testid="subscription-plan">
          {t(`panel.plan.${subscription.subscription_type}`)}
        </Text>
        <StatusBadge status={subscription.status} />
      </Group>
      <Text fz="sm" data-testid="subscription-price">
        {t(subscription.subscription_type === 'annual' ? 'panel.pricePerYear' : 'panel.pricePerMonth', {
          price: amount,
        })}
      </Text>
      <Group gap="xl" wrap="wrap">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('panel.nextBilling')}
          </Text>
          <Text fz="sm" data-testid="next-billing-date">
            {subscription.cancel_at_period_end ? '—' : periodEnd}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('panel.amount')}
          </Text>
          <Text fz="sm">{amount}</Text>
        </Stack>
      </Group>
      {subscription.cancel_at_period_end ? (
        <Alert color="orange" icon={<IconClock size={18} aria-hidden />} data-testid="cancel-notice">
          {t('panel.cancelNotice', { date: periodEnd })}
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
                {t('panel.reactivate')}
              </Button>
              {payments === 'demo' ? (
                <Button
                  variant="default"
                  onClick={() => endNow.mutate()}
                  loading={endNow.isPending}
                  data-testid="demo-end-period"
                >
                  {t('panel.demoEnd')}
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
              {t('panel.cancel')}
            </Button>
          )}
        </Group>
      ) : null}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('panel.confirmTitle')}
        centered
      >
        <Stack>
          <Text fz="sm">{t('panel.confirmBody')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={mutation.isPending}>
              {t('panel.keep')}
            </Button>
            <Button
              color="red"
              onClick={() => mutation.mutate('cancel')}
              loading={mutation.isPending}
              data-testid="confirm-cancel"
            >
              {t('panel.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** An admin without a subscription: every Pro feature, nothing to buy (not the Free plan). */
function AdminAccess() {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="sm" data-testid="admin-access">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} fz="lg">
          {t('panel.adminAccess')}
        </Text>
        <Badge color="teal" variant="light" leftSection={<IconShieldCheck size={14} aria-hidden />}>
          {t('panel.proFeaturesIncluded')}
        </Badge>
      </Group>
      <Text c="dimmed" fz="sm">
        {t('panel.adminNote')}
      </Text>
      <List size="sm" spacing={4}>
        {PRO_FEATURES.map((feature) => (
          <List.Item key={feature}>{t(`pricing.proFeatures.${feature}`)}</List.Item>
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
  const { t } = useTranslation('billing');
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
          {t('panel.title')}
        </Title>
        {justPaid ? (
          <Alert
            color="teal"
            icon={<IconCircleCheck size={18} aria-hidden />}
            title={t('panel.paymentSuccess')}
            data-testid="payment-success"
          >
            {subscription ? t('panel.activated') : t('panel.activating')}
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
            title={t('panel.fetchFailed')}
          >
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{errorText(t, query.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => query.refetch()}>
                {t('panel.retry')}
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
                  {t('panel.proPlan')}
                </Text>
                <Text c="dimmed" fz="sm">
                  {t('panel.proGranted')}
                </Text>
              </Stack>
            ) : (
              <Stack gap="sm" data-testid="free-plan">
                <Group justify="space-between">
                  <Text fw={700} fz="lg">
                    {t('panel.freePlan')}
                  </Text>
                  <Badge variant="light" color="gray">
                    {formatMoney(0, 'usd', language)}
                  </Badge>
                </Group>
                <Text c="dimmed" fz="sm">
                  {t('panel.freeDescription')}
                </Text>
                {payments === 'off' ? (
                  <Text fz="sm" data-testid="payments-off">
                    {t('pricing.paymentsOff')}
                  </Text>
                ) : (
                  <ButtonLink to="/pricing" w="fit-content">
                    {t('panel.upgrade')}
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
