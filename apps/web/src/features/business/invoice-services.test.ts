import { describe, expect, it } from 'vitest';
import {
  describeServiceProblems,
  lineProblem,
  linesOf,
  parseInvoiceServices,
  totalOfRows,
  writeInvoiceServices,
} from './invoice-services';

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
    expect(describeServiceProblems(problems)).toContain('Entry 2 ("SEO 100"): write a row number');
    expect(describeServiceProblems([])).toBeUndefined();
  });
});

describe('writeInvoiceServices', () => {
  it('numbers the lines from 1 and writes the text the detail screen reads', () => {
    const text = writeInvoiceServices([
      { description: 'Web Design', rate: '200' },
      { description: '  SEO   Work ', rate: '100.00' },
      { description: 'Monthly SEO audit', rate: '150.5' },
    ]);
    expect(text).toBe('1 Web Design 200,2 SEO Work 100,3 Monthly SEO audit 150.50');
    const parsed = parseInvoiceServices(text);
    expect(parsed.problems).toEqual([]);
    expect(totalOfRows(parsed.rows)).toBe(45050);
    expect(linesOf(parsed.rows)).toEqual([
      { description: 'Web Design', rate: '200' },
      { description: 'SEO Work', rate: '100' },
      { description: 'Monthly SEO audit', rate: '150.50' },
    ]);
  });

  it('leaves out lines that cannot be written, and says why', () => {
    expect(
      writeInvoiceServices([
        { description: '', rate: '' },
        { description: 'Logo', rate: '80' },
      ]),
    ).toBe('1 Logo 80');
    expect(lineProblem({ description: '', rate: '' })).toEqual({
      description: 'Description is required',
      rate: 'Rate is required',
    });
    expect(lineProblem({ description: 'Design, print', rate: '1.234' })).toEqual({
      description: 'A description cannot contain a comma',
      rate: 'Enter an amount with at most 2 decimals',
    });
    expect(lineProblem({ description: 'Logo', rate: '80' })).toBeUndefined();
  });

  it('sums rates without float drift', () => {
    const { rows } = parseInvoiceServices('1 A 0.10,2 B 0.20');
    expect(totalOfRows(rows)).toBe(30);
  });
});
