import type { EmailSubscription } from '@app/contracts';
import { Alert, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMailOff, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { msg, ph, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { TimeZoneSelect } from '../newsletter/time-zone-select';
import { CenteredLoader } from '../ui/centered-loader';
import { AnchorLink, ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { FollowMyFeedSetting } from './follow-my-feed-setting';
import {
  errorKey,
  saveTimeZone,
  subscriptionsQueryOptions,
  timeZoneErrorKey,
  unsubscribe,
  unsubscribeKeys,
} from './unsubscribe-api';
import type { UnsubscribeSearch } from './unsubscribe-search';

/** The texts of the keys errorKey and timeZoneErrorKey return (ids chosen at run time: declared here for extraction). */
const ERROR_MESSAGES = {
  invalidLink: msg({ id: 'unsubscribe.invalidLink', message: 'Invalid unsubscribe link' }),
  loadFailed: msg({
    id: 'unsubscribe.loadFailed',
    message: 'Failed to load subscription information. Please try again later.',
  }),
  unsubscribeFailed: msg({
    id: 'unsubscribe.unsubscribeFailed',
    message: 'Failed to unsubscribe. Please try again later.',
  }),
  unexpected: msg({
    id: 'unsubscribe.unexpected',
    message: 'An unexpected error occurred. Please try again later.',
  }),
  zoneInvalid: msg({
    id: 'unsubscribe.zoneInvalid',
    message: 'Unknown time zone: choose one from the list.',
  }),
  zoneFailed: msg({
    id: 'unsubscribe.zoneFailed',
    message: 'Could not save the time zone. Please try again later.',
  }),
};

type Result = { kind: 'success'; count: number } | { kind: 'error'; key: ReturnType<typeof errorKey> };

function ErrorScreen({ messageKey }: { messageKey: ReturnType<typeof errorKey> }) {
  const { t, i18n } = useLingui();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconX size={18} />}
      title={t({ id: 'unsubscribe.errorTitle', message: `Something went wrong` })}
      data-testid="unsubscribe-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text>{i18n._(ERROR_MESSAGES[messageKey])}</Text>
        <AnchorLink to="/">{t({ id: 'unsubscribe.backHome', message: `Back to home` })}</AnchorLink>
      </Stack>
    </Alert>
  );
}

function SuccessScreen({
  count,
  token,
  onViewRemaining,
}: {
  count: number;
  token: string;
  onViewRemaining?: () => void;
}) {
  const { t } = useLingui();
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCheck size={18} />}
      title={t({ id: 'unsubscribe.successTitle', message: `Unsubscribed` })}
      data-testid="unsubscribe-success"
    >
      <Stack gap="sm" align="flex-start">
        <Text>
          {count > 0
            ? t({
                id: 'unsubscribe.successCount',
                message: plural(count, {
                  one: 'You have been unsubscribed from # topic.',
                  other: 'You have been unsubscribed from # topics.',
                }),
              })
            : t({
                id: 'unsubscribe.successNone',
                message: `You were already unsubscribed; nothing changed.`,
              })}
        </Text>
        <AnchorLink
          to="/unsubscribe"
          search={{ token, action: 'view' }}
          onClick={onViewRemaining}
          data-testid="unsubscribe-view-remaining"
        >
          {t({ id: 'unsubscribe.viewRemaining', message: `View remaining subscriptions` })}
        </AnchorLink>
      </Stack>
    </Alert>
  );
}

function SubscriptionRow({
  subscription,
  busy,
  onUnsubscribe,
}: {
  subscription: EmailSubscription;
  busy: boolean;
  onUnsubscribe: () => void;
}) {
  const { t } = useLingui();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="unsubscribe-row">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {subscription.topic_name}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t({ id: 'unsubscribe.language', message: `Language` })}
            </Text>
            <Badge size="sm" variant="light">
              {subscription.language === 'zh'
                ? t({ id: 'unsubscribe.languageZh', message: `Chinese` })
                : t({ id: 'unsubscribe.languageEn', message: `English` })}
            </Badge>
          </Group>
        </Stack>
        <Button size="xs" variant="light" color="red" loading={busy} onClick={onUnsubscribe}>
          {t({ id: 'unsubscribe.unsubscribeOne', message: `Unsubscribe` })}
        </Button>
      </Group>
    </Card>
  );
}

