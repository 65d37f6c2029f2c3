import { notifications } from '@mantine/notifications';

// Toast helpers: one look for success and one for "destructive" failures across the app.

export function showSuccessToast(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'teal' });
}

export function showErrorToast(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'red' });
}
