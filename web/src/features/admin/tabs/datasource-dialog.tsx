import { msg } from '@lingui/core/macro';
import { messageFor } from '../../../i18n/message-for';
import { useLingui } from '@lingui/react/macro';
import { MESSAGES_MESSAGES } from '../admin-messages';
import { PLATFORMS, type Platform } from '@app/contracts';
import { JsonInput, Select, Switch, TextInput } from '@mantine/core';
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
import { FormDialog, useDialogForm } from '../kit/form-dialog';

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
  if (platform === 'twitter') return t(msg({ id: 'admin.datasources.keyword', message: 'Search keyword' }));
  if (platform === 'twitter-rss') return t(msg({ id: 'admin.datasources.rssUrl', message: 'RSS URL' }));
  return t(msg({ id: 'admin.datasources.url', message: 'URL' }));
}

/** The form's values: a new source's defaults, or the source being edited. */
const valuesOf = (source: AdminDatasource | null): DatasourceForm =>
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
    : EMPTY;

/** Add and edit modes (spec §4/§5): platform resets config, URL and name; twitter names itself. */
export function DatasourceDialog({ opened, onClose, source, topics }: Props) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const form = useDialogForm(opened, source, valuesOf);
  const { values } = form;

  const save = useAdminAction({
    run: (config: Record<string, unknown>) =>
      saveDatasource(source ?? null, {
        ...values,
        source_name: values.source_name.trim(),
        source_url: values.source_url.trim(),
        config,
      }),
    success: source
      ? t({ id: 'admin.toast.updated', message: 'Updated' })
      : t({ id: 'admin.toast.added', message: 'Added' }),
    failure: source
      ? t({ id: 'admin.toast.updateFailed', message: 'Update failed' })
      : t({ id: 'admin.toast.addFailed', message: 'Add failed' }),
    onDone: onClose,
  });

  // Only active topics are offered (plus the current one when editing).
  const topicOptions = topics
    .filter((topic) => topic.is_active || topic.id === source?.topic_id)
    .map((topic) => ({ value: topic.id, label: topicName(topic, language) }));

  const submit = () => {
    const check = checkDatasourceForm(values);
    if (!check.ok) {
      const message = t(messageFor(MESSAGES_MESSAGES, check.message));
      if (check.field === 'config') {
        form.setFieldError('config', message);
        showErrorToast(t({ id: 'admin.messages.configErrorTitle', message: 'Config error' }), message);
      } else {
        showErrorToast(
          source
            ? t({ id: 'admin.toast.updateFailed', message: 'Update failed' })
            : t({ id: 'admin.toast.addFailed', message: 'Add failed' }),
          message,
        );
      }
      return;
    }
    form.clearErrors();
    save.mutate(check.config);
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={
        source
          ? t({ id: 'admin.datasources.editTitle', message: 'Edit data source' })
          : t({ id: 'admin.datasources.addTitle', message: 'Add data source' })
      }
      size="lg"
      saving={save.isPending}
      submitLabel={
        source
          ? t({ id: 'admin.actions.save', message: 'Save' })
          : t({ id: 'admin.actions.add', message: 'Add' })
      }
      submitTestId="ds-submit"
      onSubmit={submit}
    >
      <Select
        label={t({ id: 'admin.datasources.linkedTopic', message: 'Topic' })}
        required
        data={topicOptions}
        value={values.topic_id || null}
        onChange={(value) => form.setFieldValue('topic_id', value ?? '')}
        searchable
        data-testid="ds-topic"
      />
      <Select
        label={t({ id: 'admin.datasources.platform', message: 'Platform' })}
        required
        data={PLATFORMS.map((id) => ({ value: id, label: platformName(t, id) }))}
        value={values.platform || null}
        onChange={(value) => value && form.setValues(withPlatform(form.getValues(), value as Platform))}
        allowDeselect={false}
        data-testid="ds-platform"
      />
      <TextInput
        label={urlLabel(t, values.platform)}
        required
        value={values.source_url}
        onChange={(e) => form.setValues(withUrl(form.getValues(), e.currentTarget.value))}
        data-testid="ds-url"
      />
      <TextInput
        label={t({ id: 'admin.datasources.name', message: 'Data source name' })}
        required
        readOnly={values.platform === 'twitter'}
        description={
          values.platform === 'twitter'
            ? t({ id: 'admin.datasources.nameFromKeyword', message: 'Set from the keyword' })
            : undefined
        }
        {...form.getInputProps('source_name')}
        data-testid="ds-name"
      />
      <Select
        label={t({ id: 'admin.datasources.language', message: 'Language' })}
        data={[
          { value: 'EN', label: 'EN' },
          { value: 'ZH', label: 'ZH' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
      <JsonInput
        label={t({ id: 'admin.datasources.config', message: 'Config (JSON)' })}
        autosize
        minRows={4}
        maxRows={14}
        {...form.getInputProps('config')}
        data-testid="ds-config"
      />
      <Switch
        label={t({ id: 'admin.datasources.active', message: 'Active' })}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