/** When the digest comes, with its zone, and a searchable list to move it to another zone. */
function DeliveryTime({ token, timeZone }: { token: string; timeZone: string }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(timeZone);
  const [notice, setNotice] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (zone: string) => saveTimeZone(token, zone),
    onSuccess: (response) => {
      queryClient.setQueryData(subscriptionsQueryOptions(token).queryKey, (old) =>
        old ? { ...old, time_zone: response.time_zone } : old,
      );
      setDraft(response.time_zone);
      setNotice({
        tone: 'green',
        text: t({
          id: 'unsubscribe.zoneSaved',
          message: `Saved: the digest now arrives every day at 8 AM, ${ph({ zone: response.time_zone })}.`,
        }),
      });
    },
    onError: (error) => {
      console.error('saving the time zone failed', error);
      setNotice({ tone: 'red', text: i18n._(ERROR_MESSAGES[timeZoneErrorKey(error)]) });
    },
  });
  return (
    <Card withBorder radius="md" padding="md" data-testid="unsubscribe-delivery">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {t({ id: 'unsubscribe.deliveryTitle', message: `Delivery time` })}
          </Title>
          <Text data-testid="unsubscribe-delivery-time">
            {t({ id: 'unsubscribe.deliveryTime', message: `Every day at 8 AM, ${ph({ zone: timeZone })}` })}
          </Text>
        </div>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 220px', minWidth: 0 }}>
            <TimeZoneSelect
              value={draft}
              onChange={(zone) => {
                setDraft(zone);
                setNotice(null);
              }}
              label={t({ id: 'unsubscribe.zoneLabel', message: `Time zone` })}
              description={t({
                id: 'unsubscribe.zoneHint',
                message: `Type a city or region, e.g. Shanghai or New York`,
              })}
              nothingFound={t({ id: 'unsubscribe.zoneNothingFound', message: `No time zone by that name` })}
              data-testid="unsubscribe-zone"
            />
          </div>
          <Button
            variant="light"
            loading={save.isPending}
            disabled={draft === timeZone}
            onClick={() => save.mutate(draft)}
            data-testid="unsubscribe-zone-save"
          >
            {t({ id: 'unsubscribe.zoneSave', message: `Save time zone` })}
          </Button>
        </Group>
        {notice && (
          <Alert
            color={notice.tone}
            variant="light"
            role={notice.tone === 'red' ? 'alert' : 'status'}
            data-testid="unsubscribe-zone-notice"
          >
            {notice.text}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function ManageList({ token, confirmed }: { token: string; confirmed: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(subscriptionsQueryOptions(token));
  const [notice, setNotice] = useState<{ tone: 'green' | 'red'; text: string } | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const one = useMutation({
    mutationFn: (subscription: EmailSubscription) => unsubscribe(token, subscription.topic_id),
    onSuccess: (_, subscription) => {
      queryClient.setQueryData(subscriptionsQueryOptions(token).queryKey, (old) =>
        old ? { ...old, subscriptions: old.subscriptions.filter((s) => s.id !== subscription.id) } : old,
      );
      setNotice({
        tone: 'green',
        text: t({
          id: 'unsubscribe.topicRemoved',
          message: `Unsubscribed from ${ph({ topic: subscription.topic_name })}.`,
        }),
      });
    },
    onError: (error) => {
      console.error('unsubscribe from topic failed', error);
      setNotice({ tone: 'red', text: i18n._(ERROR_MESSAGES[errorKey(error, 'unsubscribeFailed')]) });
    },
  });
  const all = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: unsubscribeKeys.view(token) });
      setResult({ kind: 'success', count: response.unsubscribedCount });
    },
    onError: (error) => {
      console.error('unsubscribe from all failed', error);
      setNotice({ tone: 'red', text: i18n._(ERROR_MESSAGES[errorKey(error, 'unsubscribeFailed')]) });
    },
  });

  if (result?.kind === 'success') {
    const reset = () => {
      setResult(null);
      setNotice(null);
    };
    return <SuccessScreen count={result.count} token={token} onViewRemaining={reset} />;
  }
  if (query.isPending)
    return (
      <CenteredLoader label={t({ id: 'unsubscribe.loading', message: `Loading your subscriptions…` })} />
    );
  if (query.isError) return <ErrorScreen messageKey={errorKey(query.error, 'loadFailed')} />;
  const { subscriptions, email, time_zone: timeZone } = query.data;
  return (
    <Stack gap="md" data-testid="unsubscribe-manage">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t({ id: 'unsubscribe.manageTitle', message: `Manage your subscriptions` })}
        </Title>
        <Text c="dimmed">
          {t({ id: 'unsubscribe.manageSubtitle', message: `Daily digest for ${email}` })}
        </Text>
      </div>
      {confirmed && (
        <Alert color="green" variant="light" icon={<IconCheck size={18} />}>
          {t({
            id: 'unsubscribe.confirmed',
            message: `Your subscription is confirmed. The first digest arrives at 8 AM, ${ph({ zone: timeZone })}.`,
          })}
        </Alert>
      )}
      {notice && (
        <Alert
          color={notice.tone}
          variant="light"
          role={notice.tone === 'red' ? 'alert' : 'status'}
          data-testid="unsubscribe-notice"
        >
          {notice.text}
        </Alert>
      )}
      {subscriptions.length > 0 && <DeliveryTime token={token} timeZone={timeZone} />}
      {subscriptions.length > 0 && query.data.has_account && (
        <FollowMyFeedSetting token={token} checked={query.data.follows_my_feed} />
      )}
      {subscriptions.length === 0 ? (
        <Text c="dimmed" data-testid="unsubscribe-empty">
          {t({ id: 'unsubscribe.empty', message: `You have no active subscriptions.` })}
        </Text>
      ) : (
        <Stack gap="xs">
          {subscriptions.map((subscription) => (
            <SubscriptionRow
              key={subscription.id}
              subscription={subscription}
              busy={one.isPending && one.variables?.id === subscription.id}
              onUnsubscribe={() => one.mutate(subscription)}
            />
          ))}
        </Stack>
      )}
      <Group gap="sm">
        {subscriptions.length > 0 && (
          <Button
            color="red"
            loading={all.isPending}
            onClick={() => all.mutate()}
            data-testid="unsubscribe-all"
          >
            {t({ id: 'unsubscribe.unsubscribeAll', message: `Unsubscribe from all` })}
          </Button>
        )}
        <ButtonLink to="/" variant="default">
          {t({ id: 'unsubscribe.visitWebsite', message: `Visit website` })}
        </ButtonLink>
      </Group>
    </Stack>
  );
}

