import { type AdminSubscriber, toLocale } from '@app/contracts';
import {
  Badge,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/language-provider';
import { adminSubscribersQuery } from './admin-api';
import { LoadError } from './admin-shared';

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
  const [status, setStatus] = useState<'all' | AdminSubscriber['status']>('all');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const query = useQuery(
    adminSubscribersQuery({ ...(status === 'all' ? {} : { status }), ...(q ? { q } : {}) }),
  );
  const dateTime = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(toLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(iso),
        )
      : '—';

  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => query.refetch()} testId="subscribers-error" />;
  }
  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  const { counts, data } = query.data;
  const total = STATUSES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  return (
    <Stack data-testid="subscribers-tab">
      <Group align="flex-end" wrap="wrap">
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as typeof status)}
          data={[
            { value: 'all', label: t('subscribers.all', { count: total }) },
            ...STATUSES.map((s) => ({
              value: s,
              label: t('subscribers.statusCount', {
                status: t(`subscribers.statuses.${s}`),
                count: counts[s] ?? 0,
              }),
            })),
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <TextInput
          label={t('subscribers.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          w={{ base: '100%', sm: 280 }}
        />
      </Group>
      {data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('subscribers.empty')}
        </Text>
      ) : (
        <ScrollArea
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('tabs.subscribers') }}
        >
          <Table striped miw={760} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscribers.columns.email')}</Table.Th>
                <Table.Th>{t('subscribers.columns.status')}</Table.Th>
                <Table.Th>{t('subscribers.columns.language')}</Table.Th>
                <Table.Th>{t('subscribers.columns.confirmed')}</Table.Th>
                <Table.Th>{t('subscribers.columns.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
