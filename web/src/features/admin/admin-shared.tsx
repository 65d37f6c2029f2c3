import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { errorText } from './admin-api';

/**
 * A mutation with the admin toasts of §8: success title (+ optional message), a destructive
 * failure toast with the server's message, and a reload of all admin data after any change.
 */
export function useAdminAction<TVars, TResult>(options: {
  run: (vars: TVars) => Promise<TResult>;
  success: string;
  failure: string;
  successMessage?: (result: TResult, vars: TVars) => string | undefined;
  onDone?: (result: TResult, vars: TVars) => void;
}) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: (result, vars) => {
      showSuccessToast(options.success, options.successMessage?.(result, vars));
      options.onDone?.(result, vars);
    },
    onError: (error) => showErrorToast(options.failure, errorText(error, t('messages.tryLater'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** A confirmation step for destructive or heavy actions. */
export function useConfirm() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<{
    title: string;
    message: ReactNode;
    confirmLabel: string;
    onConfirm: () => void;
  } | null>(null);
  const dialog = (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      opened={state !== null}
      onClose={() => setState(null)}
      title={state?.title}
      centered
    >
      <Stack>
        <Text size="sm">{state?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setState(null)}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            data-testid="confirm-action"
            onClick={() => {
              state?.onConfirm();
              setState(null);
            }}
          >
            {state?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { dialog, ask: setState };
}

/** A tab whose data did not load: the server's message and, where offered, a retry. */
export function LoadError({
  error,
  onRetry,
  testId,
}: {
  error: unknown;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  const message = <Text size="sm">{errorText(error, t('messages.tryLater'))}</Text>;
  return (
    <Alert color="red" title={t('toast.loadFailed')} data-testid={testId}>
      {onRetry ? (
        <Group>
          {message}
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </Group>
      ) : (
        message
      )}
    </Alert>
  );
}