/** The link in an email (no action): unsubscribes at once from the topic, or from everything. */
function UnsubscribeNow({ token, topic }: { token: string; topic?: string }) {
  const { t } = useLingui();
  const [result, setResult] = useState<Result | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects (a repeat would only count 0).
    if (started.current) return;
    started.current = true;
    unsubscribe(token, topic).then(
      (response) => setResult({ kind: 'success', count: response.unsubscribedCount }),
      (error) => {
        console.error('unsubscribe failed', error);
        setResult({ kind: 'error', key: errorKey(error, 'unsubscribeFailed') });
      },
    );
  }, [token, topic]);
  if (!result)
    return <CenteredLoader label={t({ id: 'unsubscribe.processing', message: `Unsubscribing…` })} />;
  return result.kind === 'success' ? (
    <SuccessScreen count={result.count} token={token} />
  ) : (
    <ErrorScreen messageKey={result.key} />
  );
}

/** /unsubscribe (spec §2): manage list (action=view) or an immediate unsubscribe; needs the token. */
export function UnsubscribePage({ search }: { search: UnsubscribeSearch }) {
  return (
    <LinguiScreen namespaces={['unsubscribe']}>
      <UnsubscribeScreen search={search} />
    </LinguiScreen>
  );
}

function UnsubscribeScreen({ search }: { search: UnsubscribeSearch }) {
  const { t } = useLingui();
  useDocumentTitle(t({ id: 'unsubscribe.title', message: `Email subscriptions` }));
  let body: ReactElement;
  if (!search.token) body = <ErrorScreen messageKey="invalidLink" />;
  else if (search.action === 'view')
    body = <ManageList key={search.token} token={search.token} confirmed={Boolean(search.confirmed)} />;
  else
    body = (
      <UnsubscribeNow key={`${search.token}:${search.topic}`} token={search.token} topic={search.topic} />
    );
  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} data-testid="unsubscribe-page">
      <Stack gap="lg">
        <Group gap="xs" c="dimmed">
          <IconMailOff size={20} aria-hidden />
          <Text size="sm">{t({ id: 'unsubscribe.title', message: `Email subscriptions` })}</Text>
        </Group>
        {body}
      </Stack>
    </Container>
  );
}
