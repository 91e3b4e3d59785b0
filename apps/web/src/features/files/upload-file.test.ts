import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/session/token-store';
import { mockApi } from '../../test/api-mock';
import { jwtExpiringIn } from '../../test/fake-jwt';
import { FakeUploadRequest, sentUpload } from '../../test/fake-upload-request';
import { UploadCanceled, uploadFile } from './upload-file';

const aFile = () => new File(['%PDF-1.7 contract'], 'Contrat été.pdf', { type: 'application/pdf' });
const kept = { id: 3, name: 'Contrat été.pdf', mediaType: 'application/pdf', sizeBytes: 17 };

beforeEach(() => {
  localStorage.clear();
  FakeUploadRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  document.cookie = 'XSRF-TOKEN=anti-forgery-value';
});
afterEach(() => vi.unstubAllGlobals());

/** The server's answer to a token refresh: `access` and a new refresh token. */
const refreshGives = (access: string) => ({
  'GET /api/user/refresh/token': {
    message: 'Token refreshed',
    data: { access_token: access, refresh_token: jwtExpiringIn(3600) },
  },
});

describe('uploadFile', () => {
  it('sends the file in the field "file" with the token, reporting the share sent', async () => {
    const token = jwtExpiringIn(600);
    tokenStore.save({ access_token: token, refresh_token: jwtExpiringIn(3600) });
    const steps: number[] = [];
    const done = uploadFile(aFile(), { onProgress: (percent) => steps.push(percent) });
    const request = await sentUpload();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/files');
    expect(request.headers.Authorization).toBe(`Bearer ${token}`);
    expect(request.headers['X-XSRF-TOKEN']).toBe('anti-forgery-value');
    expect(request.file?.name).toBe('Contrat été.pdf');
    expect(await request.file?.text()).toBe('%PDF-1.7 contract');

    request.progress(250, 1000);
    request.progress(1000, 1000);
    request.respond(201, { status: 'CREATED', message: 'File uploaded', data: { file: kept } });
    expect((await done).data?.file).toEqual(kept);
    expect(steps).toEqual([0, 25, 100]);
  });

  it("fails with the server's reason", async () => {
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    const done = uploadFile(aFile(), { onProgress: () => {} });
    (await sentUpload()).respond(400, { reason: '"x.png" is not a real PNG image (its content is text).' });
    await expect(done).rejects.toMatchObject({
      message: '"x.png" is not a real PNG image (its content is text).',
      status: 400,
    });
  });

  it('refreshes an expired token before sending the file, not after', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-10), refresh_token: jwtExpiringIn(3600) });
    const fresh = jwtExpiringIn(900);
    mockApi(refreshGives(fresh));
    const done = uploadFile(aFile(), { onProgress: () => {} });
    const request = await sentUpload();
    expect(request.headers.Authorization).toBe(`Bearer ${fresh}`);
    request.respond(201, { message: 'File uploaded', data: { file: kept } });
    await done;
    expect(FakeUploadRequest.sent).toHaveLength(1);
  });

  it('sends once more with a fresh token when the token expired while sending', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    const fresh = jwtExpiringIn(900);
    mockApi(refreshGives(fresh));
    const done = uploadFile(aFile(), { onProgress: () => {} });
    (await sentUpload(0)).respond(401, { reason: 'Your session has expired. Please log in again.' });
    const again = await sentUpload(1);
    expect(again.headers.Authorization).toBe(`Bearer ${fresh}`);
    again.respond(201, { message: 'File uploaded', data: { file: kept } });
    expect((await done).message).toBe('File uploaded');
  });

  it('stops when asked, and says so apart from errors', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    const controller = new AbortController();
    const done = uploadFile(aFile(), { onProgress: () => {}, signal: controller.signal });
    await sentUpload();
    controller.abort();
    await expect(done).rejects.toBeInstanceOf(UploadCanceled);
  });

  it('reports a lost connection as a client error', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    const done = uploadFile(aFile(), { onProgress: () => {} });
    (await sentUpload()).fail();
    await expect(done).rejects.toMatchObject({
      message: 'A client error occurred - the upload was interrupted',
      status: 0,
    });
  });
});
