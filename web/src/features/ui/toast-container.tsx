import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container, fetched with the first toast (toast.ts). */
export default function ToastContainer() {
  return <Notifications limit={3} autoClose={4000} position="top-right" />;
}
