import { describe, expect, it } from 'vitest';
import { isGap, pagerModel } from './pager';

describe('pagerModel', () => {
  it('disables Prev on page 0 and numbers one button per page from 1', () => {
    const model = pagerModel(0, 3);
    expect(model.previous).toBeNull();
    expect(model.next).toBe(1);
    expect(model.pages).toEqual([
      { index: 0, label: '1', current: true },
      { index: 1, label: '2', current: false },
      { index: 2, label: '3', current: false },
    ]);
  });

  it('disables Next on the last page', () => {
    const model = pagerModel(2, 3);
    expect(model.previous).toBe(1);
    expect(model.next).toBeNull();
    expect(model.pages.filter((p) => !isGap(p) && p.current)).toEqual([
      { index: 2, label: '3', current: true },
    ]);
  });

  it('enables both in the middle', () => {
    expect(pagerModel(4, 9)).toMatchObject({ previous: 3, next: 5 });
    expect(pagerModel(4, 9).pages).toHaveLength(9);
  });

  it('shows the first, the last and the neighbours of the current page when there are many', () => {
    const labels = (page: number, total: number) =>
      pagerModel(page, total).pages.map((p) => (isGap(p) ? '…' : p.label));
    expect(labels(0, 10_000)).toEqual(['1', '2', '3', '…', '10000']);
    expect(labels(4999, 10_000)).toEqual(['1', '…', '4998', '4999', '5000', '5001', '5002', '…', '10000']);
    expect(labels(9999, 10_000)).toEqual(['1', '…', '9998', '9999', '10000']);
    expect(labels(3, 10)).toEqual(['1', '2', '3', '4', '5', '6', '…', '10']);
    expect(pagerModel(4999, 10_000)).toMatchObject({ previous: 4998, next: 5000 });
  });

  it('disables both with one page or none', () => {
    expect(pagerModel(0, 1)).toMatchObject({ previous: null, next: null });
    expect(pagerModel(0, 0)).toEqual({ previous: null, next: null, pages: [] });
  });
});
