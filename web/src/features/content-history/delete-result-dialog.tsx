import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'contentHistory.deleteTitle', message: 'Delete generated content' })}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {t({
            id: 'contentHistory.deleteConfirm',
            message: 'Are you sure you want to delete this generated content? This cannot be undone.',
          })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t({ id: 'contentHistory.cancel', message: 'Cancel' })}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid="confirm-delete">
            {t({ id: 'contentHistory.delete', message: 'Delete' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
