import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for workbox-window's Workbox: its events are fired by the test. */
const site = vi.hoisted(() => {
  const listeners = new Map<string, (() => void)[]>();
  return {
    listeners,
    fire: (name: string) => listeners.get(name)?.forEach((listener) => listener()),
    messageSkipWaiting: vi.fn(),
    register: vi.fn(async (): Promise<unknown> => undefined),
  };
});
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(name: string, listener: () => void) {
      site.listeners.set(name, [...(site.listeners.get(name) ?? []), listener]);
    }
    messageSkipWaiting = site.messageSkipWaiting;
    register = site.register;
  },
}));

import { KEEP_CHAPTERS_AFTER_MS, startOfflineSite } from './offline-site';

const banner = () => document.querySelector<HTMLElement>('[data-update-banner]');

beforeEach(() => {
  document.body.innerHTML = `<div data-update-banner hidden>
    <button data-update-now>Mettre à jour</button><button data-update-later>Plus tard</button></div>`;
  const postMessage = vi.fn();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ active: { postMessage } }) },
  });
});
afterEach(() => {
  site.listeners.clear();
  vi.clearAllMocks();
});

describe('the offline site', () => {
  it('offers a new version and installs it only when the reader accepts', () => {
    startOfflineSite();
    expect(banner()?.hidden).toBe(true);
    site.fire('waiting');
    expect(banner()?.hidden).toBe(false);
    expect(site.messageSkipWaiting).not.toHaveBeenCalled();
    document.querySelector<HTMLButtonElement>('[data-update-now]')?.click();
    expect(site.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('puts the offer away for later', () => {
    startOfflineSite();
    site.fire('waiting');
    document.querySelector<HTMLButtonElement>('[data-update-later]')?.click();
    expect(banner()?.hidden).toBe(true);
    expect(site.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('offers a new version the browser was still installing when the page registered', async () => {
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    site.register.mockResolvedValueOnce({ installing });
    Object.assign(navigator.serviceWorker, { controller: {} });
    startOfflineSite();
    await vi.waitFor(() => expect(site.register).toHaveBeenCalled());
    await Promise.resolve();
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    expect(banner()?.hidden).toBe(false);
  });

  it('asks the worker to keep every chapter once the reader has stayed a while', async () => {
    vi.useFakeTimers();
    try {
      startOfflineSite();
      const registration = await navigator.serviceWorker.ready;
      await vi.advanceTimersByTimeAsync(KEEP_CHAPTERS_AFTER_MS - 1);
      expect(registration.active?.postMessage).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(registration.active?.postMessage).toHaveBeenCalledWith('CACHE_CHAPTERS');
    } finally {
      vi.useRealTimers();
    }
  });
});
