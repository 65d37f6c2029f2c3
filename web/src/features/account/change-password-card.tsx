import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { MIN_PASSWORD_LENGTH } from '../auth/auth-validation';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { accountErrorKey, changePassword } from './account-api';

type FieldErrors = { current?: string; next?: string; confirmation?: string };

/** Profile: change the password (current one required). This device stays signed in, others do not. */
export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const toggle = { 'aria-label': tc('auth.toggleVisibility') };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid: FieldErrors = {
      current: current ? undefined : t('errors.wrongPassword'),
      next: next.length < MIN_PASSWORD_LENGTH ? tc('auth.passwordRequired') : undefined,
      confirmation: confirmation !== next ? t('passwordMismatch') : undefined,
    };
    setErrors(invalid);
    if (invalid.current || invalid.next || invalid.confirmation) return;
    setSubmitting(true);
    try {
      await changePassword(current, next);
      showSuccessToast(t('changePassword.success'), t('changePassword.successDescription'));
      setCurrent('');
      setNext('');
      setConfirmation('');
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD')
        setErrors({ current: t('errors.wrongPassword') });
      else showErrorToast(t('errors.failed'), t(accountErrorKey(error)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="change-password-title">
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        <Stack gap="sm">
          <Stack gap={4}>
            <Title order={2} fz="lg" id="change-password-title">
              {t('changePassword.title')}
            </Title>
            <Text fz="sm" c="gray.7">
              {t('changePassword.description')}
            </Text>
          </Stack>
          <PasswordInput
            label={t('changePassword.current')}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={errors.current}
            description={t('changePassword.noPasswordHint')}
            // Mantine's default (dimmed) description colour is below 4.5:1 on white.
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            disabled={submitting}
          />
          <PasswordInput
            label={t('newPassword')}
            placeholder={tc('auth.passwordPlaceholder')}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            value={next}
            onChange={(event) => setNext(event.currentTarget.value)}
            error={errors.next}
            disabled={submitting}
          />
          <PasswordInput
            label={t('confirmPassword')}
            autoComplete="new-password"
            visibilityToggleButtonProps={toggle}
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            disabled={submitting}
          />
          <Button
            type="submit"
            loading={submitting}
            style={{ alignSelf: 'flex-start' }}
            data-testid="change-password-submit"
          >
            {t('changePassword.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
