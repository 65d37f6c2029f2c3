import { formatInstant } from '@app/time/format';
import { toLocale } from '@app/rules';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import type { Language } from '../../../i18n/language';
import { useLanguage } from '../../../i18n/language-provider';
import { type SourceHealthRow, sourceHealthQuery } from '../admin-api';
import { crawlErrorText, lastCrawledText } from '../admin-logic';
import { platformName } from '../../content/platform-options';
import { AdminQueryState, AdminTable } from '../kit/admin-table';
import { FilterBar, useFilters } from '../kit/filters';

const STATES: SourceHealthRow['state'][] = ['healthy', 'failing', 'stale', 'never_crawled', 'inactive'];
const STATE_COLORS: Record<SourceHealthRow['state'], string> = {
  healthy: 'teal',
  failing: 'red',
  stale: 'orange',
  never_crawled: 'yellow',
  inactive: 'gray',
};

function formatNext(iso: string | null, language: Language) {
  if (!iso) return '—';
  return formatInstant(iso, toLocale(language), { date: 'medium', time: 'short' });
}

/** Source health from the pipeline's GET /api/admin/source-health: last success, last error class, next check. */
export function SourceHealthTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const query = useQuery(sourceHealthQuery());
  const filters = useFilters<'state'>({ state: 'all' });
  const state = filters.values.state;

  return (
    <AdminQueryState query={query} errorTestId="health-error">
      {(data) => {
        const rows = data.data.filter((r) => state === 'all' || r.state === state);
        return (
          <Stack data-testid="health-tab">
            <FilterBar
              values={filters.values}
              onChange={filters.set}
              filters={[
                {
                  kind: 'segmented',
                  key: 'state',
                  options: [
                    { value: 'all', label: t('health.all', { count: data.data.length }) },
                    ...STATES.map((s) => ({
                      value: s,
                      label: t('health.stateCount', {
                        state: t(`health.states.${s}`),
                        count: data.counts[s] ?? 0,
                      }),
                    })),
                  ],
                  style: { maxWidth: '100%', overflowX: 'auto' },
                },
              ]}
            />
            <AdminTable
              label={t('tabs.health')}
              minWidth={820}
              empty={rows.length === 0 ? t('health.empty') : null}
              columns={[
                t('health.columns.name'),
                t('health.columns.platform'),
                t('health.columns.state'),
                t('health.columns.lastSuccess'),
                t('health.columns.lastError'),
                t('health.columns.failures'),
                t('health.columns.nextCheck'),
              ]}
            >
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.source_name}</Table.Td>
                  <Table.Td>{platformName(t, row.platform)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[row.state]} variant="dot">
                      {t(`health.states.${row.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.last_success_at ? lastCrawledText(row.last_success_at, t, language) : '—'}
                  </Table.Td>
                  <Table.Td>
                    {row.last_error_class ? (
                      <Stack gap={2} maw={280} data-testid="health-error-text">
                        <Text size="sm">{crawlErrorText(t, row.last_error_class)}</Text>
                        {row.last_error_message ? (
                          <Text size="xs" c="dimmed" lineClamp={2} title={row.last_error_message}>
                            {row.last_error_message}
                          </Text>
                        ) : null}
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{row.consecutive_failures}</Table.Td>
                  <Table.Td>{formatNext(row.next_check_at, language)}</Table.Td>
                </Table.Tr>
              ))}
            </AdminTable>
          </Stack>
        );
      }}
    </AdminQueryState>
  );
}
