import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { fieldErrorText } from '../../api/error-text';
import { useAuth } from '../auth/auth-provider';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { accountErrorKey } from './account-api';
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
export function VerifyEmailPage({ token }: { token?: string }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { verifyEmail } = useAuth();
  const navigate = useNavigate();
  const form = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const canVerify = Boolean(token) && !invalid;
  useDocumentTitle(t(canVerify ? 'verify.title' : 'verify.noTokenTitle'));

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!token || !form.check()) return;
    setSubmitting(true);
    try {
      await verifyEmail(token, form.password);
      showSuccessToast(t('verify.success'), t('verify.successDescription'));
      await navigate({ to: '/', replace: true });
    } catch (error) {
      // A password the gateway refuses is the form's to fix; a refused token means the link is dead.
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.password && !fields.token)
        form.setErrors({ password: fieldErrorText(tc, error, 'password') });
      else if (isApiError(error) && (error.code === 'INVALID_TOKEN' || error.status === 400))
        setInvalid(true);
      else showErrorToast(t('errors.failed'), t(accountErrorKey(error)));
    } finally {
      setSubmitting(false);
    }
  };

  if (canVerify) {
    return (
      <AccountScreen title={t('verify.title')} subtitle={t('verify.subtitle')}>
        <form onSubmit={onVerify} noValidate data-testid="verify-form">
          <Stack gap="sm">
            <NewPasswordFields
              form={form}
              label={t('verify.password')}
              description={t('verify.passwordNote')}
              confirmLabel={t('verify.confirmPassword')}
              disabled={submitting}
            />
            <Button type="submit" loading={submitting} fullWidth data-testid="verify-submit">
              {t('verify.submit')}
            </Button>
          </Stack>
        </form>
      </AccountScreen>
    );
  }

  return (
    <AccountScreen title={t('verify.noTokenTitle')}>
      <Stack gap="md">
        {invalid || token ? (
          <Alert color="red" title={t('verify.invalidTitle')} role="alert" data-testid="verify-invalid">
            {t('verify.invalid')}
          </Alert>
        ) : (
          <Text fz="sm">{t('resend.prompt')}</Text>
        )}
        <ResendVerificationForm />
      </Stack>
    </AccountScreen>
  );
}
