/**
 * Cross-origin clients in Chromium (issue 19, point 9). The API runs with CORS_ORIGINS naming a second local
 * origin, a tiny server of its own that serves one page; from that page's script the browser logs in, calls a
 * route of each method with the bearer token (so every call is preflighted), reads the File-Name header of the
 * report download, and shows the uploaded profile picture in an <img>. A third origin, not listed, is refused.
 * No request interception (page.route): it would answer the preflights itself and hide a CORS failure; every
 * request here goes over the network to the real server, and Chromium applies CORS and CORP to it.
 *
 * The API is this spec's own server process, from the API's build (`npm run build` before the suite, as CI
 * does; `npx tsc -b` builds it alone), with the demo data of its own embedded database. It runs without the
 * web app: only its API is called.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../scripts/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));

/** A site of its own on a free port of 127.0.0.1 (another origin than the API's): one page, nothing else. */
async function startPageServer(title: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let partner: Awaited<ReturnType<typeof startPageServer>>;
let stranger: Awaited<ReturnType<typeof startPageServer>>;
let api: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  partner = await startPageServer('Partner site');
  stranger = await startPageServer('Stranger site');
  api = await startServerProcess({
    args: ['apps/api/dist/main.js'],
    cwd: root,
    env: { CORS_ORIGINS: partner.origin, WEB_DIST_DIR: 'none', LOG_LEVEL: 'warn' },
    output: 'capture',
  });
});

test.afterAll(async () => {
  await api?.stop();
  await partner?.close();
  await stranger?.close();
});

test('a page of an allowed origin calls every method with a token, reads File-Name and shows a profile picture', async ({
  page,
}) => {
  await page.goto(partner.origin);
  await expect(page.getByRole('heading', { name: 'Partner site' })).toBeVisible();

  const seen = await page.evaluate(async (apiUrl) => {
    type Answer = {
      reason?: string;
      data?: {
        access_token?: string;
        customer?: { id: number; status: string };
        user?: { imageUrl: string };
        file?: { id: number };
      };
    };
    const send = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${apiUrl}${path}`, init);
      return { status: response.status, body: (await response.json()) as Answer };
    };
    const loggedIn = await send('/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'demo-account-password' }),
    });
    const auth = { Authorization: `Bearer ${loggedIn.body.data?.access_token ?? ''}` };
    const json = { ...auth, 'Content-Type': 'application/json' };

    const listed = await send('/api/customer/list', { headers: auth });
    const customer = {
      name: 'Partner Customer',
      email: 'partner.customer@example.com',
      address: '1 rue du Partenaire, Lyon',
      phone: '+33 4 00 00 00 00',
      type: 'INSTITUTION',
      status: 'ACTIVE',
      imageUrl: '/assets/avatars/institution-1.svg',
    };
    const created = await send('/api/customer/create', {
      method: 'POST',
      headers: { ...json, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(customer),
    });
    const updated = await send('/api/customer/update', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ ...customer, id: created.body.data?.customer?.id, status: 'PENDING' }),
    });

    // An 8×8 picture drawn here, sent as the profile picture (multipart, as a browser form sends it).
    const canvas = document.createElement('canvas');
    canvas.width = 8;
    canvas.height = 8;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#1d7a55';
      context.fillRect(0, 0, 8, 8);
    }
    const png = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'),
    );
    const pictureForm = new FormData();
    pictureForm.append('image', png, 'partner.png');
    const picture = await send('/api/user/update/image', {
      method: 'PATCH',
      headers: auth,
      body: pictureForm,
    });

    const fileForm = new FormData();
    fileForm.append(
      'file',
      new Blob(['notes from the partner site\n'], { type: 'text/plain' }),
      'partner.txt',
    );
    const kept = await send('/api/files', { method: 'POST', headers: auth, body: fileForm });
    const removed = await send(`/api/files/${kept.body.data?.file?.id ?? 0}`, {
      method: 'DELETE',
      headers: auth,
    });

    const report = await fetch(`${apiUrl}/api/customer/download/report`, { headers: auth });
    const reportBytes = (await report.arrayBuffer()).byteLength;

    const img = document.createElement('img');
    img.alt = 'Profile picture';
    document.body.append(img);
    const pictureLoaded = await new Promise<boolean>((resolve) => {
      img.onload = () => resolve(true);
      img.onerror = () => resolve(false);
      img.src = picture.body.data?.user?.imageUrl ?? '';
    });

    return {
      statuses: {
        login: loggedIn.status,
        list: listed.status,
        create: created.status,
        update: updated.status,
        picture: picture.status,
        upload: kept.status,
        delete: removed.status,
        report: report.status,
      },
      updatedStatus: updated.body.data?.customer?.status,
      fileName: report.headers.get('File-Name'),
      reportBytes,
      imageUrl: picture.body.data?.user?.imageUrl,
      pictureLoaded,
      naturalWidth: img.naturalWidth,
    };
  }, api.baseUrl);

  expect(seen.statuses).toEqual({
    login: 200,
    list: 200,
    create: 201,
    update: 200,
    picture: 200,
    upload: 201,
    delete: 200,
    report: 200,
  });
  expect(seen.updatedStatus).toBe('PENDING');
  expect(seen.fileName).toBe('customer-report.xlsx');
  expect(seen.reportBytes).toBeGreaterThan(0);
  expect(seen.imageUrl).toMatch(new RegExp(`^${api.baseUrl}/api/user/image/[0-9a-f]{32}\\.png$`));
  expect(seen.pictureLoaded).toBe(true);
  expect(seen.naturalWidth).toBe(8);
  await expect(page.getByRole('img', { name: 'Profile picture' })).toBeVisible();
});

test('a page of an origin that is not listed cannot call the API', async ({ page }) => {
  await page.goto(stranger.origin);
  await expect(page.getByRole('heading', { name: 'Stranger site' })).toBeVisible();

  const outcomes = await page.evaluate(async (apiUrl) => {
    const attempt = async (path: string, init: RequestInit = {}) => {
      try {
        const response = await fetch(`${apiUrl}${path}`, init);
        return `answered ${response.status}`;
      } catch (error) {
        return error instanceof TypeError ? 'refused' : String(error);
      }
    };
    return {
      // Preflighted (a JSON body): the browser does not even send it.
      login: await attempt('/api/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: 'demo-account-password' }),
      }),
      withToken: await attempt('/api/customer/list', { headers: { Authorization: 'Bearer x' } }),
      // A simple request is sent, but its answer carries no CORS header, so the page may not read it.
      simple: await attempt('/api/health'),
    };
  }, api.baseUrl);

  expect(outcomes).toEqual({ login: 'refused', withToken: 'refused', simple: 'refused' });
  // The server itself is fine: a same-origin client (no Origin header) gets its answer.
  expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
});
