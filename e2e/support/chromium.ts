/**
 * Debian's Chromium and the flags it needs on these machines (no sandbox as root, no background network
 * calls that a closed network would refuse). Used by the browser tests and by the Lighthouse benchmark.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
