import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import {
  apiQueryKey,
  cacheTiming,
  clearApiCache,
  clearsCache,
  forgetApiAnswers,
  isCacheable,
} from './cache-policy';

describe('isCacheable', () => {
  it('keeps GET answers of application calls', () => {
    expect(isCacheable('GET', '/api/user/profile')).toBe(true);
    expect(isCacheable('GET', '/api/customer/list?page=1')).toBe(true);
    expect(isCacheable('get', '/api/customer/invoice/get/4')).toBe(true);
  });

  it('never keeps login, register, verify, refresh, reset and invitation-link answers', () => {
    for (const url of [
      '/api/user/login',
      '/api/user/register',
      '/api/user/verify/code/a%40b.fr/123456',
      '/api/user/verify/account/key',
      '/api/user/verify/password/key',
      '/api/user/refresh/token',
      '/api/user/resetpassword/a%40b.fr',
      '/api/user/new/password',
      '/api/organisation/invitation/key',
    ]) {
      expect(isCacheable('GET', url), url).toBe(false);
    }
  });

  it('never keeps answers to writes', () => {
    expect(isCacheable('POST', '/api/customer/create')).toBe(false);
    expect(isCacheable('PATCH', '/api/user/update')).toBe(false);
  });
});

describe('clearsCache', () => {
  it('is true for every non-GET call and for downloads', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(clearsCache(method)).toBe(true);
    expect(clearsCache('GET', 'download')).toBe(true);
    expect(clearsCache('GET')).toBe(false);
  });
});

describe('cacheTiming', () => {
  it('keeps a cacheable answer until cleared and a one-off answer not at all', () => {
    expect(cacheTiming('/api/user/profile')).toEqual({ staleTime: Infinity });
    expect(cacheTiming('/api/user/verify/account/key')).toEqual({ staleTime: 0, gcTime: 0 });
  });
});

describe('clearing the cache', () => {
  function clientWith(urls: string[]) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    for (const url of urls) client.setQueryData(apiQueryKey(url), { url });
    client.setQueryData(['content', 'histoire.json'], { periods: [] });
    return client;
  }

  it('drops every application answer no screen shows, keeping the learning texts', () => {
    const client = clientWith(['/api/user/profile', '/api/customer/list?page=0']);
    clearApiCache(client);
    expect(client.getQueryData(apiQueryKey('/api/user/profile'))).toBeUndefined();
    expect(client.getQueryData(apiQueryKey('/api/customer/list?page=0'))).toBeUndefined();
    expect(client.getQueryData(['content', 'histoire.json'])).toEqual({ periods: [] });
  });

  it('fetches the answers on screen again, but not a one-off answer', async () => {
    const client = clientWith([]);
    const fetched: string[] = [];
    const observe = (url: string) =>
      new QueryObserver(client, {
        queryKey: apiQueryKey(url),
        queryFn: async () => {
          fetched.push(url);
          return { url };
        },
        staleTime: Infinity,
      }).subscribe(() => {});
    const stops = [observe('/api/user/profile'), observe('/api/user/verify/password/key')];
    await new Promise((r) => setTimeout(r, 0));
    expect(fetched).toEqual(['/api/user/profile', '/api/user/verify/password/key']);

    clearApiCache(client);
    await new Promise((r) => setTimeout(r, 0));
    expect(fetched).toEqual(['/api/user/profile', '/api/user/verify/password/key', '/api/user/profile']);
    for (const stop of stops) stop();
  });

  it('forgets every application answer at logout', () => {
    const client = clientWith(['/api/user/profile']);
    forgetApiAnswers(client);
    expect(client.getQueryData(apiQueryKey('/api/user/profile'))).toBeUndefined();
    expect(client.getQueryData(['content', 'histoire.json'])).toEqual({ periods: [] });
  });
});
