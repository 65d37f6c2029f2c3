import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { ph } from '@lingui/core/macro';
import { HEALTH_STATES_MESSAGES } from '../admin-messages';
import { formatInstant } from '@app/time/format';
import { toLocale } from '@app/rules';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
  const { t } = useLingui();
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
                    {
                      value: 'all',
                      label: t({
                        id: 'admin.health.all',
                        message: `All (${ph({ count: data.data.length })})`,
                      }),
                    },
                    ...STATES.map((s) => ({
                      value: s,
                      label: t({
                        id: 'admin.health.stateCount',
                        message: `${ph({ state: t(messageFor(HEALTH_STATES_MESSAGES, s)) })} (${ph({ count: data.counts[s] ?? 0 })})`,
                      }),
                    })),
                  ],
                  style: { maxWidth: '100%', overflowX: 'auto' },
                },
              ]}
            />
            <AdminTable
              label={t({ id: 'admin.tabs.health', message: 'Source health' })}
              minWidth={820}
              empty={rows.length === 0 ? t({ id: 'admin.health.empty', message: 'No data sources' }) : null}
              columns={[
                t({ id: 'admin.health.columns.name', message: 'Name' }),
                t({ id: 'admin.health.columns.platform', message: 'Platform' }),
                t({ id: 'admin.health.columns.state', message: 'Status' }),
                t({ id: 'admin.health.columns.lastSuccess', message: 'Last success' }),
                t({ id: 'admin.health.columns.lastError', message: 'Last error' }),
                t({ id: 'admin.health.columns.failures', message: 'Failures in a row' }),
                t({ id: 'admin.health.columns.nextCheck', message: 'Next check' }),
              ]}
            >
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.source_name}</Table.Td>
                  <Table.Td>{platformName(t, row.platform)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATE_COLORS[row.state]} variant="dot">
                      {t(messageFor(HEALTH_STATES_MESSAGES, row.state))}
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
