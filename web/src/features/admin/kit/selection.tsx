import { Button } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toggleSelection } from '../admin-logic';

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
  const { t } = useTranslation('admin');
  return (
    <Button
      variant={selection.batch ? 'filled' : 'light'}
      color={selection.batch ? 'gray' : undefined}
      onClick={selection.toggleMode}
      data-testid={testId}
    >
      {selection.batch ? t('actions.exitBatch') : t('actions.batchMode')}
    </Button>
  );
}
