import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../auth/auth-provider';
import { SectionCard } from '../ui/section-card';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { accountErrorMessage } from './account-api';

/**
 * Profile: "sign out everywhere" ends every session of the account, this browser's included (what
 * people reach for after losing a device or spotting a stranger's sign-in), after a confirmation.
 */
export function SignOutEverywhereCard() {
  const { t } = useLingui();
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
      showSuccessToast(
        t({ id: 'account.signOutEverywhere.done', message: 'Signed out everywhere' }),
        t({
          id: 'account.signOutEverywhere.doneDescription',
          message: 'Every session of your account has ended.',
        }),
      );
    } catch (error) {
      showErrorToast(
        t({ id: 'account.signOutEverywhere.failed', message: 'Could not sign out everywhere' }),
        t(accountErrorMessage(error)),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SectionCard
      id="sign-out-everywhere-title"
      title={t({ id: 'account.signOutEverywhere.title', message: 'Sign out everywhere' })}
      description={t({
        id: 'account.signOutEverywhere.description',
        message: 'Ends every session of your account on every device and browser, including this one.',
      })}
    >
      <Button
        color="red"
        variant="outline"
        onClick={open}
        style={{ alignSelf: 'flex-start' }}
        data-testid="sign-out-everywhere"
      >
        {t({ id: 'account.signOutEverywhere.button', message: 'Sign out everywhere' })}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t({ id: 'account.signOutEverywhere.confirmTitle', message: 'Sign out on every device?' })}
        closeButtonProps={{ 'aria-label': t({ id: 'account.signOutEverywhere.cancel', message: 'Cancel' }) }}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {t({
              id: 'account.signOutEverywhere.confirm',
              message: 'You will have to sign in again on every device, including this one.',
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submitting}>
              {t({ id: 'account.signOutEverywhere.cancel', message: 'Cancel' })}
            </Button>
            <Button
              color="red"
              onClick={confirm}
              loading={submitting}
              data-testid="sign-out-everywhere-confirm"
            >
              {t({ id: 'account.signOutEverywhere.confirmButton', message: 'Sign out everywhere' })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}
