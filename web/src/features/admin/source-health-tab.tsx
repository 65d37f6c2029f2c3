import { toLocale } from '@app/contracts';
import {
  Badge,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/language';
import { useLanguage } from '../../i18n/language-provider';
import { type SourceHealthRow, sourceHealthQuery } from './admin-api';
import { lastCrawledText, platformLabel } from './admin-logic';
import { LoadError } from './admin-shared';

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
  return new Intl.DateTimeFormat(toLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/** Source health from the pipeline's GET /api/admin/source-health: last success, last error class, next check. */
export function SourceHealthTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const query = useQuery(sourceHealthQuery());
  const [state, setState] = useState<'all' | SourceHealthRow['state']>('all');

  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} testId="health-error" />;
  }
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const rows = query.data.data.filter((r) => state === 'all' || r.state === state);
  return (
    <Stack data-testid="health-tab">
      <SegmentedControl
        value={state}
        onChange={(v) => setState(v as typeof state)}
        data={[
          { value: 'all', label: t('health.all', { count: query.data.data.length }) },
          ...STATES.map((s) => ({
            value: s,
            label: t('health.stateCount', {
              state: t(`health.states.${s}`),
              count: query.data.counts[s] ?? 0,
            }),
          })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('health.empty')}
        </Text>
      ) : (
        <ScrollArea
          type="auto"
          // Keyboard users can scroll the table sideways on narrow screens: it has nothing else to focus.
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('tabs.health') }}
        >
          <Table striped miw={820} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('health.columns.name')}</Table.Th>
                <Table.Th>{t('health.columns.platform')}</Table.Th>
                <Table.Th>{t('health.columns.state')}</Table.Th>
                <Table.Th>{t('health.columns.lastSuccess')}</Table.Th>
                <Table.Th>{t('health.columns.lastError')}</Table.Th>
                <Table.Th>{t('health.columns.failures')}</Table.Th>
                <Table.Th>{t('health.columns.nextCheck')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.source_name}</Table.Td>
                  <Table.Td>{platformLabel(t, row.platform)}</Table.Td>
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
                      <Tooltip
                        label={row.last_error_message ?? ''}
                        multiline
                        maw={360}
                        disabled={!row.last_error_message}
                      >
                        <Badge color="red" variant="outline" tt="none">
                          {row.last_error_class}
                        </Badge>
                      </Tooltip>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{row.consecutive_failures}</Table.Td>
                  <Table.Td>{formatNext(row.next_check_at, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
