import { useLingui } from '@lingui/react/macro';
import { Switch, Textarea, TextInput } from '@mantine/core';
import { parseKeywords } from '@app/rules';
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
  const { t } = useLingui();
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
    success: topic
      ? t({ id: 'admin.toast.updated', message: 'Updated' })
      : t({ id: 'admin.toast.added', message: 'Added' }),
    failure: topic
      ? t({ id: 'admin.toast.updateFailed', message: 'Update failed' })
      : t({ id: 'admin.toast.addFailed', message: 'Add failed' }),
    onDone: onClose,
  });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={
        topic
          ? t({ id: 'admin.topics.editTitle', message: 'Edit topic' })
          : t({ id: 'admin.topics.addTitle', message: 'Add topic' })
      }
      ready={values.name.trim().length > 0 && values.description.trim().length > 0}
      saving={save.isPending}
      submitLabel={
        topic
          ? t({ id: 'admin.actions.save', message: 'Save' })
          : t({ id: 'admin.actions.add', message: 'Add' })
      }
      submitTestId="topic-submit"
      onSubmit={() => save.mutate(undefined)}
    >
      <TextInput
        label={t({ id: 'admin.topics.name', message: 'Topic name' })}
        required
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t({ id: 'admin.topics.description', message: 'Description' })}
        required
        autosize
        minRows={2}
        {...form.getInputProps('description')}
      />
      <TextInput
        label={t({ id: 'admin.topics.keywords', message: 'Keywords' })}
        description={t({ id: 'admin.topics.keywordsHint', message: 'Separate with commas' })}
        {...form.getInputProps('keywords')}
      />
      <Switch
        label={t({ id: 'admin.topics.active', message: 'Active' })}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </FormDialog>
  );
}
