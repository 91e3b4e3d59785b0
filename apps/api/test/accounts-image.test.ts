/**
 * The profile picture: PATCH /api/user/update/image (multipart field "image") and GET /api/user/image/{name}.
 * Only real PNG, JPEG and WebP files up to 2 MB are kept, under a random name, and served back as they are.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ProfileData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, storedEventTypes, storedUser } from './support/accounts.js';
import {
  imageUpload,
  multipart,
  PNG_SIGNATURE,
  tinyGif,
  tinyJpeg,
  tinyPng,
  tinyWebp,
} from './support/images.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://quran.example.test';
const IMAGE_URL = new RegExp(
  `^${PUBLIC_URL.replaceAll('.', '\\.')}/api/user/image/([0-9a-f]{32})\\.(png|jpg|webp)$`,
);

let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  folder = path.join(t.config.dataDir, 'uploads', 'images');
});
afterAll(() => t.close());

/** The stored picture files (none before the first upload). */
function storedFiles(): string[] {
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
}

function upload(token: string, body: { payload: Buffer; headers: Record<string, string> }) {
  return call(t, { method: 'PATCH', url: '/api/user/update/image', token, ...body });
}

function pathOf(imageUrl: string | null): string {
  expect(imageUrl).toMatch(IMAGE_URL);
  return String(imageUrl).slice(PUBLIC_URL.length);
}

