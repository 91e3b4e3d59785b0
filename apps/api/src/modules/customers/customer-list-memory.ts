/**
 * What one server process remembers about the customers between calls, to spare PostgreSQL the two costly
 * parts of a page at 100 000 customers: skipping the OFFSET rows of a deep page, and counting the matches of
 * a common search. Each memory is tagged with customer_totals.customers_version, which triggers move
 * whenever a customer is added, removed, renamed or re-dated (drizzle/0010_customers_version.sql), and is
 * used only if the version read in the same statement as the page is the same: the answer is always exact.
 * Several processes each keep their own; nothing is shared or has to be invalidated.
 */

/** Every ANCHOR_STRIDE-th position of the list is remembered: a deep page skips at most this many rows. */
export const ANCHOR_STRIDE = 1000;
/** A rebuild of the anchors reads the whole index: not more often than this, whatever the changes. */
const ANCHORS_REBUILD_MS = 10_000;
/** Searches whose count is kept; the oldest is forgotten first. */
const SEARCHES_KEPT = 1000;

/** The sort key of the list's row at a position: created_at as PostgreSQL's text (microseconds), and the id. */
export type ListKey = { createdAt: string; id: number };
export type Anchors = { version: number; keys: ListKey[] };
/**
 * What a search found: how many customers matched it, out of how many, at a version of the customers; and the
 * name as searched (search_text() of it, which a walk through customers_recent_idx compares with each name).
 */
export type KnownSearch = { version: number; count: number; customers: number; needle: string };

export type CustomerListMemory = ReturnType<typeof createCustomerListMemory>;

export function createCustomerListMemory(now: () => number = Date.now) {
  let anchors: Anchors | undefined;
  let rebuiltAt = -Infinity;
  let rebuilding: Promise<void> | undefined;
  const searches = new Map<string, KnownSearch>();

  return {
    /** The remembered row at or before `offset` in the list, with its position and version; none near the top. */
    anchorAtOrBefore(offset: number) {
      const index = Math.floor(offset / ANCHOR_STRIDE);
      const key = index > 0 ? anchors?.keys[index] : undefined;
      return key && anchors ? { key, position: index * ANCHOR_STRIDE, version: anchors.version } : undefined;
    },

    /**
     * Reads the anchors again with `read` when those kept are not of `version` (the list's current one),
     * at most once per ANCHORS_REBUILD_MS; callers at the same time share one read.
     */
    async refreshAnchors(version: number, read: () => Promise<Anchors>): Promise<void> {
      if (anchors?.version === version || rebuilding || now() - rebuiltAt < ANCHORS_REBUILD_MS) {
        return rebuilding;
      }
      rebuiltAt = now();
      rebuilding = read()
        .then((fresh) => {
          anchors = fresh;
        })
        // A failed read costs nothing but the speed-up: pages are exact without anchors, and the next call
        // after ANCHORS_REBUILD_MS tries again. The caller's page is already read and must not fail for it.
        .catch(() => undefined)
        .finally(() => {
          rebuilding = undefined;
        });
      return rebuilding;
    },

    /** The last count of a search and the version it was counted at; compare it with the current one. */
    knownSearch(search: string): KnownSearch | undefined {
      return searches.get(search);
    },

    rememberSearch(search: string, known: KnownSearch) {
      searches.delete(search);
      searches.set(search, known);
      if (searches.size > SEARCHES_KEPT) searches.delete(searches.keys().next().value as string);
    },
  };
}
