/**
 * The JavaScript each route makes a browser download on its first load (issue target: the business area and
 * the PDF code are never in the learning site's first load). Real Chromium against the production build: a
 * fresh browser context per route, every script response counted, on the wire (compressed) and unpacked.
 *
 * What a script holds is read from its source map (the build writes one next to each file): a script counts
 * as business code if one of its sources is under src/features/business/ (except business-routes.tsx, the
 * route table's list of lazy loaders, which is the only trace of the area the site's code carries), and as
 * PDF code if one is jsPDF or html2canvas. The invoice page then clicks 'Export as PDF' and must load the PDF code: the check proves it
 * can see what it looks for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Response } from '@playwright/test';
import type { BenchResult } from './bench-result.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.js';
import { startLocalServer } from '../e2e/support/global-setup.js';
import { storeTokens, type Tokens } from '../e2e/support/accounts.js';
import { PUBLIC_PAGES } from '../apps/web/src/prerendered-pages.js';

const NAME = 'JavaScript sent per route (first load)';
const TARGET = "no business code and no PDF code in the first load of the learning site's pages";

/** The site's home (the Quran reader under its first address) and every public page. */
const LEARNING_ROUTES = ['/', ...PUBLIC_PAGES];
const SIGNED_IN_ROUTES = ['/home', '/customers', '/invoices', '/invoices/new', '/invoices/1/INV-000001'];
const INVOICE_ROUTE = '/invoices/1/INV-000001';

const staticDir = fileURLToPath(new URL('../apps/web/dist/static', import.meta.url));

type Kind = 'business' | 'pdf';

/** What kinds of code a built script holds, from the sources listed in its map. */
function kindsOf(scriptUrl: string): Set<Kind> {
  const kinds = new Set<Kind>();
  const mapFile = path.join(staticDir, `${path.basename(new URL(scriptUrl).pathname)}.map`);
  if (!fs.existsSync(mapFile)) return kinds;
  const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
  for (const source of sources) {
    if (source.includes('/src/features/business/') && !source.endsWith('/business-routes.tsx')) {
      kinds.add('business');
    }
    if (/\/node_modules\/(jspdf|html2canvas)\//.test(source)) kinds.add('pdf');
  }
  return kinds;
}

type Scripts = { files: number; wire: number; unpacked: number; kinds: Set<Kind> };

/** Counts the scripts a context receives until `stop()` is called. */
function watchScripts(context: BrowserContext) {
  const responses: Response[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  context.on('response', onResponse);
  return async (): Promise<Scripts> => {
    context.off('response', onResponse);
    const scripts: Scripts = { files: 0, wire: 0, unpacked: 0, kinds: new Set() };
    for (const response of responses) {
      const sizes = await response.request().sizes();
      scripts.files += 1;
      scripts.wire += sizes.responseBodySize;
      scripts.unpacked += (await response.body()).length;
      for (const kind of kindsOf(response.url())) scripts.kinds.add(kind);
    }
    return scripts;
  };
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;

async function demoTokens(baseUrl: string): Promise<Tokens> {
  const answer = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-account-password' }),
  });
  if (!answer.ok) throw new Error(`demo login failed: ${answer.status}`);
  return ((await answer.json()) as { data: Tokens }).data;
}

/** A fresh context (empty cache), signed in when tokens are given, with the route loaded and settled. */
async function firstLoad(browser: Browser, baseUrl: string, route: string, tokens?: Tokens) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  if (tokens) await storeTokens(page, tokens);
  const stop = watchScripts(context);
  await page.goto(route, { waitUntil: 'networkidle' });
  return { context, page, scripts: await stop() };
}

export async function javascriptPerRouteBench(): Promise<BenchResult> {
  const server = await startLocalServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows: BenchResult['rows'] = [];
  let pass = true;
  try {
    const row = (route: string, scripts: Scripts, ok: boolean, note: string) => {
      const kinds = [...scripts.kinds].join(', ') || 'none';
      rows.push({
        route,
        scripts: scripts.files,
        'on the wire': kib(scripts.wire),
        unpacked: kib(scripts.unpacked),
        'business / PDF code': kinds,
        met: ok ? 'yes' : 'NO',
        note,
      });
      console.log(`  ${route}: ${scripts.files} scripts, ${kib(scripts.wire)} on the wire; ${kinds}`);
      pass &&= ok;
    };

    for (const route of LEARNING_ROUTES) {
      const { context, scripts } = await firstLoad(browser, server.baseUrl, route);
      row(route, scripts, scripts.kinds.size === 0, 'learning site, signed out');
      await context.close();
    }

    const tokens = await demoTokens(server.baseUrl);
    for (const route of SIGNED_IN_ROUTES) {
      const { context, page, scripts } = await firstLoad(browser, server.baseUrl, route, tokens);
      const pdfOnLoad = scripts.kinds.has('pdf');
      row(route, scripts, !pdfOnLoad, pdfOnLoad ? 'PDF code loaded before it is asked for' : 'signed in');
      if (route === INVOICE_ROUTE) {
        // The PDF code arrives when the export is asked for, and this check sees it.
        const stop = watchScripts(context);
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export as PDF' }).click();
        await download;
        const onExport = await stop();
        const seen = onExport.kinds.has('pdf');
        row(
          `${route}, then 'Export as PDF'`,
          onExport,
          seen,
          seen ? 'PDF code loaded on demand' : 'not seen',
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return { name: NAME, target: TARGET, pass, rows };
}
