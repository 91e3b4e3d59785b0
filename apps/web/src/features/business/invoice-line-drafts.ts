/**
 * The lines of the new-invoice form as typed (issue 24): description, quantity and unit price. Each is read with
 * the contracts' rules for a line (the server checks the same), so the form shows what the server would refuse
 * before anything is sent, and adds up the lines it can read as the server will.
 */
import {
  InvoiceLineInputSchema,
  invoiceTotals,
  lineAmount,
  linesTotal,
  parseAmount,
  type Cents,
  type InvoiceLineInput,
  type InvoiceTotals,
} from '@app/contracts';

export type LineDraft = { description: string; quantity: string; unitPrice: string };
export type LineProblems = Partial<Record<keyof LineDraft, string>>;

/** A new line: one of something, its price still to type. */
export const EMPTY_LINE: LineDraft = { description: '', quantity: '1', unitPrice: '' };

/** Dollars typed with at most 2 decimals ("200", "99.50", "$12"), or NaN, which the line's schema refuses. */
function typedDollars(text: string): number {
  const cents = parseAmount(text);
  return cents === undefined ? Number.NaN : cents / 100;
}

const MESSAGES_FOR_UNREADABLE: LineProblems = {
  quantity: 'Enter a quantity with at most 2 decimals',
  unitPrice: 'Enter an amount with at most 2 decimals',
};

/** A line as the server takes it, or why it cannot be sent (one message per field). */
export function readLine(draft: LineDraft): { line: InvoiceLineInput } | { problems: LineProblems } {
  const typed = {
    description: draft.description,
    // A quantity is read as an amount is (at most 2 decimals), without the dollar sign.
    quantity: draft.quantity.includes('$') ? Number.NaN : typedDollars(draft.quantity),
    unitPrice: typedDollars(draft.unitPrice),
  };
  const result = InvoiceLineInputSchema.safeParse(typed);
  if (result.success) return { line: result.data };
  const problems: LineProblems = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LineDraft;
    const unreadable = field !== 'description' && Number.isNaN(typed[field]);
    problems[field] ??= unreadable ? MESSAGES_FOR_UNREADABLE[field] : issue.message;
  }
  return { problems };
}

/** Whether anything was typed in a line beyond what a new line starts with. */
export function isTouched(draft: LineDraft): boolean {
  return draft.description.trim() !== '' || draft.unitPrice.trim() !== '' || draft.quantity.trim() !== '1';
}

/** The lines to send, or undefined while any line cannot be read. */
export function readLines(drafts: readonly LineDraft[]): InvoiceLineInput[] | undefined {
  const lines: InvoiceLineInput[] = [];
  for (const draft of drafts) {
    const read = readLine(draft);
    if (!('line' in read)) return undefined;
    lines.push(read.line);
  }
  return lines.length > 0 ? lines : undefined;
}

/** A line's amount once it can be read. */
export function draftAmount(draft: LineDraft): Cents | undefined {
  const read = readLine(draft);
  return 'line' in read ? lineAmount(read.line) : undefined;
}

/** The invoice's subtotal, tax and total due as the server will compute them, from the lines that can be read. */
export function draftTotals(drafts: readonly LineDraft[]): InvoiceTotals {
  const lines = drafts.map(readLine).flatMap((read) => ('line' in read ? [read.line] : []));
  return invoiceTotals(linesTotal(lines) / 100);
}
