import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Where the toasts of lib/toast show; a chunk of its own, mounted by `Providers` (see there). */
export function Toasts() {
  return <Notifications position="top-center" limit={3} />;
}
