import { createContext, lazy, type ReactNode, useCallback, useContext, useState } from 'react';
import { OnDemandDialog } from '../ui/on-demand-dialog';

export type UpgradeFeature = 'date_filter' | 'content_generation' | 'email_subscription' | 'favorites';

const UpgradeContext = createContext<((feature: UpgradeFeature) => void) | null>(null);

// Fetched the first time a reader reaches a Pro feature: the list screens do not carry the dialog.
const UpgradeDialogModal = lazy(() =>
  import('./upgrade-dialog-modal').then((m) => ({ default: m.UpgradeDialogModal })),
);

/** Goes to /pricing (the router adds /zh); one per page tree, opened with useUpgradeDialog(). */
export function UpgradeDialogProvider({ children }: { children: ReactNode }) {
  const [feature, setFeature] = useState<UpgradeFeature | null>(null);
  const open = useCallback((f: UpgradeFeature) => setFeature(f), []);
  return (
    <UpgradeContext.Provider value={open}>
      {children}
      <OnDemandDialog opened={feature !== null}>
        {(opened) => (
          <UpgradeDialogModal opened={opened} feature={feature} onClose={() => setFeature(null)} />
        )}
      </OnDemandDialog>
    </UpgradeContext.Provider>
  );
}

export function useUpgradeDialog(): (feature: UpgradeFeature) => void {
  const open = useContext(UpgradeContext);
  if (!open) throw new Error('useUpgradeDialog must be used inside <UpgradeDialogProvider>');
  return open;
}
