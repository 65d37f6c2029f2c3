import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { PODCASTS_ENCODERS_MESSAGES } from '../admin-messages';
import { ph, plural } from '@lingui/core/macro';
import {
  PODCASTS_ENGINES_MESSAGES,
  PODCASTS_FAILURE_REASONS_MESSAGES,
  PODCASTS_LANGUAGES_MESSAGES,
  PODCASTS_OUTCOMES_MESSAGES,
  PODCASTS_STATUSES_MESSAGES,
} from '../admin-messages';
import { formatInstant } from '@app/time/format';
import { toLocale } from '@app/rules';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import {
  type AdminPodcastGenerateBody,
  type AdminPodcastGenerateResponse,
  type AdminPodcastListResponse,
  type AdminPodcastTask,
  adminPodcastsQuery,
  adminTopicsQuery,
  generatePodcasts,
} from '../admin-api';
import { useAdminAction, useTopicName } from '../kit/admin-shared';
import { AdminQueryState, AdminTable } from '../kit/admin-table';
import { topicName } from '../admin-logic';

const ALL = 'all';
const STATUS_COLOURS: Record<string, string> = {
  pending: 'gray',
  processing: 'blue',
  completed: 'teal',
  failed: 'red',
};
const todayUtc = () => new Date().toISOString().slice(0, 10);
/** A failed podcast, or one an older worker completed without audio, can be made again. */
const canRerun = (task: AdminPodcastTask) => task.status === 'failed' || task.failure_reason !== null;

/**
 * Make a date's podcast now for a topic (or every active one) and a language (or both); the tasks
 * below move from waiting to done on their own, and a failed one can be made again.
 */
