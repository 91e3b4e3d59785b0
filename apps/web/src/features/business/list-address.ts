/**
 * Reading and writing a list's request in the address bar (the invoice and customer lists, issue 24): a value among
 * known ones, several comma-separated, and the parameters of what is set. What cannot be read is left out rather
 * than refused, so an edited address still shows a list.
 */

export const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.find((value) => value === text);

/** "PAID,OVERDUE": the known values, each once, in the order given. */
export function someOf<T extends string>(values: readonly T[], text: string | null): T[] {
  const known = (text ?? '')
    .split(',')
    .map((value) => oneOf(values, value))
    .filter((value): value is T => value !== undefined);
  return [...new Set(known)];
}

/** The parameters that are set, in the order given. */
export function paramsOf(entries: [string, string | number | undefined][]): URLSearchParams {
  return new URLSearchParams(
    entries.flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
}

/** A list of values as one parameter, left out when empty. */
export const joined = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);
