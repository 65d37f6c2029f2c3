import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { type ReactNode, useCallback, useState } from 'react';
import { toggleSelection } from '../admin-logic';
import { showErrorToast } from '../../ui/toast';
import { useAdminAction } from './admin-shared';

/** Batch mode and the rows selected in it (spec §3 "batch mode"): leaving it clears the selection. */
export function useBatchSelection() {
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const exit = useCallback(() => {
    setBatch(false);
    setSelected(new Set());
  }, []);
  const toggle = useCallback((id: string) => setSelected((current) => toggleSelection(current, id)), []);
  return {
    batch,
    selected,
    setSelected,
    toggle,
    exit,
    toggleMode: () => (batch ? exit() : setBatch(true)),
  };
}

export type BatchSelection = ReturnType<typeof useBatchSelection>;

/** The button that enters and leaves batch mode. */
export function BatchModeButton({ selection, testId }: { selection: BatchSelection; testId?: string }) {
  const { t } = useLingui();
  return (
    <Button
      variant={selection.batch ? 'filled' : 'light'}
      color={selection.batch ? 'gray' : undefined}
      onClick={selection.toggleMode}
      data-testid={testId}
    >
      {selection.batch
        ? t({ id: 'admin.actions.exitBatch', message: 'Exit batch mode' })
        : t({ id: 'admin.actions.batchMode', message: 'Batch mode' })}
    </Button>
  );
}

/**
 * Enable or pause the selected rows in one request (spec §3 "batch mode"): a toast with how many
 * changed, and batch mode left. With nothing selected, `emptyMessage` says what to select.
 */
export function useBatchStatus(
  selection: BatchSelection,
  options: {
    setActive: (ids: string[], isActive: boolean) => Promise<{ updated: number }>;
    updatedMessage: (count: number) => string;
    emptyMessage: string;
  },
) {
  const { t } = useLingui();
  const action = useAdminAction({
    run: (isActive: boolean) => options.setActive([...selection.selected], isActive),
    success: t({ id: 'admin.toast.updated', message: 'Updated' }),
    failure: t({ id: 'admin.toast.batchFailed', message: 'Batch operation failed' }),
    successMessage: (result) => options.updatedMessage(result.updated),
    onDone: selection.exit,
  });
  return {
    run: (isActive: boolean) => {
      if (selection.selected.size === 0)
        return showErrorToast(
          t({ id: 'admin.toast.batchFailed', message: 'Batch operation failed' }),
          options.emptyMessage,
        );
      action.mutate(isActive);
    },
    pending: action.isPending,
  };
}

export type BatchStatus = ReturnType<typeof useBatchStatus>;

/**
 * Batch mode's toolbar: select all the rows listed now (after filters), how many are selected, and
 * enable or pause them (see useBatchStatus); `children` add the tab's own batch actions.
 */
export function BatchToolbar({
  ids,
  selection,
  status,
  countTestId,
  children,
}: {
  /** The rows listed now (after filters). */
  ids: string[];
  selection: BatchSelection;
  status: BatchStatus;
  countTestId: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { selected, setSelected } = selection;
  return (
    <Group wrap="wrap" gap="xs">
      <Checkbox
        label={t({ id: 'admin.actions.selectAll', message: 'Select all' })}
        checked={ids.length > 0 && ids.every((id) => selected.has(id))}
        onChange={(e) => setSelected(e.currentTarget.checked ? new Set(ids) : new Set())}
      />
      <Text size="sm" c="dimmed" data-testid={countTestId}>
        {t({ id: 'admin.selection.count', message: `${ph({ count: selected.size })} selected` })}
      </Text>
      <Button size="xs" variant="default" onClick={() => status.run(true)} loading={status.pending}>
        {t({ id: 'admin.actions.batchEnable', message: 'Enable selected' })}
      </Button>
      <Button size="xs" variant="default" onClick={() => status.run(false)} loading={status.pending}>
        {t({ id: 'admin.actions.batchPause', message: 'Pause selected' })}
      </Button>
      {children}
    </Group>
  );
}
