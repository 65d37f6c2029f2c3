import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  isPending: boolean;
  isMyFeed: boolean;
};

/** "Mark all as read?": the step before marking the whole filtered list read (fetched when first opened). */
export function MarkAllDialog({ opened, onClose, onConfirm, isPending, isMyFeed }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'reading.markAll.title', message: 'Mark all as read?' })}
      closeButtonProps={{ 'aria-label': t({ id: 'reading.shortcuts.close', message: 'Close' }) }}
      centered
    >
      <Stack data-testid="mark-all-dialog">
        <Text size="sm">
          {isMyFeed
            ? t({
                id: 'reading.markAll.textFeed',
                message:
                  'Every summary of My feed for the current filters becomes read (on the free plan, those of its two days).',
              })
            : t({
                id: 'reading.markAll.text',
                message:
                  'Every summary of the current filters becomes read (on the free plan, those of its two days).',
              })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t({ id: 'reading.markAll.cancel', message: 'Cancel' })}
          </Button>
          <Button loading={isPending} onClick={onConfirm} data-testid="mark-all-confirm">
            {t({ id: 'reading.markAll.confirm', message: 'Mark all as read' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
