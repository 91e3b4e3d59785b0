/**
 * The learning site without a connection (decision 23): registers the service worker
 * (src/service-worker/service-worker.ts), asks it to keep every chapter once the reader has stayed a while, and
 * offers a new version of the site when one is ready, never forcing it: the reader may be in the middle of a
 * recitation.
 */
import { Workbox } from 'workbox-window';
import { CHAPTERS_MESSAGE } from '../service-worker/offline-pages';

/**
 * The chapters (2.9 MB) are fetched once the reader has stayed this long on a page, not at once: on a phone's
 * connection, the first pages a visitor opens come first. A device that asks to save data is not sent them.
 */
export const KEEP_CHAPTERS_AFTER_MS = 10_000;

export function startOfflineSite(): void {
  // No service workers here (an old browser, a private window, a policy): the site works online as it is.
  if (!navigator.serviceWorker) return;
  const site = new Workbox('/sw.js');
  const offerUpdate = bindUpdateBanner(site);
  site.addEventListener('waiting', offerUpdate);
  site
    .register()
    .then(async (found) => {
      // A new version the browser found as this page loaded may still be installing: Workbox tells only of
      // one it saw start, so the page watches this one itself.
      const installing = found?.installing;
      if (installing && navigator.serviceWorker.controller) {
        installing.addEventListener('statechange', () => {
          if (installing.state === 'installed') offerUpdate();
        });
      }
      const registration = await navigator.serviceWorker.ready;
      if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return;
      setTimeout(() => registration.active?.postMessage(CHAPTERS_MESSAGE), KEEP_CHAPTERS_AFTER_MS);
    })
    // Refused (a storage full, a browser setting): the site works online as it is.
    .catch(() => {});
}

/** The page's update banner (components/UpdateBanner.tsx), bound once; shows it when called. */
function bindUpdateBanner(site: Workbox): () => void {
  const banner = document.querySelector<HTMLElement>('[data-update-banner]');
  if (!banner) return () => {};
  banner.querySelector('[data-update-now]')?.addEventListener('click', () => {
    // The new version takes over, then this page is loaded again with it.
    site.addEventListener('controlling', () => window.location.reload());
    site.messageSkipWaiting();
  });
  banner.querySelector('[data-update-later]')?.addEventListener('click', () => {
    banner.hidden = true;
  });
  return () => {
    banner.hidden = false;
  };
}
