import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isValidEmail } from '../auth/auth-validation';

/** An email address a form asks for, with `check()`: shows the error and says whether to send. */
export function useEmailField(initial = '') {
  const { t: tc } = useTranslation();
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string>();
  return {
    email,
    setEmail,
    error,
    setError,
    check(): boolean {
      const valid = isValidEmail(email);
      setError(valid ? undefined : tc('auth.emailRequired'));
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
  const { t: tc } = useTranslation();
  return (
    <TextInput
      label={tc('auth.email')}
      placeholder={tc('auth.emailPlaceholder')}
      type="email"
      autoComplete="email"
      value={field.email}
      onChange={(event) => field.setEmail(event.currentTarget.value)}
      error={field.error}
      disabled={disabled}
    />
  );
}
