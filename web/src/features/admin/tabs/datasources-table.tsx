import type { DatasourceStatus } from '@app/contracts';
import { useLingui } from '@lingui/react/macro';
import { msg, ph, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Anchor, Badge, Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import { ScrollRegion } from '../../ui/scroll-region';
import { platformName } from '../../content/platform-options';
import type { Language } from '../../../i18n/language';
import { useLanguage } from '../../../i18n/language-provider';
import { type AdminDatasource, deleteDatasource, setDatasourceActive, startCrawl } from '../admin-api';
import {
  type AdminT,
  crawlErrorText,
  crawlResultText,
  formatDateTime,
  lastCrawledText,
  STATUS_COLORS,
  topicName,
} from '../admin-logic';
import { RowActions, useAdminAction, useConfirm } from '../kit/admin-shared';

const DATASOURCE_STATES: Record<DatasourceStatus, MessageDescriptor> = {
  disabled: msg({ id: 'admin.datasources.states.disabled', message: 'Disabled' }),
  pending: msg({ id: 'admin.datasources.states.pending', message: 'Pending' }),
  normal: msg({ id: 'admin.datasources.states.normal', message: 'Normal' }),
  stale: msg({ id: 'admin.datasources.states.stale', message: 'Stale' }),
  failing: msg({ id: 'admin.datasources.states.failing', message: 'Failing' }),
};

/** A time as the admin reads it ("5 minutes ago"), the exact date and time on hover and for machines. */
function CrawlTime({ iso, t, language }: { iso: string; t: AdminT; language: Language }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso, language)}>
      {lastCrawledText(iso, t, language)}
    </time>
  );
}

/**
 * A source's status from its crawl health: the state, and for a failing source what went wrong
 * (in words, then the crawler's own message) and how many times in a row.
 */
