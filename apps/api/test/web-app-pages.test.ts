/**
 * The built app's pages: a prerendered page for its own address (with any query for a page drawn with
 * islands), index.html for any other; and the pages the build drew with the API's answers only when this
 * server answers as the build did.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

/** A built app in miniature: each file says which one it is. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dir, 'pages', 'embed'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), 'index.html');
  fs.writeFileSync(path.join(dir, 'pages', 'coran.html'), 'prerendered /coran');
  fs.writeFileSync(path.join(dir, 'pages', 'embed', 'coran.html'), 'prerendered /embed/coran');
  fs.writeFileSync(path.join(dir, 'pages', 'sources.html'), 'prerendered /sources');
  fs.writeFileSync(path.join(dir, 'pages', 'invocations.html'), 'prerendered /invocations');
  fs.writeFileSync(
    path.join(dir, 'pages', 'pages.json'),
    JSON.stringify({ withApiAnswers: ['/coran', '/embed/coran'], withIslands: ['/invocations'] }),
  );
  return dir;
}

const webDist = fakeWebDist();
const apps = new Map<string, TestApp>();

/** The page a server with these settings sends for the address (one server per settings). */
async function pageAt(env: Record<string, string>, address: string): Promise<string> {
  const key = JSON.stringify(env);
  let test = apps.get(key);
  if (!test) {
    test = await createTestApp({ env: { WEB_DIST_DIR: webDist, ...env } });
    apps.set(key, test);
  }
  const res = await test.app.inject({ method: 'GET', url: address });
  expect(res.statusCode).toBe(200);
  return res.body;
}

afterAll(async () => {
  await Promise.all([...apps.values()].map((test) => test.close()));
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('prerendered pages', () => {
  it('are sent for their own address, without a query; any other page address gets index.html', async () => {
    expect(await pageAt({}, '/sources')).toBe('prerendered /sources');
    expect(await pageAt({}, '/embed/coran')).toBe('prerendered /embed/coran');
    expect(await pageAt({}, '/coran?x=1')).toBe('index.html');
    expect(await pageAt({}, '/coran/2')).toBe('index.html');
  });

  it('drawn with islands are sent with any query, which they apply themselves', async () => {
    expect(await pageAt({}, '/invocations?categorie=Voyages')).toBe('prerendered /invocations');
    expect(await pageAt({}, '/invocations/?categorie=Voyages')).toBe('prerendered /invocations');
    expect(await pageAt({}, '/sources?x=1')).toBe('index.html');
  });

  it('drawn with the API answers are sent with the default settings', async () => {
    expect(await pageAt({}, '/coran')).toBe('prerendered /coran');
  });

  it('drawn with the API answers are left to the browser by a server that answers otherwise', async () => {
    const otherAudio = { AUDIO_BASE_URL: 'https://audio.example.org/quran' };
    expect(await pageAt(otherAudio, '/coran')).toBe('index.html');
    expect(await pageAt({ CONTENT_SOURCE: 'upstream' }, '/embed/coran')).toBe('index.html');
    // The others do not depend on those settings.
    expect(await pageAt(otherAudio, '/sources')).toBe('prerendered /sources');
  });
});
