import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

type Props = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  isPending: boolean;
  isMyFeed: boolean;
};

/** "Mark all as read?": the step before marking the whole filtered list read (fetched when first opened). */
export function MarkAllDialog({ opened, onClose, onConfirm, isPending, isMyFeed }: Props) {
  const { t } = useTranslation('reading');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('markAll.title')}
      closeButtonProps={{ 'aria-label': t('shortcuts.close') }}
      centered
    >
      <Stack data-testid="mark-all-dialog">
        <Text size="sm">{isMyFeed ? t('markAll.textFeed') : t('markAll.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('markAll.cancel')}
          </Button>
          <Button loading={isPending} onClick={onConfirm} data-testid="mark-all-confirm">
            {t('markAll.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
