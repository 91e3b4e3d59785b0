/**
 * The Quran reader on this machine (issue target): chapter 2 (286 verses, three texts each) fully shown
 * within 1 s of choosing it, by the pages' own clocks, and /api/quran/surah/2 under 250 KB on the wire. Real
 * Chromium, no throttling.
 * Choosing a chapter loads its page, which the server draws on the first visit and keeps (decision 22): the
 * first run is that first visit, the others are the pages kept.
 *
 * And a repeat visit (issue 23): once the site's service worker has kept the chapters, /coran/1 paints its
 * largest text (chapter 1's verses, in their font) within 300 ms of the navigation's start, on a phone's slow
 * network (Slow 4G as Chrome's tools define it: 150 ms of latency, 1.6 Mbit/s down): its Largest Contentful
 * Paint, by the page's own clock.
 */
import { chromium, type Browser } from '@playwright/test';
import http from 'node:http';
import type { BenchResult } from './bench-result.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.js';
import { startLocalServer } from '../e2e/support/global-setup.js';

const RUNS = 5;
const REPEAT_VISIT_TARGET_MS = 300;

/** /coran/1 visited once, then RUNS times again from what the service worker kept; the times, in ms. */
async function repeatVisits(browser: Browser, baseUrl: string): Promise<number[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/coran/1`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // A later visit: the worker has kept every chapter and is idle.
  await page.waitForFunction(async () => (await (await caches.open('pages')).keys()).length >= 114, null, {
    timeout: 240_000,
    polling: 1_000,
  });
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${baseUrl}/coran/1`);
    // Shown: the largest text painted, in its font (the Quran's text waits for it: font-display: block).
    times.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            new PerformanceObserver((entries) => {
              const last = entries.getEntries().at(-1);
              if (last) resolve(Math.round(last.startTime));
            }).observe({ type: 'largest-contentful-paint', buffered: true }),
          ),
      ),
    );
  }
  await context.close();
  return times;
}
/**
 * Chapter 2 chosen on /coran/1 in a fresh browser profile (chapter 2 is in no cache), the reader having chosen
 * the transliteration too; the time, in ms, from the choice to the first frame that draws the last verse with
 * it. Both moments are taken by the pages' own clocks (the time since the epoch each gives), so the test
 * driver's round trips and its searches of a 10 000-element page are not counted.
 */
async function chapterChange(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext();
  // A string, not a function: the benchmark's compiler would name the inner function with a helper the page
  // does not have.
  await context.addInitScript(`
    if (location.pathname.endsWith('/coran/2')) {
      requestAnimationFrame(function watch() {
        const last = document.querySelector('#verset-286 [data-text="transliteration"]');
        if (last && last.getClientRects().length > 0) {
          sessionStorage.setItem('bench:shown', String(performance.timeOrigin + performance.now()));
        } else requestAnimationFrame(watch);
      });
    }`);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/coran/1`);
  await page.getByLabel('Translittération', { exact: true }).check();
  // Remembered by the reader's island once it runs: the next chapter is drawn with it.
  await page.waitForFunction(() => localStorage.getItem('coran.lecteur')?.includes('"transliteration":true'));
  const select = page.getByLabel('Sourate', { exact: true });
  await select.evaluate((element) =>
    element.addEventListener(
      'change',
      () => sessionStorage.setItem('bench:chosen', String(performance.timeOrigin + performance.now())),
      { capture: true },
    ),
  );
  await select.selectOption('2');
  await page.waitForURL(/\/coran\/2$/);
  const shownAt = await page.waitForFunction(() => sessionStorage.getItem('bench:shown'), null, {
    timeout: 30_000,
  });
  const time =
    Number(await shownAt.jsonValue()) -
    Number(await page.evaluate(() => sessionStorage.getItem('bench:chosen')));
  await context.close();
  return Math.round(time);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The bytes the server sends for `url` to a browser that accepts gzip, and how it encoded them. */
function bytesOnTheWire(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }),
        );
      })
      .on('error', reject);
  });
}

export async function quranReaderBench(): Promise<BenchResult> {
  const server = await startLocalServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await chapterChange(browser, server.baseUrl));
    const wire = await bytesOnTheWire(`${server.baseUrl}/api/quran/surah/2`);
    const shown = median(times);
    const repeats = await repeatVisits(browser, server.baseUrl);
    const repeat = median(repeats);
    return {
      name: 'Quran reader',
      target:
        'chapter 2 fully shown ≤ 1000 ms after choosing it; /api/quran/surah/2 ≤ 250 KB gzipped; ' +
        `a repeat visit of /coran shows chapter 1 ≤ ${REPEAT_VISIT_TARGET_MS} ms from the cache`,
      pass: shown <= 1000 && wire.bytes <= 250_000 && repeat <= REPEAT_VISIT_TARGET_MS,
      rows: [
        {
          figure: 'chapter 2 shown after choosing it (median of 5, ms)',
          value: shown,
          runs: `${times.join(' ')} (the first drawn by the server, the others kept)`,
        },
        {
          figure: 'repeat visit: /coran/1 shown from the cache on Slow 4G (median of 5, ms)',
          value: repeat,
          runs: repeats.join(' '),
        },
        {
          figure: '/api/quran/surah/2 on the wire (bytes)',
          value: wire.bytes,
          runs: `content-encoding: ${wire.encoding}`,
        },
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
