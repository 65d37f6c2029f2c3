import { useLingui } from '@lingui/react/macro';
import { messageById } from '../../i18n/message-for';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { fieldErrorText } from '../../api/error-text';
import { localizeHref } from '../../i18n/language';
import { useLanguage } from '../../i18n/language-provider';
import { AccountScreen } from '../account/account-screen';
import { EmailField } from '../account/email-field';
import { ResendVerificationForm } from '../account/resend-verification-form';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { AnchorLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { type AuthErrorMessage, loginErrorMessage, registerErrorMessage } from './auth-errors';
import { useAuth } from './auth-provider';
import { validateCredentials } from './auth-validation';
import { GoogleSignIn, useGoogleSignInErrorToast } from './google-sign-in';
import type { GoogleSignInErrorCode } from '@app/contracts';

type Mode = 'login' | 'register';
type FieldErrors = { email?: string; password?: string };

/** /auth: sign in or create an account (spec §2 "Login and register screen"). */
function AuthScreen({ redirectTo, error }: { redirectTo?: string; error?: GoogleSignInErrorCode }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const router = useRouter();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [registered, setRegistered] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const isLogin = mode === 'login';
  useDocumentTitle(
    isLogin
      ? t({ id: 'account.auth.loginTitle', message: 'Welcome back' })
      : t({ id: 'account.auth.registerTitle', message: 'Create an account' }),
  );
  useGoogleSignInErrorToast(error, redirectTo);

  const toggleMode = () => {
    setMode(isLogin ? 'register' : 'login');
    setEmail('');
    setPassword('');
    setErrors({});
    setRegistered(false);
    setUnverifiedEmail(null);
  };

  const showAuthError = (message: AuthErrorMessage) => {
    showErrorToast(
      t(messageById(`shared.${message.titleKey}`)),
      'messageKey' in message
        ? t(messageById(`shared.${message.messageKey}`))
        : t(messageById(message.errorKey)),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateCredentials(email, password);
    setErrors({
      email: invalid.email ? t(messageById(`shared.${invalid.email}`)) : undefined,
      password: invalid.password ? t(messageById(`shared.${invalid.password}`)) : undefined,
    });
    if (invalid.email || invalid.password) return;

    setSubmitting(true);
    setRegistered(false);
    try {
      if (isLogin) {
        await auth.signIn(email, password);
        showSuccessToast(
          t({ id: 'account.auth.loginSuccess', message: 'Signed in' }),
          t({ id: 'account.auth.loginSuccessDescription', message: 'Welcome back!' }),
        );
        if (redirectTo) router.history.replace(localizeHref(redirectTo, language));
        else await navigate({ to: '/', replace: true });
      } else {
        await auth.signUp(email, password, language);
        showSuccessToast(
          t({ id: 'account.auth.registerSuccess', message: 'Check your inbox' }),
          t({
            id: 'account.auth.registerSuccessDescription',
            message:
              'We have sent an email to this address: follow its link to activate your account. If the address already has an account, the email says how to sign in or reset your password.',
          }),
        );
        setRegistered(true);
        setPassword('');
      }
    } catch (error) {
      if (isApiError(error) && error.fields) {
        setErrors({
          email: fieldErrorText(t, error, 'email'),
          password: fieldErrorText(t, error, 'password'),
        });
      }
      // Only a correct password gets this answer: offering a new verification email reveals nothing.
      if (isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED') setUnverifiedEmail(email);
      showAuthError(isLogin ? loginErrorMessage(error) : registerErrorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountScreen
      title={
        isLogin
          ? t({ id: 'account.auth.loginTitle', message: 'Welcome back' })
          : t({ id: 'account.auth.registerTitle', message: 'Create an account' })
      }
      subtitle={
        isLogin
          ? t({ id: 'account.auth.loginSubtitle', message: 'Sign in to your account to continue' })
          : t({ id: 'account.auth.registerSubtitle', message: 'Sign up to get daily summaries and podcasts' })
      }
      back={{ to: '/', label: t({ id: 'account.auth.backToHome', message: 'Back to home' }) }}
      logoTestId="auth-logo"
    >
      {registered ? (
        <Alert
          color="teal"
          icon={<IconMailCheck size={18} />}
          title={t({ id: 'account.auth.registerSuccess', message: 'Check your inbox' })}
          role="status"
        >
          {t({
            id: 'account.auth.registerSuccessDescription',
            message:
              'We have sent an email to this address: follow its link to activate your account. If the address already has an account, the email says how to sign in or reset your password.',
          })}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <EmailField field={{ email, setEmail, error: errors.email }} disabled={submitting} />
          <PasswordInput
            label={t({ id: 'account.auth.password', message: 'Password' })}
            placeholder={t({ id: 'account.auth.passwordPlaceholder', message: 'At least 6 characters' })}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            visibilityToggleButtonProps={{
              'aria-label': t({ id: 'account.auth.toggleVisibility', message: 'Show or hide characters' }),
            }}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            disabled={submitting}
          />
          {isLogin ? (
            <AnchorLink to="/auth/reset" search={{}} fz="sm" style={{ alignSelf: 'flex-end' }}>
              {t({ id: 'account.forgotPassword', message: 'Forgot password?' })}
            </AnchorLink>
          ) : null}
          <Button type="submit" fullWidth loading={submitting} data-testid="auth-submit">
            {isLogin
              ? t({ id: 'account.auth.signIn', message: 'Sign in' })
              : t({ id: 'account.auth.signUp', message: 'Sign up' })}
          </Button>
        </Stack>
      </form>

      {unverifiedEmail ? (
        <Stack gap="xs">
          <Text fz="sm">
            {t({ id: 'account.resend.prompt', message: "Didn't get the verification email?" })}
          </Text>
          <ResendVerificationForm key={unverifiedEmail} initialEmail={unverifiedEmail} />
        </Stack>
      ) : null}

      <GoogleSignIn disabled={submitting} />

      <Text ta="center" fz="sm">
        {isLogin
          ? t({ id: 'account.auth.noAccount', message: "Don't have an account?" })
          : t({ id: 'account.auth.hasAccount', message: 'Already have an account?' })}{' '}
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={toggleMode}
          disabled={submitting}
          data-testid="auth-mode-toggle"
        >
          {isLogin
            ? t({ id: 'account.auth.signUp', message: 'Sign up' })
            : t({ id: 'account.auth.signIn', message: 'Sign in' })}
        </Anchor>
      </Text>
    </AccountScreen>
  );
}

export function AuthPage(props: { redirectTo?: string; error?: GoogleSignInErrorCode }) {
  return (
    <LinguiScreen namespaces={['account']}>
      <AuthScreen {...props} />
    </LinguiScreen>
  );
}
