import { useLingui } from '@lingui/react/macro';
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../auth/auth-validation';

export type NewPasswordErrors = { password?: string; confirmation?: string };

/**
 * A new password and its confirmation, as the reset, verify and change-password forms ask for them:
 * the values, the fields' errors, and `check()`, which shows what is wrong and says whether to send.
 */
export function useNewPassword() {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  return {
    password,
    confirmation,
    errors,
    setPassword,
    setConfirmation,
    /** An error the gateway gave for the password (its rules), shown under the field. */
    setErrors,
    check(): boolean {
      const next = {
        password:
          password.length < MIN_PASSWORD_LENGTH
            ? t({ id: 'account.auth.passwordRequired', message: 'Password must be at least 6 characters' })
            : undefined,
        confirmation:
          confirmation !== password
            ? t({ id: 'account.passwordMismatch', message: 'The passwords do not match' })
            : undefined,
      };
      setErrors(next);
      return !next.password && !next.confirmation;
    },
    clear() {
      setPassword('');
      setConfirmation('');
      setErrors({});
    },
  };
}

/** The two fields of `useNewPassword`, with the labels the form gives them. */
export function NewPasswordFields({
  form,
  label,
  confirmLabel,
  description,
  disabled,
}: {
  form: ReturnType<typeof useNewPassword>;
  label: string;
  confirmLabel: string;
  description?: string;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const toggle = {
    'aria-label': t({ id: 'account.auth.toggleVisibility', message: 'Show or hide characters' }),
  };
  return (
    <>
      <PasswordInput
        label={label}
        description={description}
        placeholder={t({ id: 'account.auth.passwordPlaceholder', message: 'At least 6 characters' })}
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        value={form.password}
        onChange={(event) => form.setPassword(event.currentTarget.value)}
        error={form.errors.password}
        disabled={disabled}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        visibilityToggleButtonProps={toggle}
        value={form.confirmation}
        onChange={(event) => form.setConfirmation(event.currentTarget.value)}
        error={form.errors.confirmation}
        disabled={disabled}
      />
    </>
  );
}
