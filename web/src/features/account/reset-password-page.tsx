import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { Alert, Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { useLanguage } from '../../i18n/language-provider';
import { useAuth } from '../auth/auth-provider';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { accountErrorMessage, confirmPasswordReset, requestPasswordReset } from './account-api';
import { AccountScreen } from './account-screen';
import { EmailField, useEmailField } from './email-field';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** /auth/reset: the "forgot password" request form; with the emailed ?token=, the new-password form. */
function ResetPasswordScreen({ token }: { token?: string }) {
  return token ? <SetNewPassword token={token} /> : <RequestReset />;
}

function RequestReset() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const email = useEmailField();
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useDocumentTitle(t({ id: 'account.reset.title', message: 'Reset your password' }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.check()) return;
    setSubmitting(true);
    setOutcome(null);
    try {
      await requestPasswordReset(email.email, language);
      setOutcome({
        ok: true,
        text: t({
          id: 'account.reset.sent',
          message:
            'If an account exists for this address, we have sent it a link to reset the password. The link works once and expires in one hour.',
        }),
      });
    } catch (error) {
      setOutcome({ ok: false, text: t(accountErrorMessage(error)) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountScreen
      title={t({ id: 'account.reset.title', message: 'Reset your password' })}
      subtitle={t({
        id: 'account.reset.subtitle',
        message: 'Enter the email address of your account. We will send you a link to choose a new password.',
      })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <EmailField field={email} disabled={submitting} />
          <Button type="submit" fullWidth loading={submitting} data-testid="reset-request-submit">
            {t({ id: 'account.reset.submit', message: 'Send reset link' })}
          </Button>
          <div role="status" aria-live="polite">
            {outcome ? (
              <Alert
                color={outcome.ok ? 'teal' : 'red'}
                title={
                  outcome.ok
                    ? t({ id: 'account.reset.sentTitle', message: 'Check your email' })
                    : t({ id: 'account.errors.failed', message: 'Something went wrong' })
                }
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
  const { t } = useLingui();
  const { isAuthenticated, refreshSession } = useAuth();
  const form = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const [state, setState] = useState<'form' | 'done' | 'invalid'>('form');
  const [failure, setFailure] = useState<string>();
  useDocumentTitle(t({ id: 'account.reset.newTitle', message: 'Choose a new password' }));

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
      else setFailure(t(accountErrorMessage(error)));
    } finally {
      setSubmitting(false);
    }
  };

  if (state !== 'form') {
    const done = state === 'done';
    return (
      <AccountScreen
        title={
          done
            ? t({ id: 'account.reset.doneTitle', message: 'Password changed' })
            : t({ id: 'account.reset.invalidTitle', message: 'This reset link is invalid or has expired' })
        }
      >
        <Alert
          color={done ? 'teal' : 'red'}
          role={done ? 'status' : 'alert'}
          data-testid={done ? 'reset-done' : 'reset-invalid'}
        >
          {done
            ? t({
                id: 'account.reset.done',
                message:
                  'Your password has been changed and every device has been signed out. Sign in with your new password.',
              })
            : t({ id: 'account.reset.invalid', message: 'Reset links work once and expire after one hour.' })}
        </Alert>
        {done ? (
          <ButtonLink to="/auth" fullWidth>
            {t({ id: 'account.auth.signIn', message: 'Sign in' })}
          </ButtonLink>
        ) : (
          <ButtonLink to="/auth/reset" search={{}} fullWidth>
            {t({ id: 'account.reset.requestNew', message: 'Ask for a new link' })}
          </ButtonLink>
        )}
      </AccountScreen>
    );
  }

  return (
    <AccountScreen
      title={t({ id: 'account.reset.newTitle', message: 'Choose a new password' })}
      subtitle={t({
        id: 'account.reset.newSubtitle',
        message: 'Setting a new password signs your account out on every device.',
      })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <NewPasswordFields
            form={form}
            label={t({ id: 'account.newPassword', message: 'New password' })}
            confirmLabel={t({ id: 'account.confirmPassword', message: 'Confirm new password' })}
            disabled={submitting}
          />
          <Button type="submit" fullWidth loading={submitting} data-testid="reset-confirm-submit">
            {t({ id: 'account.reset.save', message: 'Set new password' })}
          </Button>
          {failure ? (
            <Alert
              color="red"
              role="alert"
              title={t({ id: 'account.errors.failed', message: 'Something went wrong' })}
            >
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </AccountScreen>
  );
}

export function ResetPasswordPage(props: { token?: string }) {
  return (
    <LinguiScreen namespaces={['account']}>
      <ResetPasswordScreen {...props} />
    </LinguiScreen>
  );
}
