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
import { useTranslation } from '../../../i18n/react';
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
  const { t } = useTranslation('admin');
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
    success: t('podcasts.toast.done'),
    failure: t('podcasts.toast.failed'),
    successMessage: (r) => t('podcasts.toast.queued', { count: r.task_ids.length }),
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
              {t('podcasts.makeTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('podcasts.makeHelp')}
            </Text>
            <Group align="flex-end" wrap="wrap" gap="sm">
              <Select
                label={t('podcasts.topic')}
                data={[
                  { value: ALL, label: t('podcasts.allTopics') },
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
                label={t('podcasts.date')}
                description={t('podcasts.dateHelp')}
                value={date}
                max={todayUtc()}
                onChange={(event) => setDate(event.currentTarget.value)}
                data-testid="podcast-date"
              />
              <Select
                label={t('podcasts.language')}
                data={[
                  { value: ALL, label: t('podcasts.bothLanguages') },
                  { value: 'en', label: t('podcasts.languages.EN') },
                  { value: 'zh', label: t('podcasts.languages.ZH') },
                ]}
                value={language}
                onChange={(value) => setLanguage(value ?? ALL)}
                allowDeselect={false}
                miw={160}
                data-testid="podcast-language"
              />
              <Button type="submit" loading={generate.isPending} data-testid="podcast-generate">
                {t('podcasts.make')}
              </Button>
            </Group>
            {answer && (
              <Stack gap={4} data-testid="podcast-results" aria-live="polite">
                <Text size="sm" fw={600}>
                  {t('podcasts.resultsTitle', { date: answer.target_date })}
                </Text>
                {answer.results.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('podcasts.noTopics')}
                  </Text>
                ) : (
                  <List size="sm" spacing={2}>
                    {answer.results.map((result) => (
                      <List.Item key={`${result.topic_id}:${result.language}`} data-testid="podcast-result">
                        {nameOfTopic(result.topic_id, result.topic_name)} ·{' '}
                        {t(`podcasts.languages.${result.language}`)}:{' '}
                        {t(`podcasts.outcomes.${result.outcome}`)}
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
        {t('podcasts.tasksTitle')}
      </Title>
      <AdminQueryState query={tasks} loadingLabel={t('podcasts.loading')}>
        {(list) => (
          <AdminTable
            label={t('podcasts.tasksTitle')}
            minWidth={720}
            empty={list.data.length === 0 ? t('podcasts.empty') : null}
            emptyTestId="podcasts-empty"
            columns={[
              t('podcasts.columns.topic'),
              t('podcasts.columns.date'),
              t('podcasts.columns.language'),
              t('podcasts.columns.status'),
              t('podcasts.columns.speech'),
              t('podcasts.columns.updated'),
              <VisuallyHidden key="actions">{t('podcasts.columns.actions')}</VisuallyHidden>,
            ]}
          >
            {list.data.map((task) => (
              <Table.Tr key={task.id} data-testid="podcast-task">
                <Table.Td>{nameOfTopic(task.topic_id, task.topic_name)}</Table.Td>
                <Table.Td>{task.target_date}</Table.Td>
                <Table.Td>{t(`podcasts.languages.${task.language}`)}</Table.Td>
                <Table.Td maw={320}>
                  <Badge
                    variant="light"
                    color={STATUS_COLOURS[task.status] ?? 'gray'}
                    data-testid="podcast-status"
                  >
                    {t(`podcasts.statuses.${task.status}`, { defaultValue: task.status })}
                  </Badge>
                  {task.failure_reason && (
                    <Text size="xs" fw={600} mt={4} data-testid="podcast-failure-reason">
                      {t(`podcasts.failureReasons.${task.failure_reason}`)}
                    </Text>
                  )}
                  {task.error_message && (
                    <Text size="xs" c="var(--mantine-color-error)" lineClamp={2} mt={4}>
                      {task.error_message}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="podcast-engine">
                  {task.tts_engine
                    ? t(`podcasts.engines.${task.tts_engine}`, { defaultValue: task.tts_engine })
                    : '—'}
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
                      {t('podcasts.rerun')}
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
  const { t } = useTranslation('admin');
  const silent = speech?.tts_engine === 'none';
  return (
    <Alert
      variant="light"
      color={silent ? 'red' : 'gray'}
      title={t('podcasts.speech.title')}
      data-testid="podcast-speech-engine"
      data-engine={speech?.tts_engine ?? ''}
    >
      {speech ? (
        <Stack gap={4}>
          <Text size="sm">
            {silent
              ? t('podcasts.speech.none')
              : t('podcasts.speech.engine', {
                  engine: t(`podcasts.engines.${speech.tts_engine}`, { defaultValue: speech.tts_engine }),
                  encoder: speech.encoder
                    ? t(`podcasts.encoders.${speech.encoder}`, { defaultValue: speech.encoder })
                    : '—',
                })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('podcasts.speech.reported', { time: dateTime(speech.reported_at) })}
            {speech.reason ? (
              <>
                {' · '}
                <span lang="en">{speech.reason}</span>
              </>
            ) : null}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">{t('podcasts.speech.unknown')}</Text>
      )}
    </Alert>
  );
}
