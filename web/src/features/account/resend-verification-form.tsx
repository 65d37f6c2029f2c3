import { Alert, Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { accountErrorKey, resendVerification } from './account-api';
import { EmailField, useEmailField } from './email-field';

type Outcome = 'sent' | 'cooldown' | 'failed' | null;

/** "Resend verification email": the answer never says whether the address has an account. */
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t } = useTranslation('account');
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
        <EmailField field={email} disabled={submitting} />
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
