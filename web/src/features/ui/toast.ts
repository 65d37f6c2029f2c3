import { notifications } from '@mantine/notifications';

// Toast helpers: one look for success and one for "destructive" failures across the app.

export function showSuccessToast(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'teal' });
}

/** `id` names a toast that is shown once at a time (Mantine ignores a second one with the same id). */
export function showErrorToast(title: string, message?: string, options: { id?: string } = {}) {
  notifications.show({ id: options.id, title, message: message ?? '', color: 'red' });
}
