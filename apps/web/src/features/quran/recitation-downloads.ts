/**
 * A chapter's recitation kept on the device for listening without a connection (issue 23): every verse's
 * Arabic (the chosen reciter) and French, in the Cache Storage the service worker reads them from
 * (src/service-worker/service-worker.ts). What was downloaded, and its size, is noted on the device too.
 * Loaded from the reader's settings dialog, when it is opened.
 */
import { RECITATIONS_CACHE } from '../../service-worker/offline-pages';

export type Download = { chapter: number; reciter: string; verses: number; bytes: number };

const KEY = 'coran.telechargements';
/** Files fetched at once: enough to go fast, few enough to leave the connection to the page. */
const PARALLEL = 3;

const keyOf = (chapter: number, reciter: string) => `${chapter}:${reciter}`;

function recorded(): Record<string, Download> {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, Download> | null) ?? {};
  } catch {
    return {};
  }
}

function record(change: (downloads: Record<string, Download>) => Record<string, Download>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(change(recorded())));
  } catch {
    // A full storage: the files are kept, only their note is not.
  }
}

/** The chapter's recitation by `reciter` as kept on this device, if all of `addresses` are. */
export async function downloaded(
  chapter: number,
  reciter: string,
  addresses: string[],
): Promise<Download | null> {
  const noted = recorded()[keyOf(chapter, reciter)];
  if (!noted || !('caches' in window)) return null;
  const cache = await caches.open(RECITATIONS_CACHE);
  const kept = await Promise.all(addresses.map((address) => cache.match(address)));
  return kept.every(Boolean) ? noted : null;
}

/** Downloads every file of `addresses` not kept yet; `progress` hears how many are done. */
export async function download(
  chapter: number,
  reciter: string,
  addresses: string[],
  progress: (done: number) => void,
): Promise<Download> {
  const cache = await caches.open(RECITATIONS_CACHE);
  const waiting = [...addresses];
  let done = 0;
  let bytes = 0;
  const next = async (): Promise<void> => {
    const address = waiting.shift();
    if (address === undefined) return;
    let response = await cache.match(address);
    if (!response) {
      const fetched = await fetch(address, { mode: 'cors' });
      if (!fetched.ok) throw new Error(`${address} answered HTTP ${fetched.status}`);
      await cache.put(address, fetched.clone());
      response = fetched;
    }
    bytes += (await response.blob()).size;
    done += 1;
    progress(done);
    return next();
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
  const result = { chapter, reciter, verses: addresses.length, bytes };
  record((downloads) => ({ ...downloads, [keyOf(chapter, reciter)]: result }));
  return result;
}

/** Removes the chapter's recitation by `reciter` from this device. */
export async function remove(chapter: number, reciter: string, addresses: string[]): Promise<void> {
  const cache = await caches.open(RECITATIONS_CACHE);
  await Promise.all(addresses.map((address) => cache.delete(address)));
  const key = keyOf(chapter, reciter);
  record((downloads) => Object.fromEntries(Object.entries(downloads).filter(([kept]) => kept !== key)));
}

/** A size as a French reader reads it: "14,2 Mo". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} Mo`;
}
