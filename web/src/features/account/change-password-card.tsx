import { useLingui } from '@lingui/react/macro';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { SectionCard } from '../ui/section-card';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { accountErrorMessage, changePassword } from './account-api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** Profile: change the password (current one required). This device stays signed in, others do not. */
export function ChangePasswordCard() {
  const { t } = useLingui();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const form = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const toggle = {
    'aria-label': t({ id: 'account.auth.toggleVisibility', message: 'Show or hide characters' }),
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCurrentError(
      current
        ? undefined
        : t({ id: 'account.errors.wrongPassword', message: 'The current password is not correct' }),
    );
    // Both checked, so every field shows what is wrong with it at once.
    if (!form.check() || !current) return;
    setSubmitting(true);
    try {
      await changePassword(current, form.password);
      showSuccessToast(
        t({ id: 'account.changePassword.success', message: 'Password changed' }),
        t({
          id: 'account.changePassword.successDescription',
          message: 'Every other device has been signed out.',
        }),
      );
      setCurrent('');
      form.clear();
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD')
        setCurrentError(
          t({ id: 'account.errors.wrongPassword', message: 'The current password is not correct' }),
        );
      else
        showErrorToast(
          t({ id: 'account.errors.failed', message: 'Something went wrong' }),
          t(accountErrorMessage(error)),
        );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SectionCard
      id="change-password-title"
      title={t({ id: 'account.changePassword.title', message: 'Change password' })}
      description={t({
        id: 'account.changePassword.description',
        message: 'You stay signed in on this device; every other device is signed out.',
      })}
    >
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        <Stack gap="sm">
          <PasswordInput
            label={t({ id: 'account.changePassword.current', message: 'Current password' })}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={currentError}
            description={t({
              id: 'account.changePassword.noPasswordHint',
              message: 'Signed up with Google? Set a password with “Forgot password?” on the sign-in page.',
            })}
            // Mantine's default (dimmed) description colour is below 4.5:1 on white.
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            disabled={submitting}
          />
          <NewPasswordFields
            form={form}
            label={t({ id: 'account.newPassword', message: 'New password' })}
            confirmLabel={t({ id: 'account.confirmPassword', message: 'Confirm new password' })}
            disabled={submitting}
          />
          <Button
            type="submit"
            loading={submitting}
            style={{ alignSelf: 'flex-start' }}
            data-testid="change-password-submit"
          >
            {t({ id: 'account.changePassword.submit', message: 'Change password' })}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
