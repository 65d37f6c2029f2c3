import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { accountErrorMessage, resendVerification } from './account-api';
import { EmailField, useEmailField } from './email-field';

type Outcome = 'sent' | 'cooldown' | 'failed' | null;

/** "Resend verification email": the answer never says whether the address has an account. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const email = useEmailField(initialEmail);
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [failure, setFailure] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.check()) return;
    setSubmitting(true);
    setOutcome(null);
    try {
      await resendVerification(email.email, language);
      setOutcome('sent');
    } catch (error) {
      if (isApiError(error) && error.code === 'RATE_LIMITED') setOutcome('cooldown');
      else {
        setFailure(t(accountErrorMessage(error)));
        setOutcome('failed');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="resend-verification-form">
      <Stack gap="sm">
        <EmailField field={email} disabled={submitting} />
        <Button type="submit" variant="light" fullWidth loading={submitting} data-testid="resend-submit">
          {t({ id: 'account.resend.submit', message: 'Resend verification email' })}
        </Button>
        <div role="status" aria-live="polite">
          {outcome === 'sent' ? (
            <Alert color="teal" title={t({ id: 'account.resend.sentTitle', message: 'Email sent' })}>
              {t({
                id: 'account.resend.sent',
                message:
                  'If this address has an account waiting for verification, we have sent it a new link.',
              })}
            </Alert>
          ) : outcome === 'cooldown' ? (
            <Alert color="yellow">
              {t({
                id: 'account.resend.cooldown',
                message: 'An email was just sent. Please wait a minute before asking for another one.',
              })}
            </Alert>
          ) : outcome === 'failed' ? (
            <Alert color="red" title={t({ id: 'account.errors.failed', message: 'Something went wrong' })}>
              {failure}
            </Alert>
          ) : null}
        </div>
      </Stack>
    </form>
  );
}
