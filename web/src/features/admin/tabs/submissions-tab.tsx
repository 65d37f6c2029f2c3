import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { messageFor } from '../../../i18n/message-for';
import { SUBMISSIONS_STATES_MESSAGES } from '../admin-messages';
import { formatInstant } from '@app/time/format';
import { PLATFORMS, type Platform } from '@app/contracts';
import { toLocale } from '@app/rules';
import { Anchor, Badge, Button, Group, Loader, Pagination, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import {
  type AdminSubmission,
  adminSubmissionsQuery,
  adminTopicsQuery,
  approveSubmission,
  rejectSubmission,
} from '../admin-api';
import { topicName } from '../admin-logic';
import { platformName } from '../../content/platform-options';
import { LoadError, useAdminAction } from '../kit/admin-shared';
import { FilterBar, useFilters } from '../kit/filters';

type Status = 'pending' | 'approved' | 'rejected' | 'all';
const STATUSES: Status[] = ['pending', 'approved', 'rejected', 'all'];

function SubmissionCard({ submission }: { submission: AdminSubmission }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const topics = useQuery(adminTopicsQuery());
  const topic = topics.data?.find((candidate) => candidate.id === submission.topic_id);
  const knownPlatform = PLATFORMS.includes(submission.platform as Platform) ? submission.platform : null;
  const [topicId, setTopicId] = useState<string | null>(submission.topic_id);
  const [platform, setPlatform] = useState<string | null>(knownPlatform);
  const approve = useAdminAction({
    run: () =>
      approveSubmission(submission.id, {
        topic_id: topicId ?? undefined,
        platform: (platform as Platform | null) ?? undefined,
      }),
    success: t({ id: 'admin.toast.approved', message: 'Approved; the data source was created' }),
    failure: t({ id: 'admin.toast.updateFailed', message: 'Update failed' }),
  });
  const reject = useAdminAction({
    run: () => rejectSubmission(submission.id),
    success: t({ id: 'admin.toast.rejected', message: 'Rejected' }),
    failure: t({ id: 'admin.toast.updateFailed', message: 'Update failed' }),
  });
  const pending = submission.status === 'pending';
  return (
    <Paper withBorder radius="md" p="md" data-testid="submission-card">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Anchor
            href={/^https?:\/\//i.test(submission.url) ? submission.url : undefined}
            target="_blank"
            rel="noreferrer"
            size="sm"
            fw={600}
            style={{ wordBreak: 'break-all' }}
          >
            {submission.url}
          </Anchor>
          <Badge
            variant="dot"
            color={pending ? 'yellow' : submission.status === 'approved' ? 'teal' : 'gray'}
          >
            {t(messageFor(SUBMISSIONS_STATES_MESSAGES, submission.status))}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {submission.user_email ?? '—'} ·{' '}
          {t({
            id: 'admin.submissions.topicLine',
            message: `Topic: ${ph({
              name: topic
                ? topicName(topic, language)
                : (submission.topic_name ?? submission.topic_custom ?? '—'),
            })}`,
          })}{' '}
          ·{' '}
          {t({
            id: 'admin.submissions.platformLine',
            message: `Platform: ${ph({
              name:
                submission.platform === 'other'
                  ? (submission.platform_custom ?? '')
                  : platformName(t, submission.platform),
            })}`,
          })}{' '}
          · {formatInstant(submission.created_at, toLocale(language), { date: 'medium' })}
        </Text>
        {pending ? (
          <Group align="flex-end" wrap="wrap" gap="xs">
            <Select
              size="xs"
              label={t({ id: 'admin.submissions.topic', message: 'Topic' })}
              data={(topics.data ?? [])
                .filter((candidate) => candidate.is_active)
                .map((candidate) => ({ value: candidate.id, label: topicName(candidate, language) }))}
              value={topicId}
              onChange={setTopicId}
            />
            <Select
              size="xs"
              label={t({ id: 'admin.submissions.platform', message: 'Platform' })}
              data={PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) }))}
              value={platform}
              onChange={setPlatform}
            />
            <Button
              size="xs"
              color="teal.9"
              onClick={() => approve.mutate(undefined)}
              loading={approve.isPending}
              disabled={!topicId || !platform}
            >
              {t({ id: 'admin.actions.approve', message: 'Approve' })}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => reject.mutate(undefined)}
              loading={reject.isPending}
            >
              {t({ id: 'admin.actions.reject', message: 'Reject' })}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Users' source suggestions, a page at a time: approve (creates the datasource) or reject. */
export function SubmissionsTab() {
  const { t } = useLingui();
  const filters = useFilters<'status'>({ status: 'pending' });
  const status = STATUSES.find((value) => value === filters.values.status) ?? 'pending';
  const [page, setPage] = useState(1);
  const query = useQuery(adminSubmissionsQuery(status, page));
  const total = query.data?.total ?? 0;
  const limit = query.data?.limit ?? 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  // Reviewing the last items of the last page empties it: step back to the new last page.
  useEffect(() => {
    if (query.data && page > pages) setPage(pages);
  }, [query.data, page, pages]);
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  return (
    <Stack data-testid="submissions-tab">
      <FilterBar
        values={filters.values}
        onChange={(key, value) => {
          filters.set(key, value);
          setPage(1);
        }}
        filters={[
          {
            kind: 'segmented',
            key: 'status',
            options: STATUSES.map((value) => ({
              value,
              label: t(messageFor(SUBMISSIONS_STATES_MESSAGES, value)),
            })),
          },
        ]}
      />
      {query.isError ? (
        <LoadError error={query.error} />
      ) : query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : query.data.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t({ id: 'admin.submissions.empty', message: 'No suggestions' })}
        </Text>
      ) : (
        <>
          {query.data.data.map((submission) => (
            <SubmissionCard key={submission.id} submission={submission} />
          ))}
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="submissions-range">
              {t({
                id: 'admin.pager.range',
                message: `${from}–${ph({ to: Math.min(total, page * limit) })} of ${total}`,
              })}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                data-testid="submissions-pager"
                getItemProps={(item) => ({
                  'aria-label': t({ id: 'admin.pager.page', message: `Page ${ph({ page: item })}` }),
                })}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': t({ id: 'admin.pager.previous', message: 'Previous page' }) }
                    : control === 'next'
                      ? { 'aria-label': t({ id: 'admin.pager.next', message: 'Next page' }) }
                      : {}
                }
              />
            ) : null}
          </Group>
        </>
      )}
    </Stack>
  );
}
