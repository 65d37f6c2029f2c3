import { useLingui } from '@lingui/react/macro';
import { Loader } from '@mantine/core';
import { type ReactNode, Suspense, useEffect, useState } from 'react';

/** Tells the dialog's holder that the dialog's code has arrived and the dialog is drawn (closed). */
function Drawn({ onDrawn }: { onDrawn: (drawn: true) => void }) {
  useEffect(() => onDrawn(true), [onDrawn]);
  return null;
}

/** A spinner in the middle of the window while a dialog's code arrives; it moves nothing on the page. */
function DialogPending() {
  const { t } = useLingui();
  return (
    <div
      role="status"
      style={{
        position: 'fixed',
        inset: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        pointerEvents: 'none',
        zIndex: 200,
      }}
    >
      <Loader aria-label={t({ id: 'shared.common.loading', message: 'Loading...' })} />
    </div>
  );
}

/**
 * A dialog or drawer (a lazy component: a Modal or Drawer with its focus handling) whose code is fetched
 * the first time it opens, not with the screen that may open it. Once there it stays mounted, so it
 * closes with its transition. It is first drawn closed and then opened, so the dialog sees a normal
 * opening: it takes focus and gives it back to what had it (the button that opened it) on closing.
 */
export function OnDemandDialog({
  opened,
  children,
}: {
  opened: boolean;
  /** The dialog, told whether to show. */
  children: (opened: boolean) => ReactNode;
}) {
  const [requested, setRequested] = useState(opened);
  const [drawn, setDrawn] = useState(false);
  if (opened && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={opened ? <DialogPending /> : null}>
      <Drawn onDrawn={setDrawn} />
      {children(drawn && opened)}
    </Suspense>
  );
}
