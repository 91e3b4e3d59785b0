/**
 * The pager of the customer and invoice lists (SPEC §4, §9): Prev, one button per page numbered from 1,
 * Next. Pages are indexed from 0, as the API counts them.
 */

export type PagerButton = { index: number; label: string; current: boolean };
/** Where pages are left out between two buttons (shown as "…"). */
export type PagerGap = { gapAfter: number };

export type PagerModel = {
  /** The page Prev opens, or null when it is disabled (on page 0). */
  previous: number | null;
  /** The page Next opens, or null when it is disabled (on the last page, or when there is none). */
  next: number | null;
  pages: (PagerButton | PagerGap)[];
};

/**
 * Up to this many pages, one button each, as SPEC §9 says. Beyond, a list of 100 000 customers would
 * draw 10 000 buttons: the first and last pages and the two on each side of the current one are shown,
 * with a gap where pages are left out, as search engines and shops do.
 */
export const ALL_BUTTONS_UP_TO = 9;
const NEIGHBOURS = 2;

function shownIndexes(page: number, count: number): number[] {
  if (count <= ALL_BUTTONS_UP_TO) return Array.from({ length: count }, (_, i) => i);
  const shown = new Set([0, count - 1]);
  for (let i = page - NEIGHBOURS; i <= page + NEIGHBOURS; i++) if (i > 0 && i < count - 1) shown.add(i);
  return [...shown].sort((a, b) => a - b);
}

export function pagerModel(page: number, totalPages: number): PagerModel {
  const count = Math.max(0, Math.floor(totalPages));
  const pages: (PagerButton | PagerGap)[] = [];
  let previousShown = -1;
  for (const index of shownIndexes(page, count)) {
    if (index > previousShown + 1) pages.push({ gapAfter: previousShown });
    pages.push({ index, label: String(index + 1), current: index === page });
    previousShown = index;
  }
  return { previous: page > 0 ? page - 1 : null, next: page < count - 1 ? page + 1 : null, pages };
}

export function isGap(entry: PagerButton | PagerGap): entry is PagerGap {
  return 'gapAfter' in entry;
}
