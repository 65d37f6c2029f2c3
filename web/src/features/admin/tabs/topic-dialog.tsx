import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { type AdminTopic, saveTopic } from '../admin-api';
import { parseKeywords } from '@app/rules';
import { useAdminAction } from '../kit/admin-shared';

type Props = { opened: boolean; onClose: () => void; topic: AdminTopic | null };

/** Add and edit modes; name and description required; keywords comma-separated. */
export function TopicDialog({ opened, onClose, topic }: Props) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [keywords, setKeywords] = useState('');
  const [active, setActive] = useState(true);
  useEffect(() => {
    if (!opened) return;
    setName(topic?.name ?? '');
    setDescription(topic?.description ?? '');
    setKeywords(topic?.keywords.join(', ') ?? '');
    setActive(topic?.is_active ?? true);
  }, [opened, topic]);

  const save = useAdminAction({
    run: () => {
      const body = {
        name: name.trim(),
        description: description.trim(),
        keywords: parseKeywords(keywords),
        is_active: active,
      };
      return saveTopic(topic ?? null, body);
    },
    success: topic ? t('toast.updated') : t('toast.added'),
    failure: topic ? t('toast.updateFailed') : t('toast.addFailed'),
    onDone: onClose,
  });
  const ready = name.trim().length > 0 && description.trim().length > 0;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={opened}
      onClose={onClose}
      title={topic ? t('topics.editTitle') : t('topics.addTitle')}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save.mutate(undefined);
        }}
      >
        <Stack>
          <TextInput
            label={t('topics.name')}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label={t('topics.description')}
            required
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <TextInput
            label={t('topics.keywords')}
            description={t('topics.keywordsHint')}
            value={keywords}
            onChange={(e) => setKeywords(e.currentTarget.value)}
          />
          <Switch
            label={t('topics.active')}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={!ready} loading={save.isPending} data-testid="topic-submit">
              {topic ? t('actions.save') : t('actions.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
