import { useLingui } from '@lingui/react/macro';
import type { GoogleSignInErrorCode } from '@app/contracts';
import { Button, Divider } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { appConfigQueryOptions } from '../../queries/config';
import { showToast } from '../ui/toast';

/**
 * The "or" divider and the Google button, shown only when the gateway says Google sign-in is configured
 * (until it has answered, nothing shows: a button that leads nowhere is worse than none).
 */
export function GoogleSignIn({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const config = useQuery(appConfigQueryOptions());
  if (config.data?.google_sign_in !== true) return null;
  return (
    <>
      <Divider label={t({ id: 'shared.auth.or', message: 'or' })} labelPosition="center" />
      <Button
        component="a"
        href={`/api/auth/google/start?lang=${language}`}
        variant="default"
        fullWidth
        leftSection={<IconBrandGoogleFilled size={18} aria-hidden />}
        data-disabled={disabled || undefined}
        data-testid="google-sign-in"
        onClick={(event) => disabled && event.preventDefault()}
      >
        {t({ id: 'shared.auth.continueWithGoogle', message: 'Continue with Google' })}
      </Button>
    </>
  );
}

/** A failed Google round trip lands on /auth?error=…: one toast, then the parameter leaves the URL. */
export function useGoogleSignInErrorToast(error: GoogleSignInErrorCode | undefined, redirect?: string) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    showToast({
      title: t({ id: 'shared.googleSignIn.failedTitle', message: 'Google sign-in failed' }),
      message:
        error === 'google_unavailable'
          ? t({
              id: 'shared.googleSignIn.unavailable',
              message:
                'Google sign-in is not available on this site. Please sign in with your email and password.',
            })
          : t({
              id: 'shared.googleSignIn.failed',
              message:
                'We could not sign you in with Google. Please try again, or use your email and password.',
            }),
      color: 'red',
      autoClose: 8000,
      closeButtonProps: {
        'aria-label': t({ id: 'shared.googleSignIn.closeToast', message: 'Close message' }),
      },
    });
    void navigate({ to: '/auth', search: { redirect }, replace: true });
  }, [error, redirect, navigate, t]);
}
