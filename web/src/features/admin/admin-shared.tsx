import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: (result, vars) => {
      showSuccessToast(options.success, options.successMessage?.(result, vars));
      options.onDone?.(result, vars);
    },
    onError: (error) => showErrorToast(options.failure, errorText(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** A confirmation step for destructive or heavy actions. */
export function useConfirm() {
  const [state, setState] = useState<{
    title: string;
    message: ReactNode;
    confirmLabel: string;
    onConfirm: () => void;
  } | null>(null);
  const dialog = (
    <Modal opened={state !== null} onClose={() => setState(null)} title={state?.title} centered>
      <Stack>
        <Text size="sm">{state?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setState(null)}>
            取消
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

export function ActiveBadgeText(active: boolean) {
  return active ? '活跃' : '暂停';
}
