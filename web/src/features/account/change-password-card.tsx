import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { isApiError } from '../../api/client';
import { SectionCard } from '../ui/section-card';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { accountErrorKey, changePassword } from './account-api';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** Profile: change the password (current one required). This device stays signed in, others do not. */
export function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string>();
  const form = useNewPassword();
  const [submitting, setSubmitting] = useState(false);
  const toggle = { 'aria-label': tc('auth.toggleVisibility') };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCurrentError(current ? undefined : t('errors.wrongPassword'));
    // Both checked, so every field shows what is wrong with it at once.
    if (!form.check() || !current) return;
    setSubmitting(true);
    try {
      await changePassword(current, form.password);
      showSuccessToast(t('changePassword.success'), t('changePassword.successDescription'));
      setCurrent('');
      form.clear();
    } catch (error) {
      if (isApiError(error) && error.code === 'WRONG_PASSWORD') setCurrentError(t('errors.wrongPassword'));
      else showErrorToast(t('errors.failed'), t(accountErrorKey(error)));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <SectionCard
      id="change-password-title"
      title={t('changePassword.title')}
      description={t('changePassword.description')}
    >
      <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
        <Stack gap="sm">
          <PasswordInput
            label={t('changePassword.current')}
            autoComplete="current-password"
            visibilityToggleButtonProps={toggle}
            value={current}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={currentError}
            description={t('changePassword.noPasswordHint')}
            // Mantine's default (dimmed) description colour is below 4.5:1 on white.
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            disabled={submitting}
          />
          <NewPasswordFields
            form={form}
            label={t('newPassword')}
            confirmLabel={t('confirmPassword')}
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
    </SectionCard>
  );
}
