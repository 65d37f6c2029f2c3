import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/** Asks before a result is published: who will see it, under which name, and that it can be taken back. */
export function PublishDialog({
  opened,
  displayName,
  onClose,
  onConfirm,
  pending,
}: {
  opened: boolean;
  displayName: string | null;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('generation');
  return (
    <Modal opened={opened} onClose={onClose} title={t('publish.title')} centered>
      <Stack gap="md">
        <Text size="sm" data-testid="publish-confirm-text">
          {displayName ? t('publish.confirm', { name: displayName }) : t('publish.confirmNoName')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={pending} onClick={onConfirm} data-testid="confirm-publish">
            {t('publish.publish')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
