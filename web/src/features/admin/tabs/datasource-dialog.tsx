import { PLATFORMS, type Platform } from '@app/contracts';
import { Button, Group, JsonInput, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/language-provider';
import { showErrorToast } from '../../ui/toast';
import { platformName } from '../../content/platform-options';
import { type AdminDatasource, type AdminTopic, saveDatasource } from '../admin-api';
import {
  type AdminT,
  checkDatasourceForm,
  type DatasourceForm,
  topicName,
  withPlatform,
  withUrl,
} from '../admin-logic';
import { useAdminAction } from '../kit/admin-shared';

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

function urlLabel(t: AdminT, platform: DatasourceForm['platform']) {
  if (platform === 'twitter') return t('datasources.keyword');
  if (platform === 'twitter-rss') return t('datasources.rssUrl');
  return t('datasources.url');
}

/** Add and edit modes (spec §4/§5): platform resets config, URL and name; twitter names itself. */
export function DatasourceDialog({ opened, onClose, source, topics }: Props) {
  const { t } = useTranslation('admin');
  const { language } = useLanguage();
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
      return saveDatasource(source ?? null, body);
    },
    success: source ? t('toast.updated') : t('toast.added'),
    failure: source ? t('toast.updateFailed') : t('toast.addFailed'),
    onDone: onClose,
  });

  // Only active topics are offered (plus the current one when editing).
  const topicOptions = topics
    .filter((topic) => topic.is_active || topic.id === source?.topic_id)
    .map((topic) => ({ value: topic.id, label: topicName(topic, language) }));

  const submit = () => {
    const check = checkDatasourceForm(form);
    if (!check.ok) {
      const message = t(`messages.${check.message}`);
      if (check.field === 'config') {
        setConfigError(message);
        showErrorToast(t('messages.configErrorTitle'), message);
      } else {
        showErrorToast(source ? t('toast.updateFailed') : t('toast.addFailed'), message);
      }
      return;
    }
    setConfigError(null);
    save.mutate(check.config);
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={opened}
      onClose={onClose}
      title={source ? t('datasources.editTitle') : t('datasources.addTitle')}
      centered
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Select
            label={t('datasources.linkedTopic')}
            required
            data={topicOptions}
            value={form.topic_id || null}
            onChange={(value) => setForm((f) => ({ ...f, topic_id: value ?? '' }))}
            searchable
            data-testid="ds-topic"
          />
          <Select
            label={t('datasources.platform')}
            required
            data={PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) }))}
            value={form.platform || null}
            onChange={(value) => value && setForm((f) => withPlatform(f, value as Platform))}
            allowDeselect={false}
            data-testid="ds-platform"
          />
          <TextInput
            label={urlLabel(t, form.platform)}
            required
            value={form.source_url}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => withUrl(f, value));
            }}
            data-testid="ds-url"
          />
          <TextInput
            label={t('datasources.name')}
            required
            value={form.source_name}
            readOnly={form.platform === 'twitter'}
            description={form.platform === 'twitter' ? t('datasources.nameFromKeyword') : undefined}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setForm((f) => ({ ...f, source_name: value }));
            }}
            data-testid="ds-name"
          />
          <Select
            label={t('datasources.language')}
            data={[
              { value: 'EN', label: 'EN' },
              { value: 'ZH', label: 'ZH' },
            ]}
            value={form.language}
            onChange={(value) => value && setForm((f) => ({ ...f, language: value as 'EN' | 'ZH' }))}
            allowDeselect={false}
          />
          <JsonInput
            label={t('datasources.config')}
            autosize
            minRows={4}
            maxRows={14}
            value={form.config}
            error={configError}
            onChange={(value) => setForm((f) => ({ ...f, config: value }))}
            data-testid="ds-config"
          />
          <Switch
            label={t('datasources.active')}
            checked={form.is_active}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setForm((f) => ({ ...f, is_active: checked }));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="ds-submit">
              {source ? t('actions.save') : t('actions.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
