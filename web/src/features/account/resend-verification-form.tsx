import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { isValidEmail } from '../auth/auth-validation';
import { accountErrorKey, resendVerification } from './account-api';

type Outcome = 'sent' | 'cooldown' | 'failed' | null;

/** "Resend verification email": the answer never says whether the address has an account. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [failure, setFailure] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setEmailError(tc('auth.emailRequired'));
      return;
    }
    setEmailError(undefined);
    setSubmitting(true);
    setOutcome(null);
    try {
      await resendVerification(email, language);
      setOutcome('sent');
    } catch (error) {
      if (isApiError(error) && error.code === 'RATE_LIMITED') setOutcome('cooldown');
      else {
        setFailure(t(accountErrorKey(error)));
        setOutcome('failed');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="resend-verification-form">
      <Stack gap="sm">
        <TextInput
          label={tc('auth.email')}
          placeholder={tc('auth.emailPlaceholder')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={emailError}
          disabled={submitting}
        />
        <Button type="submit" variant="light" fullWidth loading={submitting} data-testid="resend-submit">
          {t('resend.submit')}
        </Button>
        <div role="status" aria-live="polite">
          {outcome === 'sent' ? (
            <Alert color="teal" title={t('resend.sentTitle')}>
              {t('resend.sent')}
            </Alert>
          ) : outcome === 'cooldown' ? (
            <Alert color="yellow">{t('resend.cooldown')}</Alert>
          ) : outcome === 'failed' ? (
            <Alert color="red" title={t('errors.failed')}>
              {failure}
            </Alert>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}
