import { Alert, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { useAuth } from '../auth/auth-provider';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { useDocumentTitle } from '../ui/use-document-title';
import { accountErrorKey } from './account-api';
import { AccountScreen } from './account-screen';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * /auth/verify?token=…: where the verification email's link lands. Nothing happens until the user
 * presses the button (a POST), so a mail scanner that opens or even renders the link verifies nothing.
 * Without a token, or with a dead one, it offers a new email instead.
 */
export function VerifyEmailPage({ token }: { token?: string }) {
  const { t } = useTranslation('account');
  const { verifyEmail } = useAuth();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const canVerify = Boolean(token) && !invalid;
  useDocumentTitle(t(canVerify ? 'verify.title' : 'verify.noTokenTitle'));

  const onVerify = async () => {
    if (!token) return;
    setSubmitting(true);
    try {
      await verifyEmail(token);
      showSuccessToast(t('verify.success'), t('verify.successDescription'));
      await navigate({ to: '/', replace: true });
    } catch (error) {
      if (isApiError(error) && (error.code === 'INVALID_TOKEN' || error.status === 400)) setInvalid(true);
      else showErrorToast(t('errors.failed'), t(accountErrorKey(error)));
    } finally {
      setSubmitting(false);
    }
  };

  if (canVerify) {
    return (
      <AccountScreen title={t('verify.title')} subtitle={t('verify.subtitle')}>
        <Button onClick={onVerify} loading={submitting} fullWidth data-testid="verify-submit">
          {t('verify.submit')}
        </Button>
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
