import { describe, expect, it } from 'vitest';
import {
  fixedAmount,
  formatMoney,
  invoiceTotals,
  parseAmount,
  plainAmount,
  sumCents,
  taxOf,
  toCents,
} from './money';

describe('money', () => {
  it('reads API amounts as whole cents', () => {
    expect(toCents(1075.5)).toBe(107550);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(9_999_999_999.99)).toBe(999_999_999_999);
  });

  it('reads typed amounts from their digits', () => {
    expect(parseAmount('200')).toBe(20000);
    expect(parseAmount(' 99.5 ')).toBe(9950);
    expect(parseAmount('1075.50')).toBe(107550);
    expect(parseAmount('$12')).toBe(1200);
    expect(parseAmount('0.07')).toBe(7);
    for (const bad of ['', 'abc', '1.234', '-5', '1,5', '1e3', '.5', '12.', '$'])
      expect(parseAmount(bad), bad).toBeUndefined();
  });

  it('writes amounts plainly, fixed to 2 decimals, and for readers', () => {
    expect(plainAmount(20000)).toBe('200');
    expect(plainAmount(9950)).toBe('99.50');
    expect(plainAmount(7)).toBe('0.07');
    expect(fixedAmount(20000)).toBe('200.00');
    expect(fixedAmount(5)).toBe('0.05');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(100000)).toBe('$1,000.00');
    expect(formatMoney(99999)).toBe('$999.99');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(-123450)).toBe('-$1,234.50');
    expect(formatMoney(999_999_999_999)).toBe('$9,999,999,999.99');
    expect(fixedAmount(123456789)).toBe('1234567.89');
    expect(fixedAmount(-150)).toBe('-1.50');
    expect(plainAmount(123400000)).toBe('1234000');
    expect(plainAmount(123456789)).toBe('1234567.89');
  });

  it('writes a zero reached from below as a plain zero', () => {
    const minusZero = toCents(-0.001);
    expect(Object.is(minusZero, -0)).toBe(true);
    expect(formatMoney(minusZero)).toBe('$0.00');
    expect(fixedAmount(minusZero)).toBe('0.00');
    expect(plainAmount(minusZero)).toBe('0');
  });

  it('sums without float drift', () => {
    expect(sumCents([toCents(0.1), toCents(0.2)])).toBe(30);
    expect(formatMoney(sumCents(Array.from({ length: 10 }, () => toCents(0.1))))).toBe('$1.00');
  });

  it('taxes 5.4% to the nearest cent, halves up', () => {
    expect(taxOf(10000)).toBe(540);
    expect(taxOf(30000)).toBe(1620);
    expect(taxOf(23861)).toBe(1288); // 1288.494
    expect(taxOf(25)).toBe(1); // 1.35
    expect(taxOf(9)).toBe(0); // 0.486
    expect(taxOf(250)).toBe(14); // 13.5 → 14
  });

  it('gives the invoice foot with exactly 2 decimals, adding up', () => {
    const totals = invoiceTotals(300);
    expect(totals).toEqual({ subtotal: 30000, tax: 1620, total: 31620 });
    expect(fixedAmount(totals.total)).toBe('316.20');
    const odd = invoiceTotals(1075.5);
    expect(fixedAmount(odd.tax)).toBe('58.08'); // 58.077
    expect(fixedAmount(odd.total)).toBe('1133.58');
    expect(odd.subtotal + odd.tax).toBe(odd.total);
    // 0.1 + 0.2 as a float would print 0.30000000000000004 before rounding.
    expect(fixedAmount(invoiceTotals(0.1 + 0.2).subtotal)).toBe('0.30');
  });
});
