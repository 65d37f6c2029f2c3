import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/router-links';

export type UpgradeFeature = 'date_filter' | 'content_generation' | 'email_subscription' | 'favorites';

const UpgradeContext = createContext<((feature: UpgradeFeature) => void) | null>(null);

/** Goes to /pricing (the router adds /zh); one per page tree, opened with useUpgradeDialog(). */
export function UpgradeDialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('content');
  const [feature, setFeature] = useState<UpgradeFeature | null>(null);
  const open = useCallback((f: UpgradeFeature) => setFeature(f), []);
  const value = useMemo(() => open, [open]);
  return (
    <UpgradeContext.Provider value={value}>
      {children}
      <Modal
        opened={feature !== null}
        onClose={() => setFeature(null)}
        title={
          <Group gap="xs">
            <IconCrown size={20} aria-hidden color="var(--mantine-color-yellow-6)" />
            <Text fw={700}>{t('upgrade.title')}</Text>
          </Group>
        }
        centered
      >
        <Stack data-testid="upgrade-dialog" data-feature={feature ?? ''}>
          <Text>{feature ? t(`upgrade.${feature}`) : ''}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFeature(null)}>
              {t('upgrade.later')}
            </Button>
            <ButtonLink to="/pricing" onClick={() => setFeature(null)}>
              {t('upgrade.viewPlans')}
            </ButtonLink>
          </Group>
        </Stack>
      </Modal>
    </UpgradeContext.Provider>
  );
}

export function useUpgradeDialog(): (feature: UpgradeFeature) => void {
  const open = useContext(UpgradeContext);
  if (!open) throw new Error('useUpgradeDialog must be used inside <UpgradeDialogProvider>');
  return open;
}
