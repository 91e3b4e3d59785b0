import { describe, expect, it } from 'vitest';
import { draftAmount, draftTotals, EMPTY_LINE, isTouched, readLine, readLines } from './invoice-line-drafts';

describe('the lines of the new-invoice form', () => {
  it('reads a line as the server takes it', () => {
    expect(readLine({ description: ' Web Design ', quantity: '1.5', unitPrice: '$200' })).toEqual({
      line: { description: 'Web Design', quantity: 1.5, unitPrice: 200 },
    });
    expect(draftAmount({ description: 'Hosting', quantity: '3', unitPrice: '19.99' })).toBe(5997);
  });

  it('says why a line cannot be sent, one message per field', () => {
    expect(readLine({ description: '', quantity: '0', unitPrice: '' })).toEqual({
      problems: {
        description: 'Description is required',
        quantity: 'Quantity must be more than 0',
        unitPrice: 'Enter an amount with at most 2 decimals',
      },
    });
    expect(readLine({ description: 'Design, print', quantity: '$2', unitPrice: '1.234' })).toEqual({
      problems: {
        description: 'A description cannot contain a comma',
        quantity: 'Enter a quantity with at most 2 decimals',
        unitPrice: 'Enter an amount with at most 2 decimals',
      },
    });
    expect(readLine({ description: 'Audit', quantity: '2000000', unitPrice: '1' })).toEqual({
      problems: { quantity: 'Quantity must be at most 1000000' },
    });
  });

  it('sends the lines only once every one can be read', () => {
    const logo = { description: 'Logo', quantity: '1', unitPrice: '80' };
    expect(readLines([logo])).toEqual([{ description: 'Logo', quantity: 1, unitPrice: 80 }]);
    expect(readLines([logo, EMPTY_LINE])).toBeUndefined();
    expect(readLines([])).toBeUndefined();
  });

  it('adds up the lines it can read as the server does: cents, tax halves up', () => {
    const totals = draftTotals([
      { description: 'A', quantity: '1', unitPrice: '0.10' },
      { description: 'B', quantity: '2', unitPrice: '0.10' },
      { description: 'Web Design', quantity: '2', unitPrice: '100' },
      EMPTY_LINE,
    ]);
    // 200.30 + 5.4 % (10.8162 → 10.82)
    expect(totals).toEqual({ subtotal: 20030, tax: 1082, total: 21112 });
  });

  it('counts a line as typed in once it differs from a new one', () => {
    expect(isTouched(EMPTY_LINE)).toBe(false);
    expect(isTouched({ ...EMPTY_LINE, quantity: '2' })).toBe(true);
    expect(isTouched({ ...EMPTY_LINE, description: 'x' })).toBe(true);
  });
});
