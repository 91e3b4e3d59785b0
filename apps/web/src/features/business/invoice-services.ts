/**
 * The services text of an invoice (SPEC §3): comma-separated entries "row description rate", such as
 * "1 Web Design 200,2 SEO Work 100". SPEC reads each entry as exactly four words; here the first word is
 * the row number, the last the rate, and every word between is the description, so "2 Monthly SEO audit
 * 150" reads as well as "1 Web Design 200". Entries that cannot be read are reported, not dropped silently.
 */
import { parseAmount, type Cents } from '@app/contracts';

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
