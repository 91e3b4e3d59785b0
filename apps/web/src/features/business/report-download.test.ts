import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_REPORT_FILE_NAME, XLSX_CONTENT_TYPE } from '@app/contracts';
import { tokenStore } from '../../lib/session/token-store';
import { jwtExpiringIn } from '../../test/fake-jwt';
import {
  downloadReport,
  progressPercent,
  readWithProgress,
  REPORT_FILE_NAME,
  reportFileName,
  type DownloadProgress,
} from './report-download';

/** A response whose body arrives in the given chunks. */
function streamed(chunks: number[], headers: Record<string, string>, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(65));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('progressPercent', () => {
  it('is a whole percentage that reaches 100 only at the end', () => {
    expect(progressPercent(0, 1000)).toBe(0);
    expect(progressPercent(425, 1000)).toBe(42);
    expect(progressPercent(999, 1000)).toBe(99);
    expect(progressPercent(1000, 1000)).toBe(100);
    expect(progressPercent(1200, 1000)).toBe(100);
  });

  it('is unknown without a total', () => {
    expect(progressPercent(10, undefined)).toBeUndefined();
    expect(progressPercent(10, 0)).toBeUndefined();
  });
});

describe('reportFileName', () => {
  it('takes the File-Name header, then Content-Disposition, then the usual name', () => {
    expect(REPORT_FILE_NAME).toBe(CUSTOMER_REPORT_FILE_NAME);
    expect(reportFileName(new Headers({ 'File-Name': 'customer-report.xlsx' }))).toBe('customer-report.xlsx');
    expect(reportFileName(new Headers({ 'Content-Disposition': 'attachment; filename="other.xlsx"' }))).toBe(
      'other.xlsx',
    );
    expect(reportFileName(new Headers())).toBe('customer-report.xlsx');
  });

  it('keeps only a plain file name', () => {
    expect(reportFileName(new Headers({ 'File-Name': '../../etc/passwd' }))).toBe('passwd');
    expect(reportFileName(new Headers({ 'File-Name': 'C:\\temp\\r.xlsx' }))).toBe('r.xlsx');
    expect(reportFileName(new Headers({ 'File-Name': '..' }))).toBe('customer-report.xlsx');
  });
});

describe('readWithProgress', () => {
  it('reports the true percentage of the Content-Length as the body arrives', async () => {
    const steps: DownloadProgress[] = [];
    const blob = await readWithProgress(
      streamed([250, 250, 500], { 'Content-Length': '1000', 'Content-Type': XLSX_CONTENT_TYPE }),
      (p) => steps.push(p),
    );
    expect(steps.map((s) => s.percent)).toEqual([0, 25, 50, 100, 100]);
    expect(blob.size).toBe(1000);
    expect(blob.type).toBe(XLSX_CONTENT_TYPE);
  });

  it('counts bytes when the length is unknown', async () => {
    const steps: DownloadProgress[] = [];
    await readWithProgress(streamed([10, 20], {}), (p) => steps.push(p));
    expect(steps.map((s) => s.percent)).toEqual([undefined, undefined, undefined, 100]);
    expect(steps.at(-1)).toMatchObject({ received: 30, total: 30 });
  });
});

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
