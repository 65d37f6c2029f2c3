import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, useCallback, useState } from 'react';
import { useLanguage } from '../../../i18n/language-provider';
import { showErrorToast, showSuccessToast } from '../../ui/toast';
import { OnDemandDialog } from '../../ui/on-demand-dialog';
import { adminTopicsQuery, errorText } from '../admin-api';
import { topicName } from '../admin-logic';
import type { ConfirmRequest } from './confirm-dialog';

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
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.run,
    onSuccess: (result, vars) => {
      showSuccessToast(options.success, options.successMessage?.(result, vars));
      options.onDone?.(result, vars);
    },
    onError: (error) =>
      showErrorToast(
        options.failure,
        errorText(t, error, t({ id: 'admin.messages.tryLater', message: 'Please try again later' })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/**
 * A topic's name by id in the admin's language, for rows that carry the topic's id and its stored
 * (English) name: the admin's topic list knows the Chinese one; `fallback` stands until it loads, or
 * for a topic deleted since.
 */
export function useTopicName() {
  const { language } = useLanguage();
  const topics = useQuery(adminTopicsQuery());
  return useCallback(
    (id: string | null | undefined, fallback: string) => {
      const topic = id ? topics.data?.find((candidate) => candidate.id === id) : undefined;
      return topic ? topicName(topic, language) : fallback;
    },
    [topics.data, language],
  );
}

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * A confirmation step for destructive or heavy actions. The dialog's code comes the first time one is
 * asked for; it keeps the last request's text while it fades out.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const ask = useCallback((next: ConfirmRequest) => {
    setRequest(next);
    setOpened(true);
  }, []);
  const dialog = (
    <OnDemandDialog opened={opened}>
      {(shown) => <ConfirmDialog opened={shown} request={request} onClose={() => setOpened(false)} />}
    </OnDemandDialog>
  );
  return { dialog, ask };
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
  const { t } = useLingui();
  const message = (
    <Text size="sm">
      {errorText(t, error, t({ id: 'admin.messages.tryLater', message: 'Please try again later' }))}
    </Text>
  );
  return (
    <Alert
      color="red"
      title={t({ id: 'admin.toast.loadFailed', message: 'Load failed' })}
      data-testid={testId}
    >
      {onRetry ? (
        <Group>
          {message}
          <Button size="xs" variant="light" onClick={onRetry}>
            {t({ id: 'admin.actions.retry', message: 'Retry' })}
          </Button>
        </Group>
      ) : (
        message
      )}
    </Alert>
  );
}

/** A row's edit, pause/enable and delete (after a confirmation) buttons; `children` come first. */
export function RowActions({
  active,
  onEdit,
  onToggle,
  onDelete,
  confirmDelete,
  gap = 'xs',
  children,
}: {
  active: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
  /** The confirmation's title and message. */
  confirmDelete: { title: string; message: string; ask: ReturnType<typeof useConfirm>['ask'] };
  gap?: number | 'xs';
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Group gap={gap} wrap={gap === 'xs' ? undefined : 'nowrap'}>
      {children}
      <Button size="compact-xs" variant="light" onClick={onEdit}>
        {t({ id: 'admin.actions.edit', message: 'Edit' })}
      </Button>
      <Button size="compact-xs" variant="default" onClick={onToggle}>
        {active
          ? t({ id: 'admin.actions.pause', message: 'Pause' })
          : t({ id: 'admin.actions.enable', message: 'Enable' })}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        onClick={() =>
          confirmDelete.ask({
            title: confirmDelete.title,
            message: confirmDelete.message,
            confirmLabel: t({ id: 'admin.actions.delete', message: 'Delete' }),
            onConfirm: onDelete,
          })
        }
      >
        {t({ id: 'admin.actions.delete', message: 'Delete' })}
      </Button>
    </Group>
  );
}
