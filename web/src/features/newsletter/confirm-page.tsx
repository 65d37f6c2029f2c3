import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import type { NewsletterConfirmResponse } from '@app/contracts';
import { Alert, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconMailCheck, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CenteredLoader } from '../ui/centered-loader';
import { AnchorLink, ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { type ConfirmErrorKey, confirmErrorKey, confirmSubscription } from './confirm-api';
import { CONFIRM_ERROR_MESSAGES } from './newsletter-messages';

type State =
  | { kind: 'loading' }
  | { kind: 'success'; result: NewsletterConfirmResponse }
  | { kind: 'error'; key: ConfirmErrorKey };

function Success({ result }: { result: NewsletterConfirmResponse }) {
  const { t } = useLingui();
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCheck size={18} aria-hidden />}
      title={t({ id: 'newsletter.confirmSuccessTitle', message: 'Subscription confirmed' })}
      role="status"
      data-testid="newsletter-confirm-success"
    >
      <Stack gap="sm" align="flex-start">
        <Text>
          {t({
            id: 'newsletter.confirmSuccessText',
            message: `${ph({ email: result.email })} will get the digest every day at 8 AM, ${ph({ zone: result.time_zone })}, for these topics:`,
          })}
        </Text>
        {result.topics.length > 0 && (
          <List size="sm" data-testid="newsletter-confirm-topics">
            {result.topics.map((topic) => (
              <List.Item key={topic.id}>{topic.name}</List.Item>
            ))}
          </List>
        )}
        <ButtonLink to="/" variant="light">
          {t({ id: 'newsletter.confirmBackHome', message: 'Back to home' })}
        </ButtonLink>
      </Stack>
    </Alert>
  );
}

function Failure({ messageKey, onRetry }: { messageKey: ConfirmErrorKey; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconX size={18} aria-hidden />}
      title={t({ id: 'newsletter.confirmErrorTitle', message: 'Could not confirm' })}
      role="alert"
      data-testid="newsletter-confirm-error"
    >
      <Stack gap="sm" align="flex-start">
        <Text data-testid="newsletter-confirm-error-text">{t(CONFIRM_ERROR_MESSAGES[messageKey])}</Text>
        <Group gap="sm">
          {messageKey === 'confirmFailed' && (
            <Button variant="light" color="red" onClick={onRetry}>
              {t({ id: 'newsletter.retry', message: 'Retry' })}
            </Button>
          )}
          <AnchorLink to="/">
            {messageKey === 'confirmExpired' || messageKey === 'confirmInvalid'
              ? t({ id: 'newsletter.confirmSubscribeAgain', message: 'Subscribe again' })
              : t({ id: 'newsletter.confirmBackHome', message: 'Back to home' })}
          </AnchorLink>
        </Group>
      </Stack>
    </Alert>
  );
}

/** /newsletter/confirm?token= (the link in the double opt-in email): confirms with a POST on load. */
export function NewsletterConfirmPage({ token }: { token?: string }) {
  const { t } = useLingui();
  useDocumentTitle(t({ id: 'newsletter.confirmTitle', message: 'Confirm your subscription' }));
  const [state, setState] = useState<State>(() =>
    token ? { kind: 'loading' } : { kind: 'error', key: 'confirmInvalid' },
  );
  const started = useRef<string | null>(null);
  const run = useCallback((value: string) => {
    setState({ kind: 'loading' });
    confirmSubscription(value).then(
      (result) => setState({ kind: 'success', result }),
      (error) => {
        console.error('newsletter confirmation failed', error);
        setState({ kind: 'error', key: confirmErrorKey(error) });
      },
    );
  }, []);
  useEffect(() => {
    // Once per token, also under StrictMode's double effects (a repeat would answer 'already used').
    if (!token || started.current === token) return;
    started.current = token;
    run(token);
  }, [token, run]);

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} data-testid="newsletter-confirm-page">
      <Stack gap="lg">
        <Group gap="xs" wrap="nowrap">
          <IconMailCheck size={28} aria-hidden />
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t({ id: 'newsletter.confirmTitle', message: 'Confirm your subscription' })}
          </Title>
        </Group>
        {state.kind === 'loading' && (
          <CenteredLoader
            label={t({ id: 'newsletter.confirmLoading', message: 'Confirming your subscription…' })}
            minHeight={160}
          />
        )}
        {state.kind === 'success' && <Success result={state.result} />}
        {state.kind === 'error' && (
          <Failure messageKey={state.key} onRetry={() => (token ? run(token) : undefined)} />
        )}
      </Stack>
    </Container>
  );
}
