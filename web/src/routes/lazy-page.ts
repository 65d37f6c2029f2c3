import type { ReactNode } from 'react';

/** A lazyRouteComponent: its `preload` fetches the module. */
type Preloadable = { preload?: () => Promise<void> | undefined };

/**
 * A route component that wraps lazily loaded pages (lazyRouteComponent) to pass them params or a
 * key: the router preloads the pages while it matches the route, as it does a lazyRouteComponent
 * (it calls the component's `preload`), showing the pending component meanwhile, so the page never
 * suspends on its first render.
 */
export function preloading<Component extends () => ReactNode>(component: Component, ...pages: Preloadable[]) {
  return Object.assign(component, {
    preload: async () => {
      await Promise.all(pages.map((page) => page.preload?.()));
    },
  });
}
