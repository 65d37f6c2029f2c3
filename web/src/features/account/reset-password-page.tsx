import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { useAuth } from '../auth/auth-provider';
import { isValidEmail, MIN_PASSWORD_LENGTH } from '../auth/auth-validation';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { accountErrorKey, confirmPasswordReset, requestPasswordReset } from './account-api';
import { AccountScreen } from './account-screen';

/** /auth/reset: the "forgot password" request form; with the emailed ?token=, the new-password form. */
export function ResetPasswordPage({ token }: { token?: string }) {
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}

function RequestReset() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { language } = useLanguage();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useDocumentTitle(t('reset.title'));

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
      await requestPasswordReset(email, language);
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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [failure, setFailure] = useState<string>();
  useDocumentTitle(t('reset.newTitle'));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      password: password.length < MIN_PASSWORD_LENGTH ? tc('auth.passwordRequired') : undefined,
      confirmation: confirmation !== password ? t('passwordMismatch') : undefined,
    };
    setErrors(next);
    if (next.password || next.confirmation) return;
    setSubmitting(true);
    setFailure(undefined);
    try {
      await confirmPasswordReset(token, password);
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
          <PasswordInput
            label={t('newPassword')}
            placeholder={tc('auth.passwordPlaceholder')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': tc('auth.toggleVisibility') }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            disabled={submitting}
          />
          <PasswordInput
            label={t('confirmPassword')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': tc('auth.toggleVisibility') }}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
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
