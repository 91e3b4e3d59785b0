/**
 * Lighthouse (mobile: emulated phone, simulated slow 4G and 4× slower CPU) on every public page and on
 * /login, side by side: the build of this checkout and the build of a baseline revision (LIGHTHOUSE_BASELINE,
 * by default the commit before HEAD), each served by its own `npm start`, measured in turns on the same
 * machine so that both meet the same moments of a busy machine. Targets (issues 3–5, 22): on this checkout's
 * build, performance ≥ 95 and accessibility, best practices, SEO = 100 on every page; on the learning pages
 * and /login, total blocking time ≤ 150 ms, largest contentful paint ≤ 2.0 s and a first load of at most
 * 50 KiB of compressed JavaScript in at most 8 requests.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LighthouseResult } from 'lighthouse';
import type { BenchResult } from './bench-result.js';
import { median } from './bench-support.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.js';
import { startLocalServer } from '../e2e/support/global-setup.js';
import { PUBLIC_PAGES } from '../apps/web/src/prerendered-pages.js';
import { startServerProcess, type ServerProcess } from '../scripts/server-process.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** LIGHTHOUSE_PAGES=/coursarabe,/coran measures only those pages, while working on one. */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? PUBLIC_PAGES;
/**
 * Measured runs per page and build; each figure is their median. Five, as Lighthouse's documentation advises
 * for its variance: on a 2-core machine one run in three or four lands on a busy moment.
 */
const RUNS = 5;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const BUDGET = { tbtMs: 150, lcpMs: 2_000, scriptKiB: 50, scriptRequests: 8 };

type Build = { label: string; baseUrl: string; stop: () => Promise<void> };

const shortRevision = (revision: string, cwd = root) =>
  execFileSync('git', ['rev-parse', '--short', revision], { cwd, encoding: 'utf8' }).trim();

/**
 * The baseline revision checked out beside this one (bench/tmp/, ignored by git), with its own dependencies
 * as its lock file gives them, served by its own `npm start`, which builds it.
 */
async function startBaseline(revision: string): Promise<Build> {
  const dir = path.join(root, 'bench/tmp/baseline');
  if (fs.existsSync(dir)) execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
  execFileSync('git', ['worktree', 'add', '--detach', dir, revision], { cwd: root, stdio: 'inherit' });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'inherit' });
  const server: ServerProcess = await startServerProcess({
    args: ['scripts/start.mjs'],
    cwd: dir,
    env: { LOG_LEVEL: 'warn' },
  });
  return {
    label: `baseline ${shortRevision('HEAD', dir)}`,
    baseUrl: server.baseUrl,
    async stop() {
      await server.stop();
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
    },
  };
}

/** The page's JavaScript as the first load fetched it: compressed bytes and requests. */
function scriptsOf(lhr: LighthouseResult): { bytes: number; requests: number } {
  const items = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  const scripts = (items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    bytes: scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
    requests: scripts.length,
  };
}

