/**
 * A notification for the next page, when the app leaves for a page it does not draw (a learning page, which
 * the server sends: decision 22): kept for this tab until that page shows it (src/islands/carried-notice.tsx).
 */
import type { NotificationKind } from './notify';

const KEY = 'coran.notice';

export type CarriedNotice = { kind: NotificationKind; message: string };

export function carryNotice(notice: CarriedNotice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // Storage refused (some private modes): the page opens without its notification.
  }
}

/** The notification carried to this page, once: it is forgotten as it is read. */
export function takeCarriedNotice(): CarriedNotice | null {
  try {
    const text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const notice = JSON.parse(text ?? 'null') as Partial<CarriedNotice> | null;
    return notice && typeof notice.message === 'string' && typeof notice.kind === 'string'
      ? { kind: notice.kind, message: notice.message }
      : null;
  } catch {
    return null;
  }
}
