/**
 * The customer list and search of one server process: the list's statements prepared once (PostgreSQL
 * parses and plans them once per connection, and their SQL is built once), and the memory that spares deep
 * pages and repeated searches most of their work (customer-list-memory.ts, decision 14).
 */
import type { Customer, Page, PageQuery, Stats } from '@app/contracts';
import type { Database } from '../../db/database.js';
import { sql } from '../../db/orm.js';
import { ANCHOR_STRIDE, createCustomerListMemory } from './customer-list-memory.js';
import {
  countWithVersion,
  fromKey,
  nameContains,
  pageWithTotalsOf,
  pageWithTotalsQuery,
  readAnchors,
} from './customers.repository.js';
import { limitOffset, toPage } from './paging.js';

export type CustomerList = ReturnType<typeof createCustomerList>;

/** `now` is the memory's clock, for tests. */
export function createCustomerList(db: Database, now?: () => number) {
  const memory = createCustomerListMemory(now);
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const fromTop = pageWithTotalsQuery(db, undefined, limit, offset).prepare('customers_page');
  const fromRememberedKey = pageWithTotalsQuery(
    db,
    fromKey(sql.placeholder('createdAt'), sql.placeholder('id')),
    limit,
    offset,
  ).prepare('customers_page_from_key');

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
        await fromRememberedKey.execute({ ...anchor.key, limit, offset: offset - anchor.position }),
      );
    if (!result || result.version !== anchor?.version) {
      result = pageWithTotalsOf(await fromTop.execute({ limit, offset }));
      if (offset >= ANCHOR_STRIDE) await memory.refreshAnchors(result.version, () => readAnchors(db));
    }
    return { page: toPage(result.content, result.stats.totalCustomers, query), stats: result.stats };
  }

  /**
   * The customers whose name contains `name` (case and accents ignored); every customer when it is empty.
   * The count of a common name reads thousands of rows: it is remembered, and reused while the customers'
   * version stays the one the page was read at. (Not prepared: the best plan depends on the name.)
   */
  async function search(name: string, query: PageQuery): Promise<Page<Customer>> {
    if (!name) return (await page(query)).page;
    const { limit, offset } = limitOffset(query);
    const where = nameContains(name);
    const known = memory.countOf(name);
    // Unknown: counted while the page is read. Known: counted again only if the page shows it is out of date.
    const [found, counted] = await Promise.all([
      pageWithTotalsQuery(db, where, limit, offset).then(pageWithTotalsOf),
      known ? undefined : countWithVersion(db, where),
    ]);
    let total = known?.version === found.version ? known.count : counted?.count;
    if (total === undefined || counted) {
      const fresh = counted ?? (await countWithVersion(db, where));
      memory.rememberCount(name, fresh.version, fresh.count);
      total = fresh.count;
    }
    return toPage(found.content, total, query);
  }

  return { page, search, memory };
}
