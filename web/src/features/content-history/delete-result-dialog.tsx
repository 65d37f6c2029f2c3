import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/** Asks before a generated result is deleted. */
export function DeleteResultDialog({
  opened,
  onClose,
  onConfirm,
  pending,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('contentHistory');
  const { t: tg } = useTranslation('generation');
  return (
    <Modal opened={opened} onClose={onClose} title={t('deleteTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('deleteConfirm')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tg('cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid="confirm-delete">
            {t('delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
