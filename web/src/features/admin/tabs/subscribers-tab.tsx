import { formatInstant } from '@app/time/format';
import type { AdminSubscriber } from '@app/contracts';
import { toLocale } from '@app/rules';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
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
  const { t } = useTranslation('admin');
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
                    label: t('subscribers.all', {
                      count: STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0),
                    }),
                  },
                  ...STATUSES.map((s) => ({
                    value: s,
                    label: t('subscribers.statusCount', {
                      status: t(`subscribers.statuses.${s}`),
                      count: counts[s] ?? 0,
                    }),
                  })),
                ],
                style: { maxWidth: '100%', overflowX: 'auto' },
              },
              {
                kind: 'search',
                key: 'q',
                label: t('subscribers.search'),
                searchType: true,
                w: { base: '100%', sm: 280 },
              },
            ]}
          />
          <AdminTable
            label={t('tabs.subscribers')}
            minWidth={760}
            empty={data.length === 0 ? t('subscribers.empty') : null}
            columns={[
              t('subscribers.columns.email'),
              t('subscribers.columns.status'),
              t('subscribers.columns.language'),
              t('subscribers.columns.confirmed'),
              t('subscribers.columns.reason'),
            ]}
          >
            {data.map((row) => (
              <Table.Tr key={row.id} data-testid="subscriber-row">
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[row.status]} variant="dot">
                    {t(`subscribers.statuses.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{t(`subscribers.languages.${row.language}`)}</Table.Td>
                <Table.Td>
                  {row.confirmed_at ? dateTime(row.confirmed_at) : t('subscribers.notConfirmed')}
                </Table.Td>
                <Table.Td>
                  {row.suppression ? (
                    <Stack gap={2}>
                      <Text size="sm" fw={600}>
                        {t(`subscribers.reasons.${row.suppression.reason}`)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('subscribers.via', {
                          source: row.suppression.source
                            ? t(`subscribers.sources.${row.suppression.source}`)
                            : '—',
                          when: dateTime(row.suppression.at),
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
