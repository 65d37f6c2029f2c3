import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type ConfirmRequest = {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
};

/** The confirmation step's dialog (see useConfirm); `request` is the last one asked for. */
export function ConfirmDialog({
  opened,
  request,
  onClose,
}: {
  opened: boolean;
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t({ id: 'admin.actions.close', message: 'Close' }) }}
      opened={opened}
      onClose={onClose}
      title={request?.title}
      centered
    >
      <Stack>
        <Text size="sm">{request?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t({ id: 'admin.actions.cancel', message: 'Cancel' })}
          </Button>
          <Button
            color="red"
            data-testid="confirm-action"
            onClick={() => {
              request?.onConfirm();
              onClose();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
