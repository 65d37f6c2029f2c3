import { PLATFORMS, type Platform } from '@app/contracts';
import { Button, Group, JsonInput, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { showErrorToast } from '../ui/toast';
import type { AdminDatasource, AdminTopic } from './admin-api';
import {
  checkDatasourceForm,
  type DatasourceForm,
  PLATFORM_LABELS,
  TOAST,
  withPlatform,
  withUrl,
} from './admin-logic';
import { useAdminAction } from './admin-shared';

type Props = { opened: boolean; onClose: () => void; source: AdminDatasource | null; topics: AdminTopic[] };

const EMPTY: DatasourceForm = {
  topic_id: '',
  platform: '',
  source_name: '',
  source_url: '',
  language: 'EN',
  config: '{}',
  is_active: true,
};

function urlLabel(platform: DatasourceForm['platform']) {
  if (platform === 'twitter') return '搜索关键词';
  if (platform === 'twitter-rss') return 'RSS URL';
  return 'URL';
}

/** Add and edit modes (spec §4/§5): platform resets config, URL and name; twitter names itself. */
export function DatasourceDialog({ opened, onClose, source, topics }: Props) {
  const [form, setForm] = useState<DatasourceForm>(EMPTY);
  const [configError, setConfigError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setConfigError(null);
    setForm(
      source
        ? {
            topic_id: source.topic_id,
            platform: source.platform,
            source_name: source.source_name,
            source_url: source.source_url,
            language: source.language,
            config: JSON.stringify(source.config, null, 2),
            is_active: source.is_active,
          }
        : EMPTY,
    );
  }, [opened, source]);

  const save = useAdminAction({
    run: (config: Record<string, unknown>) => {
      const body = {
        ...form,
        source_name: form.source_name.trim(),
        source_url: form.source_url.trim(),
        config,
      };
      return source
        ? api.patch(`/api/admin/datasources/${source.id}`, body)
        : api.post('/api/admin/datasources', body);
    },
    success: source ? TOAST.updated : TOAST.added,
    failure: source ? TOAST.updateFailed : TOAST.addFailed,
    onDone: onClose,
  });

  // Only active topics are offered (plus the current one when editing).
  const topicOptions = topics
    .filter((t) => t.is_active || t.id === source?.topic_id)
    .map((t) => ({ value: t.id, label: t.name }));

  const submit = () => {
    const check = checkDatasourceForm(form);
    if (!check.ok) {
      if (check.field === 'config') setConfigError(check.message);
      showErrorToast(source && check.field !== 'config' ? TOAST.updateFailed : check.title, check.message);
      return;
    }
    setConfigError(null);
    save.mutate(check.config);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={source ? '编辑数据源' : '添加数据源'} centered size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Select
            label="关联主题"
            required
            data={topicOptions}
            value={form.topic_id || null}
            onChange={(value) => setForm((f) => ({ ...f, topic_id: value ?? '' }))}
            searchable
            data-testid="ds-topic"
          />
          <Select
            label="平台"
            required
            data={PLATFORMS.map((id) => ({ value: id, label: PLATFORM_LABELS[id] }))}
            value={form.platform || null}
            onChange={(value) => value && setForm((f) => withPlatform(f, value as Platform))}
            allowDeselect={false}
            data-testid="ds-platform"
          />
          <TextInput
            label={urlLabel(form.platform)}
            required
            value={form.source_url}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => withUrl(f, value));
            }}
            data-testid="ds-url"
          />
          <TextInput
            label="数据源名称"
            required
            value={form.source_name}
            readOnly={form.platform === 'twitter'}
            description={form.platform === 'twitter' ? '根据关键词自动生成' : undefined}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, source_name: value }));
            }}
            data-testid="ds-name"
          />
          <Select
            label="语言"
            data={[
              { value: 'EN', label: 'EN' },
              { value: 'ZH', label: 'ZH' },
            ]}
            value={form.language}
            onChange={(value) => value && setForm((f) => ({ ...f, language: value as 'EN' | 'ZH' }))}
            allowDeselect={false}
          />
          <JsonInput
            label="配置 (JSON)"
            autosize
            minRows={4}
            maxRows={14}
            value={form.config}
            error={configError}
            onChange={(value) => setForm((f) => ({ ...f, config: value }))}
            data-testid="ds-config"
          />
          <Switch
            label="活跃"
            checked={form.is_active}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, is_active: checked }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="ds-submit">
              {source ? '保存' : '添加'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
