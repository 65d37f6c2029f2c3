import { Anchor, Badge, Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
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
function SourceStatus({ source, t }: { source: AdminDatasource; t: AdminT }) {
  const { status } = source;
  return (
    <Stack gap={2} maw={240}>
      <Badge color={STATUS_COLORS[status]} variant="dot" data-testid="ds-status">
        {t(`datasources.states.${status}`)}
      </Badge>
      {status === 'failing' ? (
        <>
          <Text size="xs" c="red.9" data-testid="ds-error">
            {crawlErrorText(t, source.last_error_class ?? '')}
            {' · '}
            {t('datasources.failures', { count: source.consecutive_failures })}
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
function LastCrawled({ source, t, language }: { source: AdminDatasource; t: AdminT; language: Language }) {
  const triedSince =
    source.last_crawled_at && (!source.last_success_at || source.last_crawled_at > source.last_success_at);
  return (
    <Stack gap={2} data-testid="ds-last-crawled">
      <Text size="xs">
        {source.last_success_at ? (
          <CrawlTime iso={source.last_success_at} t={t} language={language} />
        ) : source.last_crawled_at ? (
          t('datasources.noSuccess')
        ) : (
          t('lastCrawled.never')
        )}
      </Text>
      {triedSince && source.last_crawled_at ? (
        <Text size="xs" c="dimmed">
          {t('datasources.lastAttempt', { when: lastCrawledText(source.last_crawled_at, t, language) })}
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
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const confirm = useConfirm();
  const crawlOne = useAdminAction({
    run: (source: AdminDatasource) => startCrawl([source.id], t('messages.noTasksCreated')),
    success: t('toast.crawlCreated'),
    failure: t('toast.crawlFailed'),
    successMessage: (r) => crawlResultText(t, r),
  });
  const toggle = useAdminAction({
    run: (source: AdminDatasource) => setDatasourceActive(source, !source.is_active),
    success: t('toast.updated'),
    failure: t('toast.updateFailed'),
  });
  const remove = useAdminAction({
    run: deleteDatasource,
    success: t('toast.deleted'),
    failure: t('toast.deleteFailed'),
  });

  return (
    <>
      {confirm.dialog}
      <ScrollRegion label={t('tabs.datasources')}>
        <Table striped highlightOnHover miw={860} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {batch ? <Table.Th w={36} /> : null}
              <Table.Th>{t('datasources.columns.name')}</Table.Th>
              <Table.Th>{t('datasources.columns.platform')}</Table.Th>
              <Table.Th>{t('datasources.columns.topic')}</Table.Th>
              <Table.Th>{t('datasources.columns.language')}</Table.Th>
              <Table.Th>{t('datasources.columns.status')}</Table.Th>
              <Table.Th>{t('datasources.columns.lastCrawled')}</Table.Th>
              <Table.Th>{t('datasources.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((source) => {
              return (
                <Table.Tr key={source.id} data-testid="ds-row" data-name={source.source_name}>
                  {batch ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('selection.select', { name: source.source_name })}
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
                    <SourceStatus source={source} t={t} />
                  </Table.Td>
                  <Table.Td>
                    <LastCrawled source={source} t={t} language={language} />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      gap={4}
                      active={source.is_active}
                      onEdit={() => onEdit(source)}
                      onToggle={() => toggle.mutate(source)}
                      onDelete={() => remove.mutate(source)}
                      confirmDelete={{
                        title: t('confirm.deleteDatasourceTitle'),
                        message: t('confirm.deleteDatasourceMessage', { name: source.source_name }),
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
                        {t('actions.crawl')}
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
