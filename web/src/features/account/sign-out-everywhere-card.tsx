import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAuth } from '../auth/auth-provider';
import { SectionCard } from '../ui/section-card';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { accountErrorKey } from './account-api';

/**
 * Profile: "sign out everywhere" ends every session of the account, this browser's included (what
 * people reach for after losing a device or spotting a stranger's sign-in), after a confirmation.
 */
export function SignOutEverywhereCard() {
  const { t } = useTranslation('account');
  const { signOutEverywhere } = useAuth();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const [submitting, setSubmitting] = useState(false);

  const confirm = async () => {
    setSubmitting(true);
    try {
      // Home first, as the navigation bar's logout does: the profile's guard would otherwise bounce.
      await signOutEverywhere(async () => {
        close();
        await navigate({ to: '/' });
      });
      showSuccessToast(t('signOutEverywhere.done'), t('signOutEverywhere.doneDescription'));
    } catch (error) {
      showErrorToast(t('signOutEverywhere.failed'), t(accountErrorKey(error)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SectionCard
      id="sign-out-everywhere-title"
      title={t('signOutEverywhere.title')}
      description={t('signOutEverywhere.description')}
    >
      <Button
        color="red"
        variant="outline"
        onClick={open}
        style={{ alignSelf: 'flex-start' }}
        data-testid="sign-out-everywhere"
      >
        {t('signOutEverywhere.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('signOutEverywhere.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('signOutEverywhere.cancel') }}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">{t('signOutEverywhere.confirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submitting}>
              {t('signOutEverywhere.cancel')}
            </Button>
            <Button
              color="red"
              onClick={confirm}
              loading={submitting}
              data-testid="sign-out-everywhere-confirm"
            >
              {t('signOutEverywhere.confirmButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
