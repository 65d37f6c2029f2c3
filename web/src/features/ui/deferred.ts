import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';

/**
 * A component whose code is fetched the first time the reader reaches for it (a menu's popover, the
 * side sheet), so the first screen does not download it. `preload` (pointer over it, focus) starts the
 * fetch early; `show` fetches it and then renders it. `load` must be a stable function.
 */
export function useDeferredComponent<P>(load: () => Promise<ComponentType<P>>) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const preload = useCallback(() => {
    load().catch(() => undefined);
  }, [load]);
  const show = useCallback(() => {
    load()
      .then((loaded) => setComponent(() => loaded))
      // Nothing opens; the next click tries again.
      .catch((error: unknown) => console.error(error));
  }, [load]);
  return { Component, preload, show };
}

/**
 * For a deferred menu that replaces its placeholder button: it mounts closed, then focuses its own
 * button and opens, so the menu's focus handling (Escape gives focus back to the button) sees a normal
 * opening.
 */
export function useOpenedOnMount<T extends HTMLElement>(openOnMount: boolean) {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<T>(null);
  useEffect(() => {
    if (!openOnMount) return;
    targetRef.current?.focus();
    setOpened(true);
  }, [openOnMount]);
  return { opened, setOpened, targetRef };
}