export function PodcastsTab() {
  const { t } = useLingui();
  const { language: uiLanguage } = useLanguage();
  const topics = useQuery(adminTopicsQuery());
  const nameOfTopic = useTopicName();
  const tasks = useQuery(adminPodcastsQuery());
  const [topicId, setTopicId] = useState<string>(ALL);
  const [date, setDate] = useState('');
  const [language, setLanguage] = useState<string>(ALL);
  const [answer, setAnswer] = useState<AdminPodcastGenerateResponse | null>(null);
  const generate = useAdminAction({
    run: (body: AdminPodcastGenerateBody) => generatePodcasts(body),
    success: t({ id: 'admin.podcasts.toast.done', message: 'Podcasts requested' }),
    failure: t({ id: 'admin.podcasts.toast.failed', message: 'Could not request the podcasts' }),
    successMessage: (r) =>
      t({
        id: 'admin.podcasts.toast.queued',
        message: plural(ph({ count: r.task_ids.length }), {
          one: `# podcast queued`,
          other: `# podcasts queued`,
        }),
      }),
    onDone: (r) => setAnswer(r),
  });
  const rerun = (task: AdminPodcastTask) =>
    generate.mutate({
      topic_id: task.topic_id,
      target_date: task.target_date,
      language: task.language === 'ZH' ? 'zh' : 'en',
    });
  const dateTime = (value: string | null) =>
    value ? formatInstant(value, toLocale(uiLanguage), { date: 'short', time: 'short' }) : '—';

  const activeTopics = (topics.data ?? []).filter((topic) => topic.is_active);
  return (
    <Stack data-testid="podcasts-tab">
      <Paper withBorder radius="md" p="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            generate.mutate({
              ...(topicId !== ALL ? { topic_id: topicId } : {}),
              ...(date ? { target_date: date } : {}),
              ...(language !== ALL ? { language: language as 'en' | 'zh' } : {}),
            });
          }}
        >
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t({ id: 'admin.podcasts.makeTitle', message: 'Make a podcast now' })}
            </Title>
            <Text size="sm" c="dimmed">
              {t({
                id: 'admin.podcasts.makeHelp',
                message:
                  "Makes the podcast of a day from that day's summaries. A podcast already being made or done is left alone; a failed one is made again.",
              })}
            </Text>
            <Group align="flex-end" wrap="wrap" gap="sm">
              <Select
                label={t({ id: 'admin.podcasts.topic', message: 'Topic' })}
                data={[
                  { value: ALL, label: t({ id: 'admin.podcasts.allTopics', message: 'Every active topic' }) },
                  ...activeTopics.map((topic) => ({ value: topic.id, label: topicName(topic, uiLanguage) })),
                ]}
                value={topicId}
                onChange={(value) => setTopicId(value ?? ALL)}
                allowDeselect={false}
                disabled={topics.isPending}
                miw={200}
                data-testid="podcast-topic"
              />
              <TextInput
                type="date"
                label={t({ id: 'admin.podcasts.date', message: 'Date' })}
                description={t({ id: 'admin.podcasts.dateHelp', message: 'Empty: today' })}
                value={date}
                max={todayUtc()}
                onChange={(event) => setDate(event.currentTarget.value)}
                data-testid="podcast-date"
              />
              <Select
                label={t({ id: 'admin.podcasts.language', message: 'Language' })}
                data={[
                  {
                    value: ALL,
                    label: t({ id: 'admin.podcasts.bothLanguages', message: 'English and Chinese' }),
                  },
                  { value: 'en', label: t({ id: 'admin.podcasts.languages.EN', message: 'English' }) },
                  { value: 'zh', label: t({ id: 'admin.podcasts.languages.ZH', message: 'Chinese' }) },
                ]}
                value={language}
                onChange={(value) => setLanguage(value ?? ALL)}
                allowDeselect={false}
                miw={160}
                data-testid="podcast-language"
              />
              <Button type="submit" loading={generate.isPending} data-testid="podcast-generate">
                {t({ id: 'admin.podcasts.make', message: 'Make podcast' })}
              </Button>
            </Group>
            {answer && (
              <Stack gap={4} data-testid="podcast-results" aria-live="polite">
                <Text size="sm" fw={600}>
                  {t({
                    id: 'admin.podcasts.resultsTitle',
                    message: `Podcasts of ${ph({ date: answer.target_date })}`,
                  })}
                </Text>
                {answer.results.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t({ id: 'admin.podcasts.noTopics', message: 'No active topics' })}
                  </Text>
                ) : (
                  <List size="sm" spacing={2}>
                    {answer.results.map((result) => (
                      <List.Item key={`${result.topic_id}:${result.language}`} data-testid="podcast-result">
                        {nameOfTopic(result.topic_id, result.topic_name)} ·{' '}
                        {t(messageFor(PODCASTS_LANGUAGES_MESSAGES, result.language))}:{' '}
                        {t(messageFor(PODCASTS_OUTCOMES_MESSAGES, result.outcome))}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Stack>
            )}
          </Stack>
        </form>
      </Paper>

      {tasks.data ? <SpeechEngine speech={tasks.data.speech} dateTime={dateTime} /> : null}

      <Title order={2} fz="lg">
        {t({ id: 'admin.podcasts.tasksTitle', message: 'Podcasts' })}
      </Title>
      <AdminQueryState
        query={tasks}
        loadingLabel={t({ id: 'admin.podcasts.loading', message: 'Loading podcasts' })}
      >
        {(list) => (
          <AdminTable
            label={t({ id: 'admin.podcasts.tasksTitle', message: 'Podcasts' })}
            minWidth={720}
            empty={
              list.data.length === 0 ? t({ id: 'admin.podcasts.empty', message: 'No podcasts yet' }) : null
            }
            emptyTestId="podcasts-empty"
            columns={[
              t({ id: 'admin.podcasts.columns.topic', message: 'Topic' }),
              t({ id: 'admin.podcasts.columns.date', message: 'Date' }),
              t({ id: 'admin.podcasts.columns.language', message: 'Language' }),
              t({ id: 'admin.podcasts.columns.status', message: 'Status' }),
              t({ id: 'admin.podcasts.columns.speech', message: 'Speech' }),
              t({ id: 'admin.podcasts.columns.updated', message: 'Updated' }),
              <VisuallyHidden key="actions">
                {t({ id: 'admin.podcasts.columns.actions', message: 'Actions' })}
              </VisuallyHidden>,
            ]}
          >
            {list.data.map((task) => (
              <Table.Tr key={task.id} data-testid="podcast-task">
                <Table.Td>{nameOfTopic(task.topic_id, task.topic_name)}</Table.Td>
                <Table.Td>{task.target_date}</Table.Td>
                <Table.Td>{t(messageFor(PODCASTS_LANGUAGES_MESSAGES, task.language))}</Table.Td>
                <Table.Td maw={320}>
                  <Badge
                    variant="light"
                    color={STATUS_COLOURS[task.status] ?? 'gray'}
                    data-testid="podcast-status"
                  >
                    {t(messageFor(PODCASTS_STATUSES_MESSAGES, task.status))}
                  </Badge>
                  {task.failure_reason && (
                    <Text size="xs" fw={600} mt={4} data-testid="podcast-failure-reason">
                      {t(messageFor(PODCASTS_FAILURE_REASONS_MESSAGES, task.failure_reason))}
                    </Text>
                  )}
                  {task.error_message && (
                    <Text size="xs" c="var(--mantine-color-error)" lineClamp={2} mt={4}>
                      {task.error_message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="podcast-engine">
                  {task.tts_engine ? t(messageFor(PODCASTS_ENGINES_MESSAGES, task.tts_engine)) : '—'}
                </Table.Td>
                <Table.Td>{dateTime(task.updated_at)}</Table.Td>
                <Table.Td>
                  {canRerun(task) && (
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => rerun(task)}
                      loading={generate.isPending}
                      data-testid="podcast-rerun"
                    >
                      {t({ id: 'admin.podcasts.rerun', message: 'Make again' })}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        )}
      </AdminQueryState>
    </Stack>
  );
}

/** What the worker speaks with, as recorded on the podcast it took last (see the podcast service). */
function SpeechEngine({
  speech,
  dateTime,
}: {
  speech: AdminPodcastListResponse['speech'];
  dateTime: (value: string | null) => string;
}) {
  const { t } = useLingui();
  const silent = speech?.tts_engine === 'none';
  return (
    <Alert
      variant="light"
      color={silent ? 'red' : 'gray'}
      title={t({ id: 'admin.podcasts.speech.title', message: 'Speech engine' })}
      data-testid="podcast-speech-engine"
      data-engine={speech?.tts_engine ?? ''}
    >
      {speech ? (
        <Stack gap={4}>
          <Text size="sm">
            {silent
              ? t({
                  id: 'admin.podcasts.speech.none',
                  message:
                    'The worker has no speech engine, so every podcast fails with “no speech engine”. Set OPENAI_API_KEY and OPENAI_TTS_MODEL, install espeak-ng, or unset PODCAST_TTS_ENGINE=none (the espeak-ng npm package speaks without either).',
                })
              : t({
                  id: 'admin.podcasts.speech.engine',
                  message: `Speaks with ${ph({ engine: t(messageFor(PODCASTS_ENGINES_MESSAGES, speech.tts_engine)) })}; MP3 by ${ph(
                    {
                      encoder: speech.encoder
                        ? t(messageFor(PODCASTS_ENCODERS_MESSAGES, speech.encoder))
                        : '—',
                    },
                  )}`,
                })}
          </Text>
          <Text size="xs" c="dimmed">
            {t({
              id: 'admin.podcasts.speech.reported',
              message: `Reported by the worker with the podcast it took at ${ph({ time: dateTime(speech.reported_at) })}`,
            })}
            {speech.reason ? (
              <>
                {' · '}
                <span lang="en">{speech.reason}</span>
              </>
            ) : null}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">
          {t({
            id: 'admin.podcasts.speech.unknown',
            message: 'Not known yet: the worker reports its speech engine with the first podcast it makes.',
          })}
        </Text>
      )}
    </Alert>
  );
}
