import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SuccessEnvelope } from '@app/contracts';
import { queryClient } from '../query-client';
import { tokenStore } from '../session/token-store';
import { apiDownload, apiGet, apiPost } from './api-client';
import { apiQueryKey } from './cache-policy';
import { resumeSession } from './session-calls';
import { onSessionEnded, type SessionEnded } from './session-events';

type Call = { url: string; method: string; headers: Record<string, string>; body?: string };
const calls: Call[] = [];
let answer: (call: Call) => Response | Promise<Response>;

const envelope = (statusCode: number, fields: object) =>
  new Response(JSON.stringify({ timeStamp: new Date().toISOString(), statusCode, status: 'X', ...fields }), {
    status: statusCode,
    headers: { 'Content-Type': 'application/json' },
  });
const expired = () => envelope(401, { reason: 'Your session has expired. Please refresh your token.' });
/** What the client announced to the screens (app/session-ended.ts shows it and opens /login). */
const ended: SessionEnded[] = [];
let stopListening = () => {};

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  queryClient.clear();
  ended.length = 0;
  stopListening = onSessionEnded((event) => ended.push(event));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = {
        url,
        method: init.method ?? 'GET',
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('headers', () => {
  it('sends the stored access token to application calls only', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = () => envelope(200, { message: 'ok', data: {} });
    await apiGet('/api/user/profile');
    await apiPost('/api/user/login', { email: 'a@b.fr', password: 'x' });
    await apiGet('/api/user/verify/account/some-key');
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer access-1', undefined, undefined]);
  });

  it('sends no Authorization header at all without a token', async () => {
    answer = () => envelope(401, { reason: 'You need to log in to access this resource' });
    await expect(apiGet('/api/user/profile')).rejects.toThrow('You need to log in to access this resource');
    expect(calls[0]?.headers).not.toHaveProperty('Authorization');
  });

  it('echoes the anti-forgery cookie on writes, as JSON', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
    answer = () => envelope(200, { message: 'ok' });
    await apiPost('/api/user/register', { firstName: 'Amina' });
    await apiGet('/api/user/profile');
    expect(calls[0]?.headers['X-XSRF-TOKEN']).toBe('xsrf-value');
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toBe('{"firstName":"Amina"}');
    expect(calls[1]?.headers).not.toHaveProperty('X-XSRF-TOKEN');
  });
});

describe('answers and errors (SPEC §8)', () => {
  it('resolves with the envelope', async () => {
    answer = () => envelope(200, { message: 'Profile Retrieved', data: { user: { id: 1 } } });
    const result = await apiGet<SuccessEnvelope<{ user: { id: number } }>>('/api/user/profile');
    expect(result.message).toBe('Profile Retrieved');
    expect(result.data?.user.id).toBe(1);
  });

  it("rejects with the envelope's reason, or the status, or the network error", async () => {
    answer = () => envelope(400, { reason: 'Code is invalid. Please try again.' });
    await expect(apiGet('/api/user/verify/code/a%40b.fr/123456')).rejects.toMatchObject({
      message: 'Code is invalid. Please try again.',
      status: 400,
    });
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await expect(apiGet('/api/user/profile')).rejects.toThrow('An error occurred - Error status 502');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiGet('/api/user/profile')).rejects.toThrow('A client error occurred - Failed to fetch');
  });
});

