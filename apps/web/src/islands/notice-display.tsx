/**
 * Shows, on a page drawn with islands, the notification the app carried to it (lib/carried-notice.ts: 'You've
 * been successfully logged out'), with the app's own notifications (lib/notify.ts), as on any of its pages.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { pageColorScheme } from '../lib/reading-preferences';
import { theme } from '../app/theme';
import NotificationsDisplay from '../components/NotificationsDisplay';
import type { CarriedNotice } from '../lib/carried-notice';
import { notify } from '../lib/notify';

function ShowNotice({ notice }: { notice: CarriedNotice }) {
  useEffect(() => void notify(notice.kind, notice.message), [notice]);
  return <NotificationsDisplay />;
}

export function show(notice: CarriedNotice): void {
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <MantineProvider theme={theme} forceColorScheme={pageColorScheme()}>
      <ShowNotice notice={notice} />
    </MantineProvider>,
  );
}
