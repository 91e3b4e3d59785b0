import { describe, expect, it } from 'vitest';
import { XLSX_CONTENT_TYPE } from '@app/contracts';
import { streamed } from '../../test/streamed-response';
import { progressPercent, readWithProgress, sentPercent, type DownloadProgress } from './transfer-progress';

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

describe('sentPercent', () => {
  it('is a whole percentage that reaches 100 only with the last byte', () => {
    expect(sentPercent(0, 1000)).toBe(0);
    expect(sentPercent(999, 1000)).toBe(99);
    expect(sentPercent(1000, 1000)).toBe(100);
  });

  it('is done for a body of no length', () => {
    expect(sentPercent(0, 0)).toBe(100);
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
