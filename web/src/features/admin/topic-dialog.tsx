import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import type { AdminTopic } from './admin-api';
import { parseKeywords, TOAST } from './admin-logic';
import { useAdminAction } from './admin-shared';

type Props = { opened: boolean; onClose: () => void; topic: AdminTopic | null };

/** Add and edit modes; name and description required; keywords comma-separated. */
export function TopicDialog({ opened, onClose, topic }: Props) {
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
      return topic ? api.patch(`/api/admin/topics/${topic.id}`, body) : api.post('/api/admin/topics', body);
    },
    success: topic ? TOAST.updated : TOAST.added,
    failure: topic ? TOAST.updateFailed : TOAST.addFailed,
    onDone: onClose,
  });
  const ready = name.trim().length > 0 && description.trim().length > 0;

  return (
    <Modal opened={opened} onClose={onClose} title={topic ? '编辑主题' : '添加主题'} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save.mutate(undefined);
        }}
      >
        <Stack>
          <TextInput
            label="主题名称"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Textarea
            label="描述"
            required
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <TextInput
            label="关键词"
            description="用逗号分隔"
            value={keywords}
            onChange={(e) => setKeywords(e.currentTarget.value)}
          />
          <Switch label="活跃" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              取消
            </Button>
            <Button type="submit" disabled={!ready} loading={save.isPending} data-testid="topic-submit">
              {topic ? '保存' : '添加'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
