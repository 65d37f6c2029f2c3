import { Switch, Textarea, TextInput } from '@mantine/core';
import { parseKeywords } from '@app/rules';
import { useTranslation } from '../../../i18n/react';
import { type AdminTopic, saveTopic } from '../admin-api';
import { useAdminAction } from '../kit/admin-shared';
import { FormDialog, useDialogForm } from '../kit/form-dialog';

type Props = { opened: boolean; onClose: () => void; topic: AdminTopic | null };

const valuesOf = (topic: AdminTopic | null) => ({
  name: topic?.name ?? '',
  description: topic?.description ?? '',
  keywords: topic?.keywords.join(', ') ?? '',
  is_active: topic?.is_active ?? true,
});

/** Add and edit modes; name and description required; keywords comma-separated. */
export function TopicDialog({ opened, onClose, topic }: Props) {
  const { t } = useTranslation('admin');
  const form = useDialogForm(opened, topic, valuesOf);
  const { values } = form;
  const save = useAdminAction({
    run: () =>
      saveTopic(topic ?? null, {
        name: values.name.trim(),
        description: values.description.trim(),
        keywords: parseKeywords(values.keywords),
        is_active: values.is_active,
      }),
    success: topic ? t('toast.updated') : t('toast.added'),
    failure: topic ? t('toast.updateFailed') : t('toast.addFailed'),
    onDone: onClose,
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={topic ? t('topics.editTitle') : t('topics.addTitle')}
      ready={values.name.trim().length > 0 && values.description.trim().length > 0}
      saving={save.isPending}
      submitLabel={topic ? t('actions.save') : t('actions.add')}
      submitTestId="topic-submit"
      onSubmit={() => save.mutate(undefined)}
    >
      <TextInput label={t('topics.name')} required {...form.getInputProps('name')} />
      <Textarea
        label={t('topics.description')}
        required
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t('topics.keywords')}
        description={t('topics.keywordsHint')}
        {...form.getInputProps('keywords')}
      />
      <Switch label={t('topics.active')} {...form.getInputProps('is_active', { type: 'checkbox' })} />
    </FormDialog>
  );
}
