import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useState } from 'react';

export type UpgradeFeature = 'date_filter' | 'content_generation' | 'email_subscription' | 'favorites';

const UpgradeContext = createContext<((feature: UpgradeFeature) => void) | null>(null);

// Fetched the first time a reader reaches a Pro feature: the list screens do not carry the dialog.
const UpgradeDialogModal = lazy(() =>
  import('./upgrade-dialog-modal').then((m) => ({ default: m.UpgradeDialogModal })),
);

/** Goes to /pricing (the router adds /zh); one per page tree, opened with useUpgradeDialog(). */
export function UpgradeDialogProvider({ children }: { children: ReactNode }) {
  const [feature, setFeature] = useState<UpgradeFeature | null>(null);
  // Once asked for, the dialog stays mounted, so it can fade out as it closes.
  const [wanted, setWanted] = useState(false);
  const open = useCallback((f: UpgradeFeature) => {
    setWanted(true);
    setFeature(f);
  }, []);
  return (
    <UpgradeContext.Provider value={open}>
      {children}
      {wanted ? (
        <Suspense fallback={null}>
          <UpgradeDialogModal feature={feature} onClose={() => setFeature(null)} />
        </Suspense>
      ) : null}
    </UpgradeContext.Provider>
  );
}

export function useUpgradeDialog(): (feature: UpgradeFeature) => void {
  const open = useContext(UpgradeContext);
  if (!open) throw new Error('useUpgradeDialog must be used inside <UpgradeDialogProvider>');
  return open;
}
