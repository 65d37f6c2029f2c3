import { ensureNamespaces } from '../i18n/app-i18n';
import type { Namespace } from '../i18n/loaders';
import type { RouterContext } from './root';

/**
 * A route loader fetching the string namespaces its screen uses, in the reader's language, while the
 * router fetches the screen's code chunk: both arrive together instead of one after the other. A
 * failed fetch shows the route's error screen (its retry runs the loader again). The namespaces are
 * kept on the loader so the first screen can start on them before the app renders (router.tsx).
 */
export function loadStrings(...namespaces: Namespace[]) {
  const loader = ({ context }: { context: RouterContext }) => ensureNamespaces(context.i18n, namespaces);
  return Object.assign(loader, { namespaces });
}

export function stringsOf(loader: unknown): readonly Namespace[] {
  return typeof loader === 'function' && 'namespaces' in loader && Array.isArray(loader.namespaces)
    ? (loader.namespaces as Namespace[])
    : [];
}
