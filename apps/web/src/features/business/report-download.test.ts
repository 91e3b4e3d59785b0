import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_REPORT_FILE_NAME, XLSX_CONTENT_TYPE } from '@app/contracts';
import { tokenStore } from '../../lib/session/token-store';
import { jwtExpiringIn } from '../../test/fake-jwt';
import { streamed } from '../../test/streamed-response';
import { downloadReport, REPORT_FILE_NAME } from './report-download';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('downloadReport', () => {
  it('sends the access token and names the file from File-Name', async () => {
    const token = jwtExpiringIn(600);
    tokenStore.save({ access_token: token, refresh_token: jwtExpiringIn(3600) });
    const fetchMock = vi.fn(async () =>
      streamed([4], {
        'Content-Length': '4',
        'File-Name': 'customer-report.xlsx',
        'Content-Type': XLSX_CONTENT_TYPE,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const result = await downloadReport(() => {});
    expect(result.fileName).toBe('customer-report.xlsx');
    expect(result.blob.size).toBe(4);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/customer/download/report');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
  });

  it('names the file by its usual name when the answer gives none', async () => {
    expect(REPORT_FILE_NAME).toBe(CUSTOMER_REPORT_FILE_NAME);
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed([2], { 'Content-Length': '2' })),
    );
    expect((await downloadReport(() => {})).fileName).toBe('customer-report.xlsx');
  });

  it("fails with the server's reason", async () => {
    tokenStore.save({ access_token: jwtExpiringIn(600), refresh_token: jwtExpiringIn(3600) });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ reason: 'Unable to export report file' }), { status: 500 }),
      ),
    );
    await expect(downloadReport(() => {})).rejects.toMatchObject({
      message: 'Unable to export report file',
      status: 500,
    });
  });

  it('refreshes an expired token once and tries again', async () => {
    tokenStore.save({ access_token: jwtExpiringIn(-10), refresh_token: jwtExpiringIn(3600) });
    const fresh = jwtExpiringIn(900);
    const seen: (string | undefined)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const auth = (init.headers as Record<string, string>).Authorization;
        if (url === '/api/user/refresh/token') {
          return new Response(
            JSON.stringify({
              statusCode: 200,
              data: { access_token: fresh, refresh_token: jwtExpiringIn(3600) },
            }),
            { status: 200 },
          );
        }
        seen.push(auth);
        if (auth !== `Bearer ${fresh}`) {
          return new Response(JSON.stringify({ reason: 'The access token has expired' }), { status: 401 });
        }
        return streamed([3], { 'Content-Length': '3', 'File-Name': 'customer-report.xlsx' });
      }),
    );
    const result = await downloadReport(() => {});
    expect(result.blob.size).toBe(3);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(`Bearer ${fresh}`);
  });
});
