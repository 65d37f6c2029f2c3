import { useLingui } from '@lingui/react/macro';
import { messageFor } from '../../../i18n/message-for';
import { ph, plural } from '@lingui/core/macro';
import { MESSAGES_MESSAGES } from '../admin-messages';
import { PLATFORMS } from '@app/contracts';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { showErrorToast } from '../../ui/toast';
import { platformName } from '../../content/platform-options';
import {
  type AdminDatasource,
  adminDatasourcesQuery,
  adminTopicsQuery,
  errorText,
  startCrawl,
  setDatasourcesActive,
} from '../admin-api';
import { crawlResultText, planFilteredCrawl, planSelectedCrawl, topicName } from '../admin-logic';
import { LoadError, useAdminAction, useConfirm } from '../kit/admin-shared';
import { DatasourceDialog } from './datasource-dialog';
import { DatasourcesTable } from './datasources-table';
import { FilterBar, type FilterSpec, matchesStatus, statusFilter, useFilters } from '../kit/filters';
import { BatchModeButton, BatchToolbar, useBatchSelection, useBatchStatus } from '../kit/selection';
import { downloadOpml, OpmlImportDialog } from './opml-dialog';

type FilterKey = 'q' | 'topic' | 'platform' | 'language' | 'status';

export function DatasourcesTab() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const query = useQuery(adminDatasourcesQuery());
  const topics = useQuery(adminTopicsQuery());
  const filters = useFilters<FilterKey>({
    q: '',
    topic: null,
    platform: null,
    language: null,
    status: 'all',
  });
  const selection = useBatchSelection();
  const [opmlOpen, setOpmlOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dialog, setDialog] = useState<{ source: AdminDatasource | null } | null>(null);
  const confirm = useConfirm();
  const exportOpml = async () => {
    setExporting(true);
    try {
      await downloadOpml();
    } catch (error) {
      showErrorToast(
        t({ id: 'admin.opml.exportFailed', message: 'The OPML export failed' }),
        errorText(t, error, t({ id: 'admin.opml.exportFailed', message: 'The OPML export failed' })),
      );
    } finally {
      setExporting(false);
    }
  };

  const filterSpecs: FilterSpec<FilterKey>[] = [
    {
      kind: 'search',
      key: 'q',
      label: t({ id: 'admin.datasources.search', message: 'Search data sources' }),
      placeholder: t({ id: 'admin.datasources.searchPlaceholder', message: 'Name or URL' }),
      icon: true,
      flex: '1 1 200px',
      testId: 'ds-search',
    },
    {
      kind: 'select',
      key: 'topic',
      label: t({ id: 'admin.datasources.topic', message: 'Topic' }),
      placeholder: t({ id: 'admin.datasources.allTopics', message: 'All topics' }),
      options: (topics.data ?? []).map((topic) => ({ value: topic.id, label: topicName(topic, language) })),
      flex: '1 1 150px',
    },
    {
      kind: 'select',
      key: 'platform',
      label: t({ id: 'admin.datasources.platformFilter', message: 'Platform' }),
      placeholder: t({ id: 'admin.datasources.allPlatforms', message: 'All platforms' }),
      options: PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) })),
      flex: '1 1 130px',
      testId: 'ds-filter-platform',
    },
    {
      kind: 'select',
      key: 'language',
      label: t({ id: 'admin.datasources.language', message: 'Language' }),
      placeholder: t({ id: 'admin.datasources.allLanguages', message: 'All' }),
      options: ['EN', 'ZH'].map((value) => ({ value, label: value })),
      flex: '1 1 100px',
    },
    statusFilter('status', t),
  ];
  const { q, topic, platform, language: dataLanguage, status } = filters.values;
  const filtered = useMemo(() => {
    const term = (q ?? '').trim().toLowerCase();
    return (query.data ?? []).filter(
      (s) =>
        (!topic || s.topic_id === topic) &&
        (!platform || s.platform === platform) &&
        (!dataLanguage || s.language === dataLanguage) &&
        matchesStatus(s.is_active, status) &&
        (!term || s.source_name.toLowerCase().includes(term) || s.source_url.toLowerCase().includes(term)),
    );
  }, [query.data, q, topic, platform, dataLanguage, status]);

  const { selected, exit: exitBatch } = selection;
  const crawlMany = useAdminAction({
    run: (ids: string[]) =>
      startCrawl(ids, t({ id: 'admin.messages.noTasksCreated', message: 'No crawl tasks were created' })),
    success: t({ id: 'admin.toast.batchCrawlCreated', message: 'Crawl tasks created' }),
    failure: t({ id: 'admin.toast.batchCrawlFailed', message: 'Could not create the crawl tasks' }),
    successMessage: (r) => crawlResultText(t, r),
    onDone: exitBatch,
  });
  const batchStatus = useBatchStatus(selection, {
    setActive: setDatasourcesActive,
    updatedMessage: (count) =>
      t({
        id: 'admin.toast.datasourcesUpdated',
        message: plural(count, { one: `Updated # data source`, other: `Updated # data sources` }),
      }),
    emptyMessage: t({ id: 'admin.messages.selectDatasources', message: 'Please select data sources' }),
  });
  const crawlSelected = () => {
    const plan = planSelectedCrawl((query.data ?? []).filter((s) => selected.has(s.id)));
    if (!plan.ok)
      return showErrorToast(
        t({ id: 'admin.toast.batchCrawlFailed', message: 'Could not create the crawl tasks' }),
        t(messageFor(MESSAGES_MESSAGES, plan.message)),
      );
    crawlMany.mutate(plan.ids);
  };
  const crawlFiltered = () => {
    const plan = planFilteredCrawl(filtered);
    if (!plan.ok)
      return showErrorToast(
        t({ id: 'admin.toast.batchCrawlFailed', message: 'Could not create the crawl tasks' }),
        t(messageFor(MESSAGES_MESSAGES, plan.message)),
      );
    confirm.ask({
      title: t({ id: 'admin.confirm.crawlFilteredTitle', message: 'Crawl filtered sources' }),
      message: t({
        id: 'admin.confirm.crawlFilteredMessage',
        message: plural(ph({ count: plan.ids.length }), {
          one: `A crawl task will be created for # active data source.`,
          other: `Crawl tasks will be created for # active data sources.`,
        }),
      }),
      confirmLabel: t({ id: 'admin.actions.startCrawl', message: 'Start crawling' }),
      onConfirm: () => crawlMany.mutate(plan.ids),
    });
  };

  if (query.isError) return <LoadError error={query.error} onRetry={() => query.refetch()} />;

  return (
    <Stack data-testid="datasources-tab">
      {confirm.dialog}
      <DatasourceDialog
        opened={dialog !== null}
        source={dialog?.source ?? null}
        topics={topics.data ?? []}
        onClose={() => setDialog(null)}
      />
      <OpmlImportDialog opened={opmlOpen} topics={topics.data ?? []} onClose={() => setOpmlOpen(false)} />
      <FilterBar filters={filterSpecs} values={filters.values} onChange={filters.set} />
      <Group wrap="wrap" gap="xs">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ source: null })}
          data-testid="ds-add"
        >
          {t({ id: 'admin.datasources.add', message: 'Add data source' })}
        </Button>
        <BatchModeButton selection={selection} testId="ds-batch-toggle" />
        <Button
          variant="light"
          color="grape"
          onClick={crawlFiltered}
          loading={crawlMany.isPending}
          data-testid="ds-crawl-filtered"
        >
          {t({
            id: 'admin.actions.crawlFiltered',
            message: `Crawl filtered (${ph({ count: filtered.length })})`,
          })}
        </Button>
        <Button
          variant="light"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => setOpmlOpen(true)}
          data-testid="opml-import"
        >
          {t({ id: 'admin.opml.importButton', message: 'Import OPML' })}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportOpml}
          loading={exporting}
          data-testid="opml-export"
        >
          {t({ id: 'admin.opml.exportButton', message: 'Export OPML' })}
        </Button>
      </Group>
      {selection.batch ? (
        <BatchToolbar
          ids={filtered.map((s) => s.id)}
          selection={selection}
          status={batchStatus}
          countTestId="ds-selected-count"
        >
          <Button
            size="xs"
            variant="light"
            color="grape"
            onClick={crawlSelected}
            loading={crawlMany.isPending}
          >
            {t({ id: 'admin.actions.crawlSelected', message: 'Crawl selected' })}
          </Button>
        </BatchToolbar>
      ) : null}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : filtered.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="ds-empty">
          {t({ id: 'admin.datasources.empty', message: 'No matching data sources' })}
        </Text>
      ) : (
        <DatasourcesTable
          sources={filtered}
          batch={selection.batch}
          selected={selected}
          onSelect={selection.toggle}
          onEdit={(source) => setDialog({ source })}
        />
      )}
    </Stack>
  );
}
