import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'generation.publish.title', message: 'Publish to the topic page?' })}
      centered
    >
      <Stack gap="md">
        <Text size="sm" data-testid="publish-confirm-text">
          {displayName
            ? t({
                id: 'generation.publish.confirm',
                message: `This post will appear on the topic page for everyone, under your display name “${ph({ name: displayName })}”. Your extra instructions stay private. You can unpublish it at any time.`,
              })
            : t({
                id: 'generation.publish.confirmNoName',
                message:
                  'This post will appear on the topic page for everyone, as “a reader” (you have no display name yet; you can set one on your profile). Your extra instructions stay private. You can unpublish it at any time.',
              })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t({ id: 'generation.cancel', message: 'Cancel' })}
          </Button>
          <Button loading={pending} onClick={onConfirm} data-testid="confirm-publish">
            {t({ id: 'generation.publish.publish', message: 'Publish' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
