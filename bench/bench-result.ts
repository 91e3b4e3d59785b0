/** What each benchmark returns: a table of figures and whether it met its target. */
export type BenchResult = {
  name: string;
  target: string;
  pass: boolean;
  rows: Record<string, string | number>[];
};
