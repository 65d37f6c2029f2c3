import { useLingui } from '@lingui/react/macro';
import { Center, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Logo } from '../layout/logo';
import { useDocumentTitle } from '../ui/use-document-title';
import { useAuth } from './auth-provider';

/** Spec §4 "Auth callback": how long each outcome stays on screen before redirecting. */
export const CALLBACK_REDIRECT_MS = { success: 1000, noSession: 2000, error: 3000 } as const;

type Outcome = 'processing' | 'success' | 'noSession' | 'error';

/**
 * /auth/callback: where Google sign-in and the email verification link land after the
 * gateway has set the refresh cookie. One refresh turns that cookie into a session.
 */
export function AuthCallbackPage({ error }: { error?: string }) {
  const { t } = useLingui();
  const { refreshSession } = useAuth();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>('processing');
  const started = useRef(false);
  useDocumentTitle(t({ id: 'shared.callback.processing', message: 'Processing login...' }));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (error) {
      console.error('Sign-in callback error:', error);
      setOutcome('error');
      return;
    }
    refreshSession()
      .then((session) => setOutcome(session ? 'success' : 'noSession'))
      .catch((cause: unknown) => {
        console.error('Sign-in callback failed:', cause);
        setOutcome('error');
      });
  }, [error, refreshSession]);

  useEffect(() => {
    if (outcome === 'processing') return;
    const timer = setTimeout(() => {
      void navigate(outcome === 'success' ? { to: '/', replace: true } : { to: '/auth', replace: true });
    }, CALLBACK_REDIRECT_MS[outcome]);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  return (
    <Center mih="100dvh" px="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="md" align="center">
        <Logo />
        <Paper p="xl" radius="lg" withBorder w="100%">
          <Stack
            align="center"
            ta="center"
            gap="md"
            role="status"
            aria-live="polite"
            data-testid="auth-callback"
          >
            {outcome === 'processing' ? (
              <>
                <Loader />
                <Title order={1} fz={20}>
                  {t({ id: 'shared.callback.processing', message: 'Processing login...' })}
                </Title>
              </>
            ) : outcome === 'success' ? (
              <>
                <ThemeIcon size={56} radius="xl" color="teal" variant="light">
                  <IconCircleCheck size={32} aria-hidden />
                </ThemeIcon>
                <Title order={1} fz={20}>
                  {t({ id: 'shared.callback.success', message: 'Login successful! Redirecting...' })}
                </Title>
              </>
            ) : (
              <>
                <ThemeIcon size={56} radius="xl" color="red" variant="light">
                  <IconAlertTriangle size={32} aria-hidden />
                </ThemeIcon>
                <Title order={1} fz={20}>
                  {outcome === 'noSession'
                    ? t({ id: 'shared.callback.sessionNotFound', message: 'Login session not found' })
                    : t({
                        id: 'shared.callback.processingFailed',
                        message: 'An error occurred while processing login',
                      })}
                </Title>
                <Text c="dimmed" fz="sm">
                  {t({ id: 'shared.callback.backToLogin', message: 'Returning to the login page...' })}
                </Text>
              </>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
