import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { PATHS } from '../lib/paths';
import { isIslandPage } from '../prerendered-pages';
import { routes } from './router';

/** Every address of the paths table, the ones built from a record with a sample record. */
const ADDRESSES = Object.entries(PATHS).map(([name, path]) => {
  if (name === 'customer') return PATHS.customer(12);
  if (name === 'invoice') return PATHS.invoice({ id: 3, invoiceNumber: 'INV-000003' });
  if (name === 'arabicLesson') return PATHS.arabicLesson(4);
  if (typeof path !== 'string') throw new Error(`${name}: no sample address for this path`);
  return path;
});

describe('the paths table (lib/paths.ts)', () => {
  it.each(ADDRESSES.filter((address) => !isIslandPage(address)))(
    'names an address the route table mounts: %s',
    (address) => {
      const pathname = address.split('#')[0] || '/';
      const deepest = matchRoutes(routes, pathname)?.at(-1)?.route;
      // The catch-all sends an unknown address home: a path that reaches it has drifted from its route.
      expect(deepest?.path).not.toBe('*');
    },
  );

  it.each(ADDRESSES.filter(isIslandPage))('names a page drawn with islands: %s', (address) => {
    // Not the app's: its links load it as a document, which the server sends as the build drew it.
    expect(matchRoutes(routes, address.split('#')[0] ?? '')?.at(-1)?.route.path).toBe('*');
  });

  it('writes an invoice number into its address as one escaped segment', () => {
    expect(PATHS.invoice({ id: 3, invoiceNumber: 'A/B 1' })).toBe('/invoices/3/A%2FB%201');
  });
});
