import { PLATFORMS } from '@app/contracts';
import { Button, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/language-provider';
import { showErrorToast } from '../ui/toast';
import { platformName } from '../content/platform-options';
import {
  type AdminDatasource,
  adminDatasourcesQuery,
  adminTopicsQuery,
  errorText,
  startCrawl,
  setDatasourcesActive,
} from './admin-api';
import {
  crawlResultText,
  planFilteredCrawl,
  planSelectedCrawl,
  toggleSelection,
  topicName,
} from './admin-logic';
import { BatchToolbar, LoadError, useAdminAction, useConfirm } from './admin-shared';
import { DatasourceDialog } from './datasource-dialog';
import { DatasourcesTable } from './datasources-table';
import { downloadOpml, OpmlImportDialog } from './opml-dialog';

type StatusFilter = 'all' | 'active' | 'paused';

export function DatasourcesTab() {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
  const query = useQuery(adminDatasourcesQuery());
  const topics = useQuery(adminTopicsQuery());
  const [search, setSearch] = useState('');
  const [opmlOpen, setOpmlOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const exportOpml = async () => {
    setExporting(true);
    try {
      await downloadOpml();
    } catch (error) {
      showErrorToast(t('opml.exportFailed'), errorText(t, error, t('opml.exportFailed')));
    } finally {
      setExporting(false);
    }
  };
  const [topicId, setTopicId] = useState<string | null>(null);
  const [platform, setPlatform] = useState<string | null>(null);
  const [dataLanguage, setDataLanguage] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ source: AdminDatasource | null } | null>(null);
  const confirm = useConfirm();

  const filtered = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (query.data ?? []).filter(
      (s) =>
        (!topicId || s.topic_id === topicId) &&
        (!platform || s.platform === platform) &&
        (!dataLanguage || s.language === dataLanguage) &&
        (status === 'all' || (status === 'active') === s.is_active) &&
        (!term || s.source_name.toLowerCase().includes(term) || s.source_url.toLowerCase().includes(term)),
    );
  }, [query.data, search, topicId, platform, dataLanguage, status]);

  const exitBatch = () => {
    setBatch(false);
    setSelected(new Set());
  };
  const crawlMany = useAdminAction({
    run: (ids: string[]) => startCrawl(ids, t('messages.noTasksCreated')),
    success: t('toast.batchCrawlCreated'),
    failure: t('toast.batchCrawlFailed'),
    successMessage: (r) => crawlResultText(t, r),
    onDone: exitBatch,
  });
  const batchStatus = useAdminAction({
    run: (isActive: boolean) => setDatasourcesActive([...selected], isActive),
    success: t('toast.updated'),
    failure: t('toast.batchFailed'),
    successMessage: (r) => t('toast.datasourcesUpdated', { count: r.updated }),
    onDone: exitBatch,
  });

  const runBatch = (isActive: boolean) => {
    if (selected.size === 0) return showErrorToast(t('toast.batchFailed'), t('messages.selectDatasources'));
    batchStatus.mutate(isActive);
  };
  const crawlSelected = () => {
    const plan = planSelectedCrawl((query.data ?? []).filter((s) => selected.has(s.id)));
    if (!plan.ok) return showErrorToast(t('toast.batchCrawlFailed'), t(`messages.${plan.message}`));
    crawlMany.mutate(plan.ids);
  };
  const crawlFiltered = () => {
    const plan = planFilteredCrawl(filtered);
    if (!plan.ok) return showErrorToast(t('toast.batchCrawlFailed'), t(`messages.${plan.message}`));
    confirm.ask({
      title: t('confirm.crawlFilteredTitle'),
      message: t('confirm.crawlFilteredMessage', { count: plan.ids.length }),
      confirmLabel: t('actions.startCrawl'),
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
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 200px' }}
          label={t('datasources.search')}
          placeholder={t('datasources.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="ds-search"
        />
        <Select
          style={{ flex: '1 1 150px' }}
          label={t('datasources.topic')}
          placeholder={t('datasources.allTopics')}
          clearable
          data={(topics.data ?? []).map((topic) => ({ value: topic.id, label: topicName(topic, language) }))}
          value={topicId}
          onChange={setTopicId}
        />
        <Select
          style={{ flex: '1 1 130px' }}
          label={t('datasources.platformFilter')}
          placeholder={t('datasources.allPlatforms')}
          clearable
          data={PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) }))}
          value={platform}
          onChange={setPlatform}
          data-testid="ds-filter-platform"
        />
        <Select
          style={{ flex: '1 1 100px' }}
          label={t('datasources.language')}
          placeholder={t('datasources.allLanguages')}
          clearable
          data={['EN', 'ZH']}
          value={dataLanguage}
          onChange={setDataLanguage}
        />
        <SegmentedControl
          value={status}
          onChange={(v) => setStatus(v as StatusFilter)}
          data={[
            { value: 'all', label: t('status.all') },
            { value: 'active', label: t('status.active') },
            { value: 'paused', label: t('status.paused') },
          ]}
        />
      </Group>
      <Group wrap="wrap" gap="xs">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setDialog({ source: null })}
          data-testid="ds-add"
        >
          {t('datasources.add')}
        </Button>
        <Button
          variant={batch ? 'filled' : 'light'}
          color={batch ? 'gray' : undefined}
          onClick={() => (batch ? exitBatch() : setBatch(true))}
          data-testid="ds-batch-toggle"
        >
          {batch ? t('actions.exitBatch') : t('actions.batchMode')}
        </Button>
        <Button
          variant="light"
          color="grape"
          onClick={crawlFiltered}
          loading={crawlMany.isPending}
          data-testid="ds-crawl-filtered"
        >
          {t('actions.crawlFiltered', { count: filtered.length })}
        </Button>
        <Button
          variant="light"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={() => setOpmlOpen(true)}
          data-testid="opml-import"
        >
          {t('opml.importButton')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={exportOpml}
          loading={exporting}
          data-testid="opml-export"
        >
          {t('opml.exportButton')}
        </Button>
      </Group>
      {batch ? (
        <BatchToolbar
          ids={filtered.map((s) => s.id)}
          selected={selected}
          onSelect={setSelected}
          onSetEnabled={runBatch}
          pending={batchStatus.isPending}
          countTestId="ds-selected-count"
        >
          <Button
            size="xs"
            variant="light"
            color="grape"
            onClick={crawlSelected}
            loading={crawlMany.isPending}
          >
            {t('actions.crawlSelected')}
          </Button>
        </BatchToolbar>
      ) : null}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : filtered.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="ds-empty">
          {t('datasources.empty')}
        </Text>
      ) : (
        <DatasourcesTable
          sources={filtered}
          batch={batch}
          selected={selected}
          onSelect={(id) => setSelected((s) => toggleSelection(s, id))}
          onEdit={(source) => setDialog({ source })}
        />
      )}
    </Stack>
  );
}