describe('PATCH /api/user/update/image', () => {
  it.each([
    ['PNG', tinyPng(), 'png', 'image/png'],
    ['JPEG', tinyJpeg(), 'jpg', 'image/jpeg'],
    ['WebP', tinyWebp(), 'webp', 'image/webp'],
  ])('keeps a %s and serves it back as it was sent', async (_format, bytes, extension, contentType) => {
    const me = await signedInUser(t, 'ROLE_USER');
    // The declared name and type are the client's and prove nothing: the bytes decide.
    const res = await upload(
      me.tokens.access,
      imageUpload(bytes, 'holiday picture.bin', 'application/octet-stream'),
    );
    const data = expectSuccess<ProfileData>(res, 'Profile image updated');
    const imageUrl = data.user.imageUrl;
    expect(imageUrl).toMatch(IMAGE_URL);
    expect(IMAGE_URL.exec(String(imageUrl))?.[2]).toBe(extension);
    expect(data.events[0]?.type).toBe('PROFILE_PICTURE_UPDATE');
    expect((await storedUser(t, me.id)).imageUrl).toBe(imageUrl);
    expect(await storedEventTypes(t, me.id)).toContain('PROFILE_PICTURE_UPDATE');

    const name = path.basename(String(imageUrl));
    expect(fs.readFileSync(path.join(folder, name))).toEqual(bytes);

    // Public: an <img> sends no token.
    const served = await call(t, { method: 'GET', url: pathOf(imageUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(contentType);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload).toEqual(bytes);
  });

  it('removes the previous picture when it is replaced', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const first = expectSuccess<ProfileData>(
      await upload(me.tokens.access, imageUpload(tinyPng([1, 2, 3, 255]))),
      'Profile image updated',
    ).user.imageUrl;
    const firstName = path.basename(String(first));
    expect(storedFiles()).toContain(firstName);

    const second = expectSuccess<ProfileData>(
      await upload(me.tokens.access, imageUpload(tinyJpeg(), 'me.jpg', 'image/jpeg')),
      'Profile image updated',
    ).user.imageUrl;
    const secondName = path.basename(String(second));
    expect(secondName).not.toBe(firstName);
    expect(storedFiles()).toContain(secondName);
    expect(storedFiles()).not.toContain(firstName);
    expectFailure(await call(t, { method: 'GET', url: pathOf(first) }), 404);
    expect((await call(t, { method: 'GET', url: pathOf(second) })).statusCode).toBe(200);
  });

  it('never uses the name the client gave', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    for (const filename of [
      'my-secret-name.png',
      '../../../escape.png',
      '..\\..\\escape.png',
      '/etc/cron.d/x.png',
    ]) {
      const before = storedFiles();
      const { user } = expectSuccess<ProfileData>(
        await upload(me.tokens.access, imageUpload(tinyPng(), filename)),
        'Profile image updated',
      );
      expect(user.imageUrl).toMatch(IMAGE_URL);
      expect(user.imageUrl).not.toContain('secret');
      expect(user.imageUrl).not.toContain('escape');
      const added = storedFiles().filter((f) => !before.includes(f));
      expect(added).toEqual([path.basename(String(user.imageUrl))]);
    }
    expect(fs.existsSync(path.join(t.config.dataDir, 'escape.png'))).toBe(false);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'escape.png'))).toBe(false);
    expect(storedFiles().every((f) => /^[0-9a-f]{32}\.(png|jpg|webp)$/.test(f))).toBe(true);
  });

  describe('refuses, and stores nothing', () => {
    const PICTURE_FORMATS = 'The picture must be a PNG, JPEG or WebP image.';

    async function expectRefused(
      body: { payload: Buffer; headers: Record<string, string> },
      status: number,
      reason: string | RegExp,
    ) {
      const me = await signedInUser(t, 'ROLE_USER');
      // A picture already in place must stay.
      const kept = expectSuccess<ProfileData>(
        await upload(me.tokens.access, imageUpload(tinyPng())),
        'Profile image updated',
      ).user.imageUrl;
      const before = storedFiles();
      expectFailure(await upload(me.tokens.access, body), status, reason);
      expect(storedFiles()).toEqual(before);
      expect((await storedUser(t, me.id)).imageUrl).toBe(kept);
      expect((await storedEventTypes(t, me.id)).filter((e) => e === 'PROFILE_PICTURE_UPDATE')).toHaveLength(
        1,
      );
    }

    it.each([
      [
        'HTML named photo.png',
        '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      ],
      [
        'SVG named photo.png',
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ],
      ['plain text named photo.png', 'just some text, not a picture'],
      ['an empty file', ''],
      ['a PNG signature cut short', PNG_SIGNATURE.subarray(0, 7)],
    ])('%s → 415', async (_label, content) => {
      await expectRefused(imageUpload(content, 'photo.png', 'image/png'), 415, PICTURE_FORMATS);
    });

    it('a GIF → 415', async () => {
      await expectRefused(imageUpload(tinyGif(), 'photo.gif', 'image/gif'), 415, PICTURE_FORMATS);
    });

    it('a PHP script with a PNG name → 415', async () => {
      await expectRefused(
        imageUpload("<?php system($_GET['cmd']); ?>", 'shell.php.png', 'image/png'),
        415,
        PICTURE_FORMATS,
      );
    });

    it('a PNG of 2 MB + 1 byte → 413', async () => {
      const oversize = Buffer.concat([
        PNG_SIGNATURE,
        Buffer.alloc(2 * 1024 * 1024 + 1 - PNG_SIGNATURE.length),
      ]);
      await expectRefused(imageUpload(oversize), 413, 'The picture is larger than 2 MB.');
    });

    it('no multipart body → 400', async () => {
      const me = await signedInUser(t, 'ROLE_USER');
      const before = storedFiles();
      expectFailure(
        await call(t, { method: 'PATCH', url: '/api/user/update/image', token: me.tokens.access }),
        400,
      );
      expectFailure(
        await call(t, {
          method: 'PATCH',
          url: '/api/user/update/image',
          token: me.tokens.access,
          payload: { image: 'x' },
        }),
        400,
        /multipart\/form-data/,
      );
      expect(storedFiles()).toEqual(before);
      expect((await storedUser(t, me.id)).imageUrl).toBeNull();
    });

    it('multipart data that cannot be read (no boundary, a body cut short) → 400', async () => {
      const SEND_THE_PICTURE = 'Send the picture as multipart/form-data in the field "image".';
      const { payload, headers } = imageUpload(tinyPng());
      await expectRefused(
        { payload, headers: { 'content-type': 'multipart/form-data' } },
        400,
        SEND_THE_PICTURE,
      );
      await expectRefused(
        { payload: payload.subarray(0, payload.length - 20), headers },
        400,
        SEND_THE_PICTURE,
      );
    });

    it('a multipart body without any part → 400', async () => {
      await expectRefused(multipart([]), 400, /field "image"/);
    });

    it('the file in another field → 400', async () => {
      await expectRefused(
        multipart([{ field: 'photo', filename: 'photo.png', contentType: 'image/png', content: tinyPng() }]),
        400,
        /field "image"/,
      );
    });

    it('a text field instead of a file → 400', async () => {
      await expectRefused(
        multipart([{ field: 'image', content: tinyPng().toString('latin1') }]),
        400,
        /field "image"/,
      );
    });

    it('a text field before the file → 400', async () => {
      await expectRefused(
        multipart([
          { field: 'note', content: 'hello' },
          { field: 'image', filename: 'photo.png', contentType: 'image/png', content: tinyPng() },
        ]),
        400,
        /field "image"/,
      );
    });
  });
});

describe('GET /api/user/image/{name}', () => {
  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%5C..%5Cwindows%5Cwin.ini',
    'x.png',
    `${'0'.repeat(32)}.png`,
    `${'A'.repeat(32)}.png`,
    `${'a'.repeat(32)}.gif`,
    `${'a'.repeat(32)}.png%00.html`,
  ])('answers 404 for "%s"', async (name) => {
    const res = await call(t, { method: 'GET', url: `/api/user/image/${name}` });
    expectFailure(res, 404);
    expect(res.body).not.toContain('root:');
  });

  it('answers 404 for the name of a file that is not in the picture folder', async () => {
    // A file next to the folder, with a name of the right shape: only the folder is served.
    fs.mkdirSync(folder, { recursive: true });
    const name = `${'b'.repeat(32)}.png`;
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', name), tinyPng());
    expectFailure(await call(t, { method: 'GET', url: `/api/user/image/..%2F${name}` }), 404);
    expectFailure(await call(t, { method: 'GET', url: `/api/user/image/${name}` }), 404);
  });
});