describe('the token refresh (SPEC §4)', () => {
  const fresh = { access_token: 'access-2', refresh_token: 'refresh-2' };

  it('refreshes once for five parallel calls and retries each with the new token', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = async (call) => {
      if (call.url === '/api/user/refresh/token') {
        // Slow enough for all five first answers to have arrived.
        await new Promise((r) => setTimeout(r, 20));
        return envelope(200, { message: 'Token refreshed', data: fresh });
      }
      return call.headers.Authorization === 'Bearer access-2'
        ? envelope(200, { message: 'ok', data: { url: call.url } })
        : expired();
    };
    const urls = [1, 2, 3, 4, 5].map((n) => `/api/customer/list?page=${n}`);
    const results = await Promise.all(urls.map((url) => apiGet<SuccessEnvelope<{ url: string }>>(url)));

    expect(results.map((r) => r.data?.url)).toEqual(urls);
    const refreshes = calls.filter((c) => c.url === '/api/user/refresh/token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.headers.Authorization).toBe('Bearer refresh-1');
    expect(calls).toHaveLength(11);
    expect(tokenStore.accessToken()).toBe('access-2');
    expect(tokenStore.refreshToken()).toBe('refresh-2');
  });

  it('does not refresh for a 401 that is not about expiry, but ends the refused session', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = () => envelope(401, { reason: 'You need to log in to access this resource' });
    await expect(apiGet('/api/user/profile')).rejects.toThrow('You need to log in');
    expect(calls.map((c) => c.url)).toEqual(['/api/user/profile']);
    // The server no longer accepts this session (revoked elsewhere, account disabled).
    expect(tokenStore.accessToken()).toBeNull();
    expect(ended.map((e) => [e.mode, e.error.message])).toEqual([
      ['redirect', 'You need to log in to access this resource'],
    ]);
  });

  it('does not refresh for other errors', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = () => envelope(403, { reason: "You don't have enough permission" });
    await expect(apiGet('/api/customer/get/1')).rejects.toThrow("You don't have enough permission");
    expect(calls.map((c) => c.url)).toEqual(['/api/customer/get/1']);
    expect(tokenStore.accessToken()).toBe('access-1');
    expect(ended).toEqual([]);
  });

  it('retries only once', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = (call) =>
      call.url === '/api/user/refresh/token' ? envelope(200, { message: 'ok', data: fresh }) : expired();
    await expect(apiGet('/api/user/profile')).rejects.toThrow('expired');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/user/profile',
      '/api/user/refresh/token',
      '/api/user/profile',
    ]);
  });

  it('a refused refresh rejects every waiter with one error, ends the session and announces it', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    queryClient.setQueryData(apiQueryKey('/api/user/profile'), { user: 'previous' });
    answer = (call) =>
      call.url === '/api/user/refresh/token'
        ? envelope(401, { reason: 'Your session has expired. Please log in again.' })
        : expired();

    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => apiGet(`/api/customer/get/${n}`)));

    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(calls.filter((c) => c.url === '/api/user/refresh/token')).toHaveLength(1);
    expect(tokenStore.accessToken()).toBeNull();
    expect(tokenStore.refreshToken()).toBeNull();
    expect(queryClient.getQueryData(apiQueryKey('/api/user/profile'))).toBeUndefined();
    // The screens are told for each call, with the one error: they show it once (app/session-ended.ts).
    expect(new Set(ended.map((e) => e.error)).size).toBe(1);
    expect(ended.map((e) => [e.mode, e.error.message])).toEqual(
      Array(5).fill(['redirect', 'Your session has expired. Please log in again.']),
    );
    expect(outcomes.map((o) => o.status === 'rejected' && o.reason)).toEqual(Array(5).fill(ended[0]?.error));
  });

  it('quietly forgets the tokens when the caller asks for quiet', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = (call) =>
      call.url === '/api/user/refresh/token'
        ? envelope(401, { reason: 'This session is no longer valid. Please log in again.' })
        : expired();
    await expect(apiGet('/api/user/profile', { onSessionLost: 'quiet' })).rejects.toThrow('no longer valid');
    expect(tokenStore.accessToken()).toBeNull();
    expect(ended.map((e) => e.mode)).toEqual(['quiet']);
  });

  it('keeps the session when the refresh could not reach the server', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    answer = (call) => {
      if (call.url === '/api/user/refresh/token') throw new TypeError('Failed to fetch');
      return expired();
    };
    await expect(apiGet('/api/user/profile')).rejects.toThrow('A client error occurred - Failed to fetch');
    expect(tokenStore.refreshToken()).toBe('refresh-1');
    expect(ended).toEqual([]);
  });

  it('resumes a session from the refresh token, or says it cannot', async () => {
    tokenStore.save({ access_token: 'expired-access', refresh_token: 'refresh-1' });
    answer = () => envelope(200, { message: 'Token refreshed', data: fresh });
    expect(await resumeSession()).toEqual({ resumed: true });
    expect(tokenStore.accessToken()).toBe('access-2');

    answer = () => envelope(401, { reason: 'Your session has expired. Please log in again.' });
    tokenStore.save({ access_token: 'expired-access', refresh_token: 'refresh-1' });
    expect(await resumeSession()).toEqual({
      resumed: false,
      reason: 'Your session has expired. Please log in again.',
    });
    expect(tokenStore.refreshToken()).toBeNull();
    expect(ended.map((e) => e.mode)).toEqual(['quiet']);
  });
});

describe('the cache rules (SPEC §7)', () => {
  it('a write clears the cached answers', async () => {
    queryClient.setQueryData(apiQueryKey('/api/customer/list?page=0'), { page: 0 });
    answer = () => envelope(201, { message: 'Customer created', data: {} });
    await apiPost('/api/customer/create', { name: 'X' });
    expect(queryClient.getQueryData(apiQueryKey('/api/customer/list?page=0'))).toBeUndefined();
  });

  it('a failed write clears them too', async () => {
    queryClient.setQueryData(apiQueryKey('/api/customer/list?page=0'), { page: 0 });
    answer = () => envelope(403, { reason: "You don't have enough permission" });
    await expect(apiPost('/api/customer/create', {})).rejects.toThrow("You don't have enough permission");
    expect(queryClient.getQueryData(apiQueryKey('/api/customer/list?page=0'))).toBeUndefined();
  });

  it('a download clears them too, and gives the bytes with the name the answer gives them', async () => {
    tokenStore.save({ access_token: 'access-1', refresh_token: 'refresh-1' });
    queryClient.setQueryData(apiQueryKey('/api/customer/list?page=0'), { page: 0 });
    answer = () =>
      new Response(new Uint8Array([1, 2, 3]), {
        headers: { 'Content-Disposition': 'attachment; filename="report.xlsx"' },
      });
    const { blob, fileName } = await apiDownload('/api/customer/download/report');
    expect([blob.size, fileName]).toEqual([3, 'report.xlsx']);
    expect(calls[0]?.headers).toMatchObject({ Accept: '*/*', Authorization: 'Bearer access-1' });
    expect(queryClient.getQueryData(apiQueryKey('/api/customer/list?page=0'))).toBeUndefined();
  });

  it('a GET leaves them', async () => {
    queryClient.setQueryData(apiQueryKey('/api/customer/list?page=0'), { page: 0 });
    answer = () => envelope(200, { message: 'ok', data: {} });
    await apiGet('/api/user/profile');
    expect(queryClient.getQueryData(apiQueryKey('/api/customer/list?page=0'))).toEqual({ page: 0 });
  });
});
