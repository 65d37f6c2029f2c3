import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { isValidEmail } from '../auth/auth-validation';

/** An email address a form asks for, with `check()`: shows the error and says whether to send. */
export function useEmailField(initial = '') {
  const { t } = useLingui();
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string>();
  return {
    email,
    setEmail,
    error,
    setError,
    check(): boolean {
      const valid = isValidEmail(email);
      setError(
        valid
          ? undefined
          : t({ id: 'account.auth.emailRequired', message: 'Please enter a valid email address' }),
      );
      return valid;
    },
  };
}

/** The field of `useEmailField`. */
export function EmailField({
  field,
  disabled,
}: {
  field: Pick<ReturnType<typeof useEmailField>, 'email' | 'setEmail' | 'error'>;
  disabled: boolean;
}) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t({ id: 'account.auth.email', message: 'Email' })}
      placeholder={t({ id: 'account.auth.emailPlaceholder', message: 'you@example.com' })}
      type="email"
      autoComplete="email"
      value={field.email}
      onChange={(event) => field.setEmail(event.currentTarget.value)}
      error={field.error}
      disabled={disabled}
    />
  );
}
