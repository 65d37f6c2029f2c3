import { useLingui } from '@lingui/react/macro';
import { messageById } from '../../i18n/message-for';
import { ph } from '@lingui/core/macro';
import { localName } from '@app/rules';
import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconMail, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { topicsQueryOptions } from '../../queries/content';
import { useDeferredComponent } from '../ui/deferred';
import { subscribeToNewsletter } from './newsletter-api';
import {
  browserTimeZone,
  canSubmit,
  failureMessage,
  normalizeEmail,
  outcomeMessage,
} from './newsletter-form';

// The list of zones (Mantine's Select, every IANA name) is fetched when the reader asks to change it.
const loadZoneSelect = () =>
  import('./time-zone-select-loader').then((module) => module.loadTimeZoneSelect());

export type NewsletterTopic = { id: string; name: string; name_zh?: string | null };

export type NewsletterSignupProps = {
  /** 'home': the box under the hero; 'landing': the card on a topic landing page (spec §2, §8 texts). */
  variant: 'home' | 'landing';
  /** Topics offered as chips; unset: every active topic (GET /api/topics). */
  topics?: NewsletterTopic[];
  /** Chips selected at first (a landing page preselects its own topic). */
  initialTopicIds?: string[];
};

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The newsletter signup box: email, topic chips, submit; a green or red message after the reply. */
export function NewsletterSignup({ variant, topics, initialTopicIds = [] }: NewsletterSignupProps) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const [email, setEmail] = useState('');
  const [selected, setSelected] = useState<string[]>(initialTopicIds);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Prefilled from the browser, shown beside the delivery time, changeable before subscribing.
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const zoneSelect = useDeferredComponent(loadZoneSelect);
  const ZoneSelect = zoneSelect.Component;
  const topicsQuery = useQuery({ ...topicsQueryOptions(), enabled: topics === undefined });
  // The chips for topics that have just arrived are drawn in a pass that yields to the browser, not in
  // the query's synchronous update.
  const options: NewsletterTopic[] | undefined = useDeferredValue(topics ?? topicsQuery.data);

  const subscribe = useMutation({
    mutationFn: () =>
      subscribeToNewsletter({
        email: normalizeEmail(email),
        topic_ids: selected,
        language,
        timezone: timeZone,
      }),
    onSuccess: (result) => {
      const key = result.pending_confirmation
        ? 'pendingConfirmation'
        : variant === 'landing'
          ? 'successLanding'
          : 'successHome';
      setOutcome({ tone: 'success', text: t(outcomeMessage(key)) });
      setEmail('');
      setSelected([]);
    },
    onError: (error) => {
      const message = failureMessage(error, variant);
      setOutcome({
        tone: 'error',
        text: 'key' in message ? t(outcomeMessage(message.key)) : t(messageById(message.errorKey)),
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit(email, selected)) {
      setOutcome({
        tone: 'error',
        text: t({
          id: 'newsletter.validation',
          message: 'Please enter an email and select at least one topic',
        }),
      });
      return;
    }
    setOutcome(null);
    subscribe.mutate();
  };

  const topicName = (topic: NewsletterTopic) => localName(topic, language);
  const chips = () => {
    if (!options && topicsQuery.isError) {
      return (
        <Group gap="xs">
          <Text size="sm" c="red">
            {t({
              id: 'newsletter.topicsError',
              message: 'Could not load the topics. Please try again later.',
            })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => topicsQuery.refetch()}>
            {t({ id: 'newsletter.retry', message: 'Retry' })}
          </Button>
        </Group>
      );
    }
    if (!options) {
      return (
        <Group
          gap="xs"
          role="status"
          aria-label={t({ id: 'newsletter.topicsLoading', message: 'Loading topics…' })}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={28} width={96} radius="xl" />
          ))}
        </Group>
      );
    }
    if (options.length === 0)
      return (
        <Text size="sm" c="dimmed">
          {t({ id: 'newsletter.topicsEmpty', message: 'No topics to subscribe to yet.' })}
        </Text>
      );
    // Each topic is a toggle button (aria-pressed): a pill that fills and shows a tick when chosen.
    const toggle = (id: string) =>
      setSelected((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));
    return (
      <Group gap="xs" role="group" aria-label={t({ id: 'newsletter.topicsLabel', message: 'Topics' })}>
        {options.map((topic) => {
          const chosen = selected.includes(topic.id);
          return (
            <Button
              key={topic.id}
              size="compact-sm"
              radius="xl"
              variant={chosen ? 'light' : 'default'}
              aria-pressed={chosen}
              leftSection={chosen ? <IconCheck size={14} aria-hidden /> : undefined}
              onClick={() => toggle(topic.id)}
              data-testid={`newsletter-topic-${topic.id}`}
            >
              {topicName(topic)}
            </Button>
          );
        })}
      </Group>
    );
  };

  const box = (
    <Paper
      component="form"
      onSubmit={onSubmit}
      noValidate
      p={{ base: 'md', sm: 'xl' }}
      radius="lg"
      withBorder
      shadow={variant === 'home' ? 'sm' : undefined}
      data-testid="newsletter-signup"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMail size={28} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              {variant === 'home'
                ? t({ id: 'newsletter.title', message: 'Get the daily digest' })
                : t({ id: 'newsletter.landingTitle', message: 'Subscribe by email' })}
            </Title>
            <Text c="dimmed" size="sm">
              {variant === 'home'
                ? t({
                    id: 'newsletter.subtitle',
                    message: 'The best summaries of the topics you pick, in your inbox every morning.',
                  })
                : t({
                    id: 'newsletter.landingSubtitle',
                    message: 'Pick topics and get their daily summary email.',
                  })}
            </Text>
          </div>
        </Group>
        {chips()}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="email"
            label={t({ id: 'newsletter.emailLabel', message: 'Email address' })}
            placeholder={t({ id: 'newsletter.emailPlaceholder', message: 'you@example.com' })}
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            onKeyDown={(event) => {
              // The disabled button blocks the browser's implicit submit; still explain why.
              if (event.key === 'Enter' && !canSubmit(email, selected)) {
                event.preventDefault();
                setOutcome({
                  tone: 'error',
                  text: t({
                    id: 'newsletter.validation',
                    message: 'Please enter an email and select at least one topic',
                  }),
                });
              }
            }}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            type="submit"
            disabled={!canSubmit(email, selected) || subscribe.isPending}
            data-testid="newsletter-submit"
            style={{ flex: '0 0 auto' }}
          >
            {subscribe.isPending
              ? t({ id: 'newsletter.submitting', message: 'Subscribing...' })
              : t({ id: 'newsletter.submit', message: 'Subscribe' })}
          </Button>
        </Group>
        <Group gap={4} wrap="wrap" data-testid="newsletter-delivery">
          <Text size="sm" data-testid="newsletter-delivery-time">
            {t({ id: 'newsletter.deliveryTime', message: `Every day at 8 AM, ${ph({ zone: timeZone })}` })}
          </Text>
          {ZoneSelect ? null : (
            <Button
              size="compact-sm"
              variant="subtle"
              onPointerEnter={zoneSelect.preload}
              onFocus={zoneSelect.preload}
              onClick={zoneSelect.show}
              data-testid="newsletter-change-zone"
            >
              {t({ id: 'newsletter.changeZone', message: 'Change time zone' })}
            </Button>
          )}
        </Group>
        {ZoneSelect ? (
          <ZoneSelect
            value={timeZone}
            onChange={setTimeZone}
            label={t({ id: 'newsletter.zoneLabel', message: 'Time zone' })}
            description={t({
              id: 'newsletter.zoneHint',
              message: 'Type a city or region, e.g. Shanghai or New York',
            })}
            nothingFound={t({ id: 'newsletter.zoneNothingFound', message: 'No time zone by that name' })}
            focusOnMount
            data-testid="newsletter-zone"
          />
        ) : null}
        <Text size="xs" c="dimmed">
          {t({ id: 'newsletter.free', message: 'Free · unsubscribe anytime' })}
        </Text>
        {outcome && (
          <Alert
            color={outcome.tone === 'success' ? 'green' : 'red'}
            variant="light"
            icon={outcome.tone === 'success' ? <IconCheck size={18} /> : <IconX size={18} />}
            role={outcome.tone === 'success' ? 'status' : 'alert'}
            data-testid={`newsletter-${outcome.tone}`}
          >
            {outcome.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );

  return variant === 'home' ? (
    <Container size="md" py="xl">
      {box}
    </Container>
  ) : (
    box
  );
}