const numeric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
const score = (lhr: LighthouseResult, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** A row of medians over one build's runs of one page, and whether it meets the targets. */
function summarise(page: string, build: Build, runs: LighthouseResult[]) {
  const scripts = runs.map(scriptsOf);
  const figures = {
    tbt: Math.round(median(runs.map((r) => numeric(r, 'total-blocking-time')))),
    lcp: Math.round(median(runs.map((r) => numeric(r, 'largest-contentful-paint')))),
    scriptKiB: Math.round(median(scripts.map((s) => s.bytes)) / 102.4) / 10,
    scriptRequests: median(scripts.map((s) => s.requests)),
  };
  const row: Record<string, string | number> = { page, build: build.label };
  let meets = true;
  for (const category of CATEGORIES) {
    row[category] = median(runs.map((r) => score(r, category)));
    if (Number(row[category]) < TARGET[category]) meets = false;
  }
  row['performance of each run'] = runs.map((r) => score(r, 'performance')).join(' ');
  row['LCP (ms)'] = figures.lcp;
  row['TBT (ms)'] = figures.tbt;
  row.CLS = Number(median(runs.map((r) => numeric(r, 'cumulative-layout-shift'))).toFixed(3));
  row['JS (KiB, requests)'] = `${figures.scriptKiB} in ${figures.scriptRequests}`;
  // Lighthouse's own measure of how fast this machine computes (higher is faster), so that a figure can be
  // compared with one taken elsewhere.
  row['benchmark index'] = Math.round(median(runs.map((r) => r.environment.benchmarkIndex)));
  meets &&=
    figures.tbt <= BUDGET.tbtMs &&
    figures.lcp <= BUDGET.lcpMs &&
    figures.scriptKiB <= BUDGET.scriptKiB &&
    figures.scriptRequests <= BUDGET.scriptRequests;
  return { row, figures, meets };
}

/** How many times a run Lighthouse could not complete is tried before the benchmark stops. */
const MEASURE_ATTEMPTS = 3;

const ratio = (current: number, baseline: number) =>
  baseline > 0 ? `${(current / baseline).toFixed(2)}×` : current === 0 ? '1.00×' : '—';

export async function lighthouseBench(): Promise<BenchResult> {
  const baselineRevision = process.env.LIGHTHOUSE_BASELINE ?? 'HEAD~1';
  const baseline = await startBaseline(baselineRevision);
  const currentServer = await startLocalServer();
  const current: Build = {
    label: `current ${shortRevision('HEAD')}${execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }) ? ' + changes' : ''}`,
    baseUrl: currentServer.baseUrl,
    stop: () => currentServer.stop(),
  };
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // Lighthouse wants the new headless mode.
    chromeFlags: [...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'), '--headless=new'],
  });
  /**
   * One Lighthouse run. A run Lighthouse could not complete (its runtimeError: the page gave no paint within its
   * timeout, the protocol timed out on a busy machine) measured nothing and scores 0 in every category: it is
   * said and run again rather than counted as a score.
   */
  const measure = async (build: Build, page: string, categories: readonly string[]) => {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(`${build.baseUrl}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: [...categories],
      });
      if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${page} (${build.label})`);
      const failure = result.lhr.runtimeError;
      if (!failure) return result.lhr;
      const said = `${page} (${build.label}): Lighthouse could not measure (${failure.code}: ${failure.message})`;
      if (attempt === MEASURE_ATTEMPTS) throw new Error(said);
      console.warn(`${said}; measured again`);
    }
  };
  const rows: Record<string, string | number>[] = [];
  let pass = true;
  try {
    for (const page of PAGES) {
      // A first visit of each build warms its server's caches; then the builds take turns, run by run.
      for (const build of [baseline, current]) await measure(build, page, ['performance']);
      const runs = new Map<Build, LighthouseResult[]>([
        [baseline, []],
        [current, []],
      ]);
      for (let run = 0; run < RUNS; run++) {
        for (const build of [baseline, current])
          runs.get(build)?.push(await measure(build, page, CATEGORIES));
      }
      const before = summarise(page, baseline, runs.get(baseline) ?? []);
      const after = summarise(page, current, runs.get(current) ?? []);
      before.row['TBT, LCP against the baseline'] = '';
      after.row['TBT, LCP against the baseline'] =
        `${ratio(after.figures.tbt, before.figures.tbt)}, ${ratio(after.figures.lcp, before.figures.lcp)}`;
      if (!after.meets) pass = false;
      rows.push(before.row, after.row);
      console.log(JSON.stringify(before.row));
      console.log(JSON.stringify(after.row));
    }
  } finally {
    chrome.kill();
    await current.stop();
    await baseline.stop();
  }
  return {
    name: 'Lighthouse (mobile)',
    target:
      `this checkout's build: performance ≥ 95; accessibility, best practices, SEO = 100; TBT ≤ ${BUDGET.tbtMs} ms, ` +
      `LCP ≤ ${BUDGET.lcpMs / 1000} s and first-load JavaScript ≤ ${BUDGET.scriptKiB} KiB compressed in ≤ ` +
      `${BUDGET.scriptRequests} requests, on every public page and /login (medians of ${RUNS} runs, the two ` +
      'builds taking turns; the baseline is LIGHTHOUSE_BASELINE, by default the commit before)',
    pass,
    rows,
  };
}
