import type { QueryClient } from '@tanstack/react-query';
import { ensureNamespaces } from '../i18n/app-i18n';
import type { Language } from '../i18n/language';
import type { Namespace } from '../i18n/loaders';
import type { RouterContext } from './root';

/** What a screen's data is chosen by: the route's path parameters and the reader's language. */
export type ScreenDataArgs = {
  params: Record<string, string | undefined>;
  language: Language;
  queryClient: QueryClient;
};
/**
 * Starts the queries a screen draws first (`queryClient.ensureQueryData` with the screen's own query
 * options, so the screen's useQuery finds them in flight or answered); see screen-data.ts.
 */
export type ScreenData = (args: ScreenDataArgs) => Promise<unknown>[] | Promise<Promise<unknown>[]>;

/**
 * The loader's argument names the context only: the route's parameters are typed by its path, and a
 * loader typed with them would take that over; the router passes them all the same.
 */
type ScreenLoader = ((args: { context: RouterContext }) => Promise<void>) & {
  namespaces: readonly Namespace[];
};

/**
 * A route loader for a screen: it fetches the string namespaces the screen uses, in the reader's
 * language, while the router fetches the screen's code chunk, and starts the screen's data (`data`)
 * beside them, so the three arrive together instead of one after the other; the router runs it on a
 * link's hover or focus too (preload on intent). A failed string fetch shows the route's error screen
 * (its retry runs the loader again). The data is not waited for: the screen shows its own loading and
 * error states (with their retry) as before, and finds the answer sooner. The namespaces are kept on
 * the loader so the first screen can start on them before the app renders (router.tsx).
 */
export function loadScreen(namespaces: readonly Namespace[], data?: ScreenData): ScreenLoader {
  const loader = (args: { context: RouterContext }) => {
    const { context } = args;
    if (data) {
      const { params } = args as { params?: ScreenDataArgs['params'] };
      void startScreenData(context, params ?? {}, data);
    }
    return ensureNamespaces(context.i18n, namespaces);
  };
  return Object.assign(loader, { namespaces });
}

/** A screen with strings and no data of its own to start (see loadScreen). */
export function loadStrings(...namespaces: Namespace[]): ScreenLoader {
  return loadScreen(namespaces);
}

/**
 * Starts a screen's data once the boot session check is over: a reader's answer can differ from a
 * visitor's (a Pro reader's whole archive) under the same query key. Failures are left to the screen.
 */
async function startScreenData(
  context: Pick<RouterContext, 'auth' | 'i18n' | 'queryClient'>,
  params: Record<string, string | undefined>,
  data: ScreenData,
): Promise<void> {
  try {
    await context.auth.whenSettled();
    const started = await data({
      params,
      language: context.i18n.language,
      queryClient: context.queryClient,
    });
    await Promise.allSettled(started);
  } catch {
    // A module that did not load: the screen loads its own again and reports the failure itself.
  }
}

/** The namespaces a route's loader fetches (none for other loaders). */
export function stringsOf(loader: unknown): readonly Namespace[] {
  return typeof loader === 'function' && 'namespaces' in loader && Array.isArray(loader.namespaces)
    ? (loader.namespaces as Namespace[])
    : [];
}
