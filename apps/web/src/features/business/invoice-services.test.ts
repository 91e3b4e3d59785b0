import { describe, expect, it } from 'vitest';
import { parseInvoiceServices } from './invoice-services';

describe('parseInvoiceServices', () => {
  it("reads SPEC's example: row number, two-word description, rate", () => {
    expect(parseInvoiceServices('1 Web Design 200,2 SEO Work 100')).toEqual({
      rows: [
        { number: '1', description: 'Web Design', rate: 20000 },
        { number: '2', description: 'SEO Work', rate: 10000 },
      ],
      problems: [],
    });
  });

  it('takes every word between the number and the rate as the description', () => {
    const { rows } = parseInvoiceServices('2 Monthly SEO audit 150,3 Hosting 99.5');
    expect(rows).toEqual([
      { number: '2', description: 'Monthly SEO audit', rate: 15000 },
      { number: '3', description: 'Hosting', rate: 9950 },
    ]);
  });

  it('tolerates spaces around and inside entries, and empty entries', () => {
    const { rows, problems } = parseInvoiceServices('  1   Web   Design  200 , 2 SEO Work 100.00 ,');
    expect(problems).toEqual([]);
    expect(rows.map((r) => [r.number, r.description, r.rate])).toEqual([
      ['1', 'Web Design', 20000],
      ['2', 'SEO Work', 10000],
    ]);
    expect(parseInvoiceServices('')).toEqual({ rows: [], problems: [] });
  });

  it('reports the entries it cannot read, and keeps the others', () => {
    const { rows, problems } = parseInvoiceServices('1 Web Design 200,SEO 100,3 Hosting monthly,4 Logo');
    expect(rows).toHaveLength(1);
    expect(problems).toEqual([
      { position: 2, entry: 'SEO 100', reason: 'write a row number, a description and a rate' },
      { position: 3, entry: '3 Hosting monthly', reason: 'end with the rate (e.g. 200 or 99.50)' },
      { position: 4, entry: '4 Logo', reason: 'write a row number, a description and a rate' },
    ]);
    expect(parseInvoiceServices('A Web Design 200').problems[0]?.reason).toBe('start with the row number');
  });
});
