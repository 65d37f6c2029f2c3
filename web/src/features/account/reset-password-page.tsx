import { Alert, Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { useAuth } from '../auth/auth-provider';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { accountErrorKey, confirmPasswordReset, requestPasswordReset } from './account-api';
import { AccountScreen } from './account-screen';
import { EmailField, useEmailField } from './email-field';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** /auth/reset: the "forgot password" request form; with the emailed ?token=, the new-password form. */
export function ResetPasswordPage({ token }: { token?: string }) {
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}

function RequestReset() {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const email = useEmailField();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useDocumentTitle(t('reset.title'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.check()) return;
    setSubmitting(true);
    setOutcome(null);
    try {
      await requestPasswordReset(email.email, language);
      setOutcome({ ok: true, text: t('reset.sent') });
    } catch (error) {
      setOutcome({ ok: false, text: t(accountErrorKey(error)) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountScreen title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <EmailField field={email} disabled={submitting} />
          <Button type="submit" fullWidth loading={submitting} data-testid="reset-request-submit">
            {t('reset.submit')}
          </Button>
          <div role="status" aria-live="polite">
            {outcome ? (
              <Alert
                color={outcome.ok ? 'teal' : 'red'}
                title={outcome.ok ? t('reset.sentTitle') : t('errors.failed')}
                data-testid="reset-request-outcome"
              >
                {outcome.text}
              </Alert>
            ) : null}
          </div>
        </Stack>
      </form>
    </AccountScreen>
  );
}

function SetNewPassword({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { isAuthenticated, refreshSession } = useAuth();
  const form = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [failure, setFailure] = useState<string>();
  useDocumentTitle(t('reset.newTitle'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check()) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await confirmPasswordReset(token, form.password);
      setState('done');
      // Every session of the account just ended, this browser's too: let the app notice now.
      if (isAuthenticated) void refreshSession().catch(() => undefined);
    } catch (error) {
      if (isApiError(error) && error.code === 'INVALID_TOKEN') setState('invalid');
      else setFailure(t(accountErrorKey(error)));
    } finally {
      setSubmitting(false);
    }
  };

  if (state !== 'form') {
    const done = state === 'done';
    return (
      <AccountScreen title={t(done ? 'reset.doneTitle' : 'reset.invalidTitle')}>
        <Alert
          color={done ? 'teal' : 'red'}
          role={done ? 'status' : 'alert'}
          data-testid={done ? 'reset-done' : 'reset-invalid'}
        >
          {t(done ? 'reset.done' : 'reset.invalid')}
        </Alert>
        {done ? (
          <ButtonLink to="/auth" fullWidth>
            {tc('auth.signIn')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/auth/reset" search={{}} fullWidth>
            {t('reset.requestNew')}
          </ButtonLink>
        )}
      </AccountScreen>
    );
  }

  return (
    <AccountScreen title={t('reset.newTitle')} subtitle={t('reset.newSubtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <NewPasswordFields
            form={form}
            label={t('newPassword')}
            confirmLabel={t('confirmPassword')}
            disabled={submitting}
          />
          <Button type="submit" fullWidth loading={submitting} data-testid="reset-confirm-submit">
            {t('reset.save')}
          </Button>
          {failure ? (
            <Alert color="red" role="alert" title={t('errors.failed')}>
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </AccountScreen>
  );
}
