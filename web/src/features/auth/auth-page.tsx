import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
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
  const { t: tApp } = useTranslation();
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
  const { t } = useLingui();
  const isLogin = mode === 'login';
  useDocumentTitle(tApp(isLogin ? 'auth.loginTitle' : 'auth.registerTitle'));
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
      tApp(message.titleKey),
      'messageKey' in message ? tApp(message.messageKey) : tApp(message.errorKey as never),
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateCredentials(email, password);
    setErrors({
      email: invalid.email ? tApp(invalid.email) : undefined,
      password: invalid.password ? tApp(invalid.password) : undefined,
    });
    if (invalid.email || invalid.password) return;

    setSubmitting(true);
    setRegistered(false);
    try {
      if (isLogin) {
        await auth.signIn(email, password);
        showSuccessToast(tApp('auth.loginSuccess'), tApp('auth.loginSuccessDescription'));
        if (redirectTo) router.history.replace(localizeHref(redirectTo, language));
        else await navigate({ to: '/', replace: true });
      } else {
        await auth.signUp(email, password, language);
        showSuccessToast(tApp('auth.registerSuccess'), tApp('auth.registerSuccessDescription'));
        setRegistered(true);
        setPassword('');
      }
    } catch (error) {
      if (isApiError(error) && error.fields) {
        setErrors({
          email: fieldErrorText(tApp, error, 'email'),
          password: fieldErrorText(tApp, error, 'password'),
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
      title={tApp(isLogin ? 'auth.loginTitle' : 'auth.registerTitle')}
      subtitle={tApp(isLogin ? 'auth.loginSubtitle' : 'auth.registerSubtitle')}
      back={{ to: '/', label: tApp('auth.backToHome') }}
      logoTestId="auth-logo"
    >
      {registered ? (
        <Alert
          color="teal"
          icon={<IconMailCheck size={18} />}
          title={tApp('auth.registerSuccess')}
          role="status"
        >
          {tApp('auth.registerSuccessDescription')}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <EmailField field={{ email, setEmail, error: errors.email }} disabled={submitting} />
          <PasswordInput
            label={tApp('auth.password')}
            placeholder={tApp('auth.passwordPlaceholder')}
            autoComplete={isLogin ? 'current-password' : 'new-password'}
            visibilityToggleButtonProps={{ 'aria-label': tApp('auth.toggleVisibility') }}
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
            {tApp(isLogin ? 'auth.signIn' : 'auth.signUp')}
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
        {tApp(isLogin ? 'auth.noAccount' : 'auth.hasAccount')}{' '}
        <Anchor
          component="button"
          type="button"
          fz="sm"
          onClick={toggleMode}
          disabled={submitting}
          data-testid="auth-mode-toggle"
        >
          {tApp(isLogin ? 'auth.signUp' : 'auth.signIn')}
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
