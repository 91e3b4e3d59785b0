import { describe, expect, it } from 'vitest';
import { ANCHOR_STRIDE, createCustomerListMemory, type Anchors } from './customer-list-memory.js';

const anchorsAt = (version: number): Anchors => ({
  version,
  keys: [0, 1, 2].map((i) => ({ createdAt: `2026-01-0${3 - i} 10:00:00.123456+00`, id: 100 - i })),
});

describe('customer list memory', () => {
  it('gives the remembered position at or before an offset, none within the first stride', async () => {
    const memory = createCustomerListMemory();
    await memory.refreshAnchors(4, async () => anchorsAt(4));
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE - 1)).toBeUndefined();
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE * 2 + 5)).toEqual({
      key: { createdAt: '2026-01-01 10:00:00.123456+00', id: 98 },
      position: ANCHOR_STRIDE * 2,
      version: 4,
    });
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE * 3)).toBeUndefined();
  });

  it('reads the positions again once out of date, at most every 10 s, one read for callers at once', async () => {
    let clock = 0;
    let reads = 0;
    const memory = createCustomerListMemory(() => clock);
    const read = (version: number) => async () => {
      reads += 1;
      return anchorsAt(version);
    };
    await Promise.all([memory.refreshAnchors(1, read(1)), memory.refreshAnchors(1, read(1))]);
    expect(reads).toBe(1);
    await memory.refreshAnchors(1, read(1));
    expect(reads).toBe(1);
    clock = 9_999;
    await memory.refreshAnchors(2, read(2));
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE)?.version).toBe(1);
    clock = 10_000;
    await memory.refreshAnchors(2, read(2));
    expect(reads).toBe(2);
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE)?.version).toBe(2);
  });

  it('goes on without anchors when reading them fails, and tries again later', async () => {
    let clock = 0;
    const memory = createCustomerListMemory(() => clock);
    await expect(
      memory.refreshAnchors(1, () => Promise.reject(new Error('connection lost'))),
    ).resolves.toBeUndefined();
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE)).toBeUndefined();
    clock = 10_000;
    await memory.refreshAnchors(1, async () => anchorsAt(1));
    expect(memory.anchorAtOrBefore(ANCHOR_STRIDE)?.version).toBe(1);
  });

  it('keeps the latest 1000 searches with their version', () => {
    const memory = createCustomerListMemory();
    const found = (version: number, count: number) => ({ version, count, customers: 5000, needle: 'name' });
    for (let i = 0; i <= 1000; i++) memory.rememberSearch(`name ${i}`, found(7, i));
    expect(memory.knownSearch('name 0')).toBeUndefined();
    expect(memory.knownSearch('name 1')).toEqual(found(7, 1));
    memory.rememberSearch('name 1', found(8, 2));
    expect(memory.knownSearch('name 1')).toEqual(found(8, 2));
  });
});
