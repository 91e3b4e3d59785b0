import { Notifications } from '@mantine/notifications';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { NOTIFICATION_SETTINGS } from '../lib/notify';

/** Where notifications appear, with the settings of SPEC §9 (see lib/notify.ts). */
export default function NotificationsDisplay() {
  return <Notifications {...NOTIFICATION_SETTINGS} />;
}
