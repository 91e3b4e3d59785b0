/**
 * One organisation's customer list and search in one server process: their statements, built once and prepared on
 * connections that also plan them once (OrganisationDatabase.genericPlanDb), and the memory that spares deep pages
 * and repeated searches most of their work (customer-list-memory.ts, decision 14).
 */
import type { Customer, Page, PageQuery, Stats } from '@app/contracts';
import type { Database, OrganisationDatabase } from '../../db/database.js';
import { sql } from '../../db/orm.js';
import { RecentMap } from '../../lib/recent-map.js';
import { ANCHOR_STRIDE, createCustomerListMemory, type KnownSearch } from './customer-list-memory.js';
import {
  allMatchesQuery,
  fromKey,
  newestMatchingQuery,
  pageWithTotalsOf,
  pageWithTotalsQuery,
  readAnchors,
} from './customers.repository.js';
import { limitOffset, toPage } from './paging.js';

export type CustomerList = ReturnType<typeof createCustomerList>;

/** The database of the organisation whose list it is: its generic-plan connections are the list's. */
type ListScope = { id: number } & Pick<OrganisationDatabase, 'genericPlanDb'>;

/** Organisations whose customer list (statements and memory) a process keeps. */
const LISTS_KEPT = 1000;

/**
 * The customer list of each organisation, built on its first use and kept for the organisations used most recently,
 * so that its prepared statements and its memory serve the calls that follow.
 */
export function customerLists(): (scope: ListScope) => CustomerList {
  const lists = new RecentMap<number, CustomerList>(LISTS_KEPT);
  return (scope) => lists.getOrCreate(scope.id, () => createCustomerList(scope));
}

/**
 * Reading a matching customer's row through the trigram index costs about as much as testing this many names
 * while walking customers_recent_idx (measured at 100 000 customers: 0.8 µs a row, 0.16 µs an index entry).
 */
const ROW_COST_IN_INDEX_ENTRIES = 5;

/**
 * Whether a search whose page ends at `rowsNeeded` is cheaper walking the index newest first than reading every
 * match: the walk passes about rowsNeeded × customers / count entries before the page is full, the other way
 * reads `count` rows. So a common name's first pages walk, and a rare name, or a common name's deep page, does not.
 */
export function searchWalksNewestFirst(
  known: Pick<KnownSearch, 'count' | 'customers'>,
  rowsNeeded: number,
): boolean {
  const entriesWalked = (rowsNeeded * known.customers) / Math.max(known.count, 1);
  return entriesWalked <= ROW_COST_IN_INDEX_ENTRIES * known.count;
}

/**
 * The list's statements, their parameters as placeholders (the organisation's too, so that every organisation's
 * statement has the same text, prepared once per connection). Each is written so that one plan suits every value
 * of them, as genericPlanDb's connections use it: which way a search goes is chosen here, not by the planner.
 */
export function customerListStatements(db: Database) {
  const organisationId = sql.placeholder('organisationId');
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  return {
    fromTop: pageWithTotalsQuery(db, organisationId, undefined, limit, offset),
    fromRememberedKey: pageWithTotalsQuery(
      db,
      organisationId,
      fromKey(sql.placeholder('createdAt'), sql.placeholder('id')),
      limit,
      offset,
    ),
    newestMatching: newestMatchingQuery(db, organisationId, sql.placeholder('needle'), limit, offset),
    allMatches: allMatchesQuery(db, organisationId, sql.placeholder('name'), limit, offset),
  };
}

/**
 * The list of the organisation `id`, whose connections `genericPlanDb` are (OrganisationDatabase.genericPlanDb).
 * `now` is the memory's clock, for tests.
 */
export function createCustomerList({ id: organisationId, genericPlanDb: db }: ListScope, now?: () => number) {
  const memory = createCustomerListMemory(now);
  const statements = customerListStatements(db);
  const fromTop = statements.fromTop.prepare('customers_page');
  const fromRememberedKey = statements.fromRememberedKey.prepare('customers_page_from_key');
  const newestMatching = statements.newestMatching.prepare('customers_search_newest_first');
  const allMatches = statements.allMatches.prepare('customers_search_all_matches');

  /**
   * A page of every customer, newest first, and the stats. The page's total is the stats' customer count, kept
   * by triggers, instead of a count(*) of the table. A deep page starts from the nearest remembered position
   * instead of skipping up to 100 000 rows, if the list has not changed since.
   */
  async function page(query: PageQuery): Promise<{ page: Page<Customer>; stats: Stats }> {
    const { limit, offset } = limitOffset(query);
    const anchor = memory.anchorAtOrBefore(offset);
    let result =
      anchor &&
      pageWithTotalsOf(
        await fromRememberedKey.execute({
          ...anchor.key,
          organisationId,
          limit,
          offset: offset - anchor.position,
        }),
      );
    if (!result || result.version !== anchor?.version) {
      result = pageWithTotalsOf(await fromTop.execute({ organisationId, limit, offset }));
      if (offset >= ANCHOR_STRIDE) {
        await memory.refreshAnchors(result.version, () => readAnchors(db, organisationId));
      }
    }
    return { page: toPage(result.content, result.stats.totalCustomers, query), stats: result.stats };
  }

  /**
   * The customers whose name contains `name` (case and accents ignored); every customer when it is empty.
   * A search takes the cheaper of its two ways (searchWalksNewestFirst), judged by how many customers matched
   * it last time. The way that reads every match also counts them; the other reuses the remembered count, as
   * long as the customers' version read with the page is the one it was counted at, and the name as searched.
   */
  async function search(name: string, query: PageQuery): Promise<Page<Customer>> {
    if (!name) return (await page(query)).page;
    const { limit, offset } = limitOffset(query);
    const known = memory.knownSearch(name);
    if (known && searchWalksNewestFirst(known, offset + limit)) {
      const found = pageWithTotalsOf(
        await newestMatching.execute({ organisationId, needle: known.needle, limit, offset }),
      );
      if (found.version === known.version) return toPage(found.content, known.count, query);
      // The customers have changed since the count: read every match instead, which counts them again.
    }
    const rows = await allMatches.execute({ organisationId, name, limit, offset });
    const found = pageWithTotalsOf(rows);
    const [first] = rows;
    const count = first?.matches ?? 0;
    if (first) {
      memory.rememberSearch(name, {
        version: found.version,
        count,
        customers: found.stats.totalCustomers,
        needle: first.needle,
      });
    }
    return toPage(found.content, count, query);
  }

  return { page, search, memory };
}
