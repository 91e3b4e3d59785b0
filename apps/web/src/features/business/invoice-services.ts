/**
 * The services text of an invoice (SPEC §3): comma-separated entries "row description rate", such as
 * "1 Web Design 200,2 SEO Work 100". SPEC reads each entry as exactly four words; here the first word is
 * the row number, the last the rate, and every word between is the description, so "2 Monthly SEO audit
 * 150" reads as well as "1 Web Design 200". Entries that cannot be read are reported, not dropped silently.
 */
import { parseAmount, plainAmount, sumCents, type Cents } from '@app/contracts';

export type ServiceRow = {
  /** The row number as written ("1"). */
  number: string;
  description: string;
  rate: Cents;
};

export type ServiceEntryProblem = {
  /** 1-based position of the entry in the text. */
  position: number;
  /** The entry as written (trimmed). */
  entry: string;
  reason: string;
};

export type ParsedServices = { rows: ServiceRow[]; problems: ServiceEntryProblem[] };

export const SERVICES_EXAMPLE = '1 Web Design 200,2 SEO Work 100';

/** Why an entry cannot be read, or undefined when it can. */
function entryProblem(words: string[]): string | undefined {
  if (words.length < 3) return 'write a row number, a description and a rate';
  if (!/^\d+$/.test(words[0] ?? '')) return 'start with the row number';
  if (parseAmount(words[words.length - 1] ?? '') === undefined)
    return 'end with the rate (e.g. 200 or 99.50)';
  return undefined;
}

/**
 * Reads the services text. Spaces around and inside entries are tolerated (several spaces count as one),
 * and empty entries (a trailing comma) are skipped.
 */
export function parseInvoiceServices(text: string): ParsedServices {
  const rows: ServiceRow[] = [];
  const problems: ServiceEntryProblem[] = [];
  text.split(',').forEach((raw, index) => {
    const entry = raw.trim();
    if (entry === '') return;
    const words = entry.split(/\s+/);
    const reason = entryProblem(words);
    if (reason) {
      problems.push({ position: index + 1, entry, reason });
      return;
    }
    rows.push({
      number: words[0] as string,
      description: words.slice(1, -1).join(' '),
      rate: parseAmount(words[words.length - 1] as string) as Cents,
    });
  });
  return { rows, problems };
}

/** The problems as one sentence for a form field. */
export function describeServiceProblems(problems: readonly ServiceEntryProblem[]): string | undefined {
  if (problems.length === 0) return undefined;
  return problems.map((p) => `Entry ${p.position} ("${p.entry}"): ${p.reason}`).join('; ');
}

/** A line of the invoice form's line editor, as typed. */
export type ServiceLineDraft = { description: string; rate: string };

/** Why a line cannot be written into the services text, or undefined when it can. */
export function lineProblem(line: ServiceLineDraft): { description?: string; rate?: string } | undefined {
  const description = line.description.trim();
  const problems: { description?: string; rate?: string } = {};
  if (description === '') problems.description = 'Description is required';
  // A comma would start a new entry, and the rate is the last word: neither may be in a description.
  else if (description.includes(',')) problems.description = 'A description cannot contain a comma';
  if (line.rate.trim() === '') problems.rate = 'Rate is required';
  else if (parseAmount(line.rate) === undefined) problems.rate = 'Enter an amount with at most 2 decimals';
  return problems.description || problems.rate ? problems : undefined;
}

/**
 * Writes lines as the services text, numbered from 1 in order: [{Web Design, 200}, {SEO Work, 100}]
 * → "1 Web Design 200,2 SEO Work 100". Lines that cannot be written (see lineProblem) are left out.
 */
export function writeInvoiceServices(lines: readonly ServiceLineDraft[]): string {
  return lines
    .filter((line) => lineProblem(line) === undefined)
    .map(
      (line, index) =>
        `${index + 1} ${line.description.trim().replace(/\s+/g, ' ')} ${plainAmount(parseAmount(line.rate) as Cents)}`,
    )
    .join(',');
}

/** The sum of the rates of rows or lines: what the invoice total is filled with. */
export function totalOfRows(rows: readonly Pick<ServiceRow, 'rate'>[]): Cents {
  return sumCents(rows.map((row) => row.rate));
}

/** The lines of a services text, to edit it again with the line editor. */
export function linesOf(rows: readonly ServiceRow[]): ServiceLineDraft[] {
  return rows.map((row) => ({ description: row.description, rate: plainAmount(row.rate) }));
}
