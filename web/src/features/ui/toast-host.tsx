import { lazy, Suspense } from 'react';
import { useToastsRequested } from './toast';

const ToastContainer = lazy(() => import('./toast-container'));

/** Mounts the notifications container once the first toast is asked for. */
export function ToastHost() {
  const requested = useToastsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
