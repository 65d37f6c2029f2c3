import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../api/client';
import { fieldErrorText } from '../../api/error-text';
import { useAuth } from '../auth/auth-provider';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { accountErrorMessage } from './account-api';
import { AccountScreen } from './account-screen';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * /auth/verify?token=…: where the verification email's link lands. Nothing happens until the user
 * submits the form (a POST), so a mail scanner that opens or even renders the link verifies nothing.
 * The verifier chooses the account's password here: whoever registered the address (maybe not the
 * mailbox owner) set the one it had, and that one stops working. Without a token, or with a dead one,
 * it offers a new email instead.
 */
function VerifyEmailScreen({ token }: { token?: string }) {
  const { t } = useLingui();
  const { verifyEmail } = useAuth();
  const navigate = useNavigate();
  const form = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const canVerify = Boolean(token) && !invalid;
  useDocumentTitle(
    canVerify
      ? t({ id: 'account.verify.title', message: 'Verify your email address' })
      : t({ id: 'account.verify.noTokenTitle', message: 'Get a new verification email' }),
  );

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || !form.check()) return;
    setSubmitting(true);
    try {
      await verifyEmail(token, form.password);
      showSuccessToast(
        t({ id: 'account.verify.success', message: 'Email verified' }),
        t({ id: 'account.verify.successDescription', message: 'Your account is active. Welcome!' }),
      );
      await navigate({ to: '/', replace: true });
    } catch (error) {
      // A password the gateway refuses is the form's to fix; a refused token means the link is dead.
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.password && !fields.token)
        form.setErrors({ password: fieldErrorText(t, error, 'password') });
      else if (isApiError(error) && (error.code === 'INVALID_TOKEN' || error.status === 400))
        setInvalid(true);
      else
        showErrorToast(
          t({ id: 'account.errors.failed', message: 'Something went wrong' }),
          t(accountErrorMessage(error)),
        );
    } finally {
      setSubmitting(false);
    }
  };

  if (canVerify) {
    return (
      <AccountScreen
        title={t({ id: 'account.verify.title', message: 'Verify your email address' })}
        subtitle={t({
          id: 'account.verify.subtitle',
          message:
            'Choose the password for this account to activate it. If you have just registered, type your password again.',
        })}
      >
        <form onSubmit={onVerify} noValidate data-testid="verify-form">
          <Stack gap="sm">
            <NewPasswordFields
              form={form}
              label={t({ id: 'account.verify.password', message: 'Password' })}
              description={t({
                id: 'account.verify.passwordNote',
                message:
                  'Only this password will sign in to the account: any password set before this email was verified stops working, and other devices are signed out.',
              })}
              confirmLabel={t({ id: 'account.verify.confirmPassword', message: 'Confirm password' })}
              disabled={submitting}
            />
            <Button type="submit" loading={submitting} fullWidth data-testid="verify-submit">
              {t({ id: 'account.verify.submit', message: 'Verify my email' })}
            </Button>
          </Stack>
        </form>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen title={t({ id: 'account.verify.noTokenTitle', message: 'Get a new verification email' })}>
      <Stack gap="md">
        {invalid || token ? (
          <Alert
            color="red"
            title={t({
              id: 'account.verify.invalidTitle',
              message: 'This verification link is invalid or has expired',
            })}
            role="alert"
            data-testid="verify-invalid"
          >
            {t({
              id: 'account.verify.invalid',
              message:
                'Verification links work once and expire after 24 hours. Enter your email below to get a new one.',
            })}
          </Alert>
        ) : (
          <Text fz="sm">
            {t({ id: 'account.resend.prompt', message: "Didn't get the verification email?" })}
          </Text>
        )}
        <ResendVerificationForm />
      </Stack>
    </AccountScreen>
  );
}

export function VerifyEmailPage(props: { token?: string }) {
  return (
    <LinguiScreen namespaces={['account']}>
      <VerifyEmailScreen {...props} />
    </LinguiScreen>
  );
}
