import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { SUBSCRIBERS_SOURCES_MESSAGES } from '../admin-messages';
import { ph } from '@lingui/core/macro';
import {
  SUBSCRIBERS_LANGUAGES_MESSAGES,
  SUBSCRIBERS_REASONS_MESSAGES,
  SUBSCRIBERS_STATUSES_MESSAGES,
} from '../admin-messages';
import { formatInstant } from '@app/time/format';
import type { AdminSubscriber } from '@app/contracts';
import { toLocale } from '@app/rules';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language-provider';
import { adminSubscribersQuery } from '../admin-api';
import { AdminQueryState, AdminTable } from '../kit/admin-table';
import { FilterBar, useFilters } from '../kit/filters';

const STATUSES: AdminSubscriber['status'][] = ['active', 'bouncing', 'unsubscribed'];
const STATUS_COLORS: Record<AdminSubscriber['status'], string> = {
  active: 'teal',
  bouncing: 'red',
  unsubscribed: 'gray',
};

/** Newsletter subscribers and, for those the digest no longer goes to, the bounce or complaint that stopped it. */
export function SubscribersTab() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const filters = useFilters<'status' | 'q'>({ status: 'all', q: '' });
  const [q] = useDebouncedValue((filters.values.q ?? '').trim(), 300);
  const status = STATUSES.find((s) => s === filters.values.status);
  const query = useQuery(adminSubscribersQuery({ ...(status ? { status } : {}), ...(q ? { q } : {}) }));
  const dateTime = (iso: string | null) =>
    iso ? formatInstant(iso, toLocale(language), { date: 'medium', time: 'short' }) : '—';

  return (
    <AdminQueryState query={query} errorTestId="subscribers-error">
      {({ counts, data }) => (
        <Stack data-testid="subscribers-tab">
          <FilterBar
            values={filters.values}
            onChange={filters.set}
            filters={[
              {
                kind: 'segmented',
                key: 'status',
                options: [
                  {
                    value: 'all',
                    label: t({
                      id: 'admin.subscribers.all',
                      message: `All (${ph({ count: STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0) })})`,
                    }),
                  },
                  ...STATUSES.map((s) => ({
                    value: s,
                    label: t({
                      id: 'admin.subscribers.statusCount',
                      message: `${ph({ status: t(messageFor(SUBSCRIBERS_STATUSES_MESSAGES, s)) })} (${ph({ count: counts[s] ?? 0 })})`,
                    }),
                  })),
                ],
                style: { maxWidth: '100%', overflowX: 'auto' },
              },
              {
                kind: 'search',
                key: 'q',
                label: t({ id: 'admin.subscribers.search', message: 'Search by email address' }),
                searchType: true,
                w: { base: '100%', sm: 280 },
              },
            ]}
          />
          <AdminTable
            label={t({ id: 'admin.tabs.subscribers', message: 'Subscribers' })}
            minWidth={760}
            empty={data.length === 0 ? t({ id: 'admin.subscribers.empty', message: 'No subscribers' }) : null}
            columns={[
              t({ id: 'admin.subscribers.columns.email', message: 'Email' }),
              t({ id: 'admin.subscribers.columns.status', message: 'Status' }),
              t({ id: 'admin.subscribers.columns.language', message: 'Language' }),
              t({ id: 'admin.subscribers.columns.confirmed', message: 'Confirmed' }),
              t({ id: 'admin.subscribers.columns.reason', message: 'Why stopped' }),
            ]}
          >
            {data.map((row) => (
              <Table.Tr key={row.id} data-testid="subscriber-row">
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[row.status]} variant="dot">
                    {t(messageFor(SUBSCRIBERS_STATUSES_MESSAGES, row.status))}
                  </Badge>
                </Table.Td>
                <Table.Td>{t(messageFor(SUBSCRIBERS_LANGUAGES_MESSAGES, row.language))}</Table.Td>
                <Table.Td>
                  {row.confirmed_at
                    ? dateTime(row.confirmed_at)
                    : t({ id: 'admin.subscribers.notConfirmed', message: 'Not confirmed' })}
                </Table.Td>
                <Table.Td>
                  {row.suppression ? (
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {t(messageFor(SUBSCRIBERS_REASONS_MESSAGES, row.suppression.reason))}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t({
                          id: 'admin.subscribers.via',
                          message: `${ph({
                            source: row.suppression.source
                              ? t(messageFor(SUBSCRIBERS_SOURCES_MESSAGES, row.suppression.source))
                              : '—',
                          })}, ${ph({ when: dateTime(row.suppression.at) })}`,
                        })}
                      </Text>
                      {row.suppression.diagnostic ? (
                        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                          {row.suppression.diagnostic}
                        </Text>
                      ) : null}
                    </Stack>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </AdminTable>
        </Stack>
      )}
    </AdminQueryState>
  );
}
