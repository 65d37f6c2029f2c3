import { useLingui } from '@lingui/react/macro';
import { UPGRADE_MESSAGES } from './content-messages';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { usePaymentsMode } from '../../queries/config';
import { ButtonLink } from '../ui/router-links';
import type { UpgradeFeature } from './upgrade-dialog';

/** The upgrade dialog itself, fetched the first time a page opens it (see UpgradeDialogProvider). */
export function UpgradeDialogModal({
  opened,
  feature,
  onClose,
}: {
  opened: boolean;
  feature: UpgradeFeature | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const payments = usePaymentsMode();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="xs">
          <IconCrown size={20} aria-hidden color="var(--mantine-color-yellow-6)" />
          <Text fw={700}>{t({ id: 'content.upgrade.title', message: 'Upgrade to Pro' })}</Text>
        </Group>
      }
      centered
    >
      <Stack data-testid="upgrade-dialog" data-feature={feature ?? ''}>
        <Text>{feature ? t(UPGRADE_MESSAGES[feature]) : ''}</Text>
        {payments === 'off' ? (
          <Text c="dimmed" data-testid="payments-off">
            {t({ id: 'content.upgrade.paymentsOff', message: 'Payments are not available right now' })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t({ id: 'content.upgrade.later', message: 'Maybe later' })}
          </Button>
          {payments === 'off' ? null : (
            <ButtonLink to="/pricing" onClick={onClose}>
              {t({ id: 'content.upgrade.viewPlans', message: 'View plans' })}
            </ButtonLink>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
