import { describe, expect, it } from 'vitest';
import { searchWalksNewestFirst } from './customer-list.js';

const at100k = (count: number) => ({ count, customers: 100_000 });

describe('the way a search reads its page', () => {
  it('walks newest first for the first pages of a common name', () => {
    // 5 326 and 1 118 matches ("mar", "lefèvre" in the benchmark's data): about 190 and 900 entries walked.
    expect(searchWalksNewestFirst(at100k(5326), 10)).toBe(true);
    expect(searchWalksNewestFirst(at100k(1118), 10)).toBe(true);
  });

  it('reads every match of a rare name, which the walk would pass thousands of entries to find', () => {
    // 82 and 39 matches ("hélène d", "sophie ber"): 12 000 and 25 000 entries walked for a page.
    expect(searchWalksNewestFirst(at100k(82), 10)).toBe(false);
    expect(searchWalksNewestFirst(at100k(39), 10)).toBe(false);
    expect(searchWalksNewestFirst(at100k(300), 10)).toBe(false);
  });

  it('reads every match for a deep page of a common name, and for a name nobody has', () => {
    expect(searchWalksNewestFirst(at100k(1118), 20)).toBe(true);
    expect(searchWalksNewestFirst(at100k(1118), 100)).toBe(false);
    expect(searchWalksNewestFirst(at100k(0), 10)).toBe(false);
  });

  it('weighs the two ways where they cost the same: about 450 matches of 100 000 for a page of 10', () => {
    expect(searchWalksNewestFirst(at100k(448), 10)).toBe(true);
    expect(searchWalksNewestFirst(at100k(447), 10)).toBe(false);
  });
});