function SourceStatus({ source }: { source: AdminDatasource }) {
  const { t } = useLingui();
  const { status } = source;
  return (
    <Stack gap={2} maw={240}>
      <Badge color={STATUS_COLORS[status]} variant="dot" data-testid="ds-status">
        {t(DATASOURCE_STATES[status])}
      </Badge>
      {status === 'failing' ? (
        <>
          <Text size="xs" c="red.9" data-testid="ds-error">
            {crawlErrorText(t, source.last_error_class ?? '')}
            {' · '}
            {t({
              id: 'admin.datasources.failures',
              message: plural(ph({ count: source.consecutive_failures }), {
                one: '# failure in a row',
                other: '# failures in a row',
              }),
            })}
          </Text>
          {source.last_error_message ? (
            <Text size="xs" c="dimmed" lineClamp={2} title={source.last_error_message}>
              {source.last_error_message}
            </Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/** The last successful crawl, and the last try when it came after (a failed one). */
function LastCrawled({ source, language }: { source: AdminDatasource; language: Language }) {
  const { t } = useLingui();
  const triedSince =
    source.last_crawled_at && (!source.last_success_at || source.last_crawled_at > source.last_success_at);
  return (
    <Stack gap={2} data-testid="ds-last-crawled">
      <Text size="xs">
        {source.last_success_at ? (
          <CrawlTime iso={source.last_success_at} t={t} language={language} />
        ) : source.last_crawled_at ? (
          t({ id: 'admin.datasources.noSuccess', message: 'No successful crawl yet' })
        ) : (
          t({ id: 'admin.lastCrawled.never', message: 'Never crawled' })
        )}
      </Text>
      {triedSince && source.last_crawled_at ? (
        <Text size="xs" c="dimmed">
          {t({
            id: 'admin.datasources.lastAttempt',
            message: `Last try ${ph({ when: lastCrawledText(source.last_crawled_at, t, language) })}`,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

type Props = {
  sources: AdminDatasource[];
  /** Batch mode shows a checkbox per row. */
  batch: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onEdit: (source: AdminDatasource) => void;
};

/** The data sources with status, last crawl and the per-row actions: crawl, edit, pause/enable, delete. */
export function DatasourcesTable({ sources, batch, selected, onSelect, onEdit }: Props) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const confirm = useConfirm();
  const crawlOne = useAdminAction({
    run: (source: AdminDatasource) =>
      startCrawl(
        [source.id],
        t({ id: 'admin.messages.noTasksCreated', message: 'No crawl tasks were created' }),
      ),
    success: t({ id: 'admin.toast.crawlCreated', message: 'Crawl task created' }),
    failure: t({ id: 'admin.toast.crawlFailed', message: 'Could not create the crawl task' }),
    successMessage: (r) => crawlResultText(t, r),
  });
  const toggle = useAdminAction({
    run: (source: AdminDatasource) => setDatasourceActive(source, !source.is_active),
    success: t({ id: 'admin.toast.updated', message: 'Updated' }),
    failure: t({ id: 'admin.toast.updateFailed', message: 'Update failed' }),
  });
  const remove = useAdminAction({
    run: deleteDatasource,
    success: t({ id: 'admin.toast.deleted', message: 'Deleted' }),
    failure: t({ id: 'admin.toast.deleteFailed', message: 'Delete failed' }),
  });

  return (
    <>
      {confirm.dialog}
      <ScrollRegion label={t({ id: 'admin.tabs.datasources', message: 'Data sources' })}>
        <Table striped highlightOnHover miw={860} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {batch ? <Table.Th w={36} /> : null}
              <Table.Th>{t({ id: 'admin.datasources.columns.name', message: 'Name' })}</Table.Th>
              <Table.Th>{t({ id: 'admin.datasources.columns.platform', message: 'Platform' })}</Table.Th>
              <Table.Th>{t({ id: 'admin.datasources.columns.topic', message: 'Topic' })}</Table.Th>
              <Table.Th>{t({ id: 'admin.datasources.columns.language', message: 'Language' })}</Table.Th>
              <Table.Th>{t({ id: 'admin.datasources.columns.status', message: 'Status' })}</Table.Th>
              <Table.Th>
                {t({ id: 'admin.datasources.columns.lastCrawled', message: 'Last successful crawl' })}
              </Table.Th>
              <Table.Th>{t({ id: 'admin.datasources.columns.actions', message: 'Actions' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((source) => {
              return (
                <Table.Tr key={source.id} data-testid="ds-row" data-name={source.source_name}>
                  {batch ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={t({
                          id: 'admin.selection.select',
                          message: `Select ${ph({ name: source.source_name })}`,
                        })}
                        checked={selected.has(source.id)}
                        onChange={() => onSelect(source.id)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Td maw={260}>
                    <Text size="sm" fw={600} truncate>
                      {source.source_name}
                    </Text>
                    <Anchor
                      href={source.source_url.startsWith('http') ? source.source_url : undefined}
                      size="xs"
                      c="dimmed"
                      truncate="end"
                      display="block"
                      target="_blank"
                      rel="noreferrer"
                    >
                      {source.source_url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{platformName(t, source.platform)}</Table.Td>
                  <Table.Td>{topicName(source.topic, language)}</Table.Td>
                  <Table.Td>{source.language}</Table.Td>
                  <Table.Td>
                    <SourceStatus source={source} />
                  </Table.Td>
                  <Table.Td>
                    <LastCrawled source={source} language={language} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      gap={4}
                      active={source.is_active}
                      onEdit={() => onEdit(source)}
                      onToggle={() => toggle.mutate(source)}
                      onDelete={() => remove.mutate(source)}
                      confirmDelete={{
                        title: t({
                          id: 'admin.confirm.deleteDatasourceTitle',
                          message: 'Delete data source',
                        }),
                        message: t({
                          id: 'admin.confirm.deleteDatasourceMessage',
                          message: `Delete the data source "${ph({ name: source.source_name })}"? This cannot be undone; its posts and summaries are deleted too.`,
                        }),
                        ask: confirm.ask,
                      }}
                    >
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="grape"
                        disabled={!source.is_active}
                        onClick={() => crawlOne.mutate(source)}
                      >
                        {t({ id: 'admin.actions.crawl', message: 'Crawl' })}
                      </Button>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </>
  );
}
