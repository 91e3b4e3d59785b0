/**
 * Notifications as SPEC §9 sets them: bottom-left, hidden after 5000 ms, dismissible,
 * paused while hovered, hidden on click, at most 4 on screen; five kinds.
 */
import { notifications } from '@mantine/notifications';

export const NOTIFICATION_SETTINGS = {
  position: 'bottom-left',
  autoClose: 5000,
  limit: 4,
} as const;

export type NotificationKind = 'default' | 'info' | 'success' | 'warning' | 'error';

const COLORS: Record<NotificationKind, string | undefined> = {
  default: undefined,
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

export function notify(kind: NotificationKind, message: string): string {
  const id = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  notifications.show({
    id,
    message,
    color: COLORS[kind],
    withCloseButton: true,
    // Its button is otherwise an unnamed cross to a screen reader (axe: button-name).
    closeButtonProps: { 'aria-label': 'Fermer' },
    // A click anywhere on the notification hides it, as in the template's notifier.
    onClick: () => notifications.hide(id),
    style: { cursor: 'pointer' },
    role: kind === 'error' || kind === 'warning' ? 'alert' : 'status',
    className: `notification-${kind}`,
  });
  return id;
}
