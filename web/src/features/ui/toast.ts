import type { NotificationData } from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

// Toast helpers: one look for success and one for "destructive" failures across the app. Mantine's
// notifications (and their container, ToastHost) are fetched with the first toast, not at start-up.

let requested = false;
const listeners = new Set<() => void>();

/** Shows a toast (Mantine's `notifications.show`), fetching the notifications code first if need be. */
export function showToast(data: NotificationData): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  import('@mantine/notifications')
    .then(({ notifications }) => notifications.show(data))
    .catch((error: unknown) => console.error(error));
}

export function showSuccessToast(title: string, message?: string) {
  showToast({ title, message: message ?? '', color: 'teal' });
}

/** `id` names a toast that is shown once at a time (Mantine ignores a second one with the same id). */
export function showErrorToast(title: string, message?: string, options: { id?: string } = {}) {
  showToast({ id: options.id, title, message: message ?? '', color: 'red' });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether a toast was ever asked for: the container is mounted from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}
