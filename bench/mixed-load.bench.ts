/**
 * Mixed load (issue target): 200 clients at once for 60 s, each a signed-in person of the business area who
 * logs in, lists customers, searches them and creates invoices, against the production server (NODE_ENV=
 * production, behind a proxy: each client has its own address in X-Forwarded-For, as 200 people would).
 * Targets: no request fails, and the invoices written equal the creations the server acknowledged.
 *
 * Like the customers benchmark it needs a PostgreSQL server it may create a database on (BENCH_DATABASE_URL).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { BenchResult } from './bench-result.js';
import {
  benchAdminUrl,
  createBenchDatabase,
  productionServerEnv,
  skippedWithoutDatabase,
  describeUrl,
  loadAverage,
  percentile,
  round1,
  seededRandom,
} from './bench-support.js';
import { startLocalServer, type LocalServer } from '../e2e/support/global-setup.js';
import type { Database } from '../apps/api/src/db/database.js';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.js';
import { insertUser } from '../apps/api/src/modules/auth/users.repository.js';
import { insertOrganisation } from '../apps/api/src/modules/auth/account-organisations.repository.js';

const NAME = 'Mixed load: 200 clients for 60 s (PostgreSQL)';
const TARGET =
  '200 concurrent clients logging in, listing, searching and creating invoices for 60 s: zero errors, ' +
  'invoices written = creations acknowledged';

const CLIENTS = 200;
const SECONDS = 60;
const CUSTOMERS = 2_000;
/** A client logs in again after this many calls, as a person coming back after a while would. */
const CALLS_PER_SESSION = 40;
const PASSWORD = 'mixed-load-password';
const SEARCH_NAMES = ['mar', 'dupont', 'élodie', 'ben', 'école', 'sophie', 'lef', 'traoré'];
const REQUEST_TIMEOUT_MS = 30_000;

type Kind = 'login' | 'list' | 'search' | 'invoice';
type Tally = { latencies: number[]; failures: number; examples: string[] };

/** The organisation's customers the invoices go to: names drawn like the customers benchmark's, in one statement. */
const fillSql = (organisationId: number) => `
INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
SELECT ${organisationId}, f[1 + i % cardinality(f)] || ' ' || l[1 + (i / cardinality(f)) % cardinality(l)],
  'client.' || i || '@example.com', 'INDIVIDUAL', 'ACTIVE', i || ' rue des Lilas, 69003 Lyon',
  '+33 6 12 34 56 78', '/assets/avatars/person-1.svg'
FROM generate_series(1, ${CUSTOMERS}) AS i,
  (SELECT ARRAY['Élodie','Marie','Karim','Sophie','Benoît','Aïcha','Marc','Lina','Omar','Chloé'] AS f,
          ARRAY['Dupont','Martin','Lefèvre','Traoré','Benali','Marchand','École','Bernard'] AS l) AS lists`;

/** One person: logs in, then calls until the time is up, logging in again now and then. */
async function client(
  baseUrl: string,
  index: number,
  endAt: number,
  customerIds: number[],
  tallies: Record<Kind, Tally>,
  acknowledged: { invoices: number },
) {
  const random = seededRandom(1000 + index);
  const address = `10.20.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const email = `load.${index}@example.com`;
  let token = '';
  let calls = 0;

  async function request(kind: Kind, path: string, init: RequestInit = {}) {
    const started = performance.now();
    const tally = tallies[kind];
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await res.json()) as { data?: { access_token?: string } };
      if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      tally.latencies.push(performance.now() - started);
      return body;
    } catch (error) {
      tally.failures += 1;
      if (tally.examples.length < 3) tally.examples.push(`${kind}: ${String(error)}`);
      return undefined;
    }
  }

  while (Date.now() < endAt) {
    if (!token || calls % CALLS_PER_SESSION === 0) {
      token = '';
      const body = await request('login', '/api/user/login', {
        method: 'POST',
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      token = body?.data?.access_token ?? '';
      if (!token) return;
    }
    calls += 1;
    const draw = random();
    if (draw < 0.4) {
      await request('list', `/api/customer/list?page=${Math.floor(random() * 20)}`);
    } else if (draw < 0.7) {
      const name = SEARCH_NAMES[Math.floor(random() * SEARCH_NAMES.length)] ?? 'mar';
      await request('search', `/api/customer/search?name=${encodeURIComponent(name)}`);
    } else {
      const customerId = customerIds[Math.floor(random() * customerIds.length)] ?? 0;
      const rate = 50 + Math.floor(random() * 20) * 25;
      const body = await request('invoice', `/api/customer/invoice/addtocustomer/${customerId}`, {
        method: 'POST',
        body: JSON.stringify({
          services: `1 Load test ${index} ${rate}`,
          customerId,
          total: rate,
          date: '2026-11-20',
          status: 'PENDING',
        }),
      });
      if (body) acknowledged.invoices += 1;
    }
  }
}

export async function mixedLoadBench(): Promise<BenchResult> {
  const adminUrl = benchAdminUrl();
  const database = await createBenchDatabase(adminUrl, 'bench_mixed');
  if (typeof database === 'string') return skippedWithoutDatabase(NAME, TARGET, database);
  let server: LocalServer | undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const loadBefore = loadAverage();
    server = await startLocalServer({
      ...productionServerEnv(database.url),
      // Behind one proxy, as in compose.yaml: each client's X-Forwarded-For is its address for the rate limits.
      TRUST_PROXY_HOPS: '1',
    });
    // The people: confirmed administrators of one business who may create invoices, one password hash for all.
    const db = drizzle(pool) as unknown as Database;
    const passwordHash = await hashPassword(PASSWORD);
    const organisationId = await insertOrganisation(db, 'Mixed load business');
    for (let i = 0; i < CLIENTS; i++) {
      await insertUser(db, {
        firstName: 'Load',
        lastName: `Client ${i}`,
        email: `load.${i}@example.com`,
        passwordHash,
        organisationId,
        roleName: 'ROLE_ADMIN',
        confirmed: true,
      });
    }
    await pool.query(fillSql(organisationId));
    await pool.query('VACUUM (ANALYZE) customers');
    const customerIds = (await pool.query<{ id: number }>('SELECT id FROM customers')).rows.map((r) => r.id);
    console.log(`  ${CLIENTS} clients, ${customerIds.length} customers; running for ${SECONDS} s`);

    const tallies = Object.fromEntries(
      (['login', 'list', 'search', 'invoice'] as Kind[]).map((k) => [
        k,
        { latencies: [], failures: 0, examples: [] } as Tally,
      ]),
    ) as Record<Kind, Tally>;
    const acknowledged = { invoices: 0 };
    const baseUrl = server.baseUrl;
    const endAt = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        client(baseUrl, i, endAt, customerIds, tallies, acknowledged),
      ),
    );

    const written = Number(
      (
        await pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM invoices WHERE services LIKE '1 Load test %'`,
        )
      ).rows[0]?.n,
    );
    const failures = Object.values(tallies).reduce((sum, t) => sum + t.failures, 0);
    const rows: Record<string, string | number>[] = (Object.entries(tallies) as [Kind, Tally][]).map(
      ([kind, t]) => {
        const sorted = [...t.latencies].sort((a, b) => a - b);
        return {
          figure: `${kind}: answers, failures; p50 / p95 / p99 (ms)`,
          value: `${sorted.length}, ${t.failures} failed; ${round1(percentile(sorted, 0.5))} / ${round1(percentile(sorted, 0.95))} / ${round1(percentile(sorted, 0.99))}`,
          target: '0 failed',
          met: t.failures === 0 ? 'yes' : 'NO',
          detail: t.examples.join('; ') || `${round1(sorted.length / SECONDS)} per second`,
        };
      },
    );
    rows.push({
      figure: 'invoices written / creations acknowledged',
      value: `${written} / ${acknowledged.invoices}`,
      target: 'equal',
      met: written === acknowledged.invoices ? 'yes' : 'NO',
      detail: `PostgreSQL at ${describeUrl(adminUrl)}`,
    });
    rows.push({
      figure: 'load average of the machine (1, 5, 15 min)',
      value: `before ${loadBefore}; after ${loadAverage()}`,
      target: '',
      met: '',
      detail: `the ${CLIENTS} clients run in the benchmark's process, on the same machine as the server`,
    });
    for (const row of rows) console.log(`  ${row.figure}: ${row.value} ${row.detail}`);
    return {
      name: NAME,
      target: TARGET,
      pass: failures === 0 && written === acknowledged.invoices,
      rows,
    };
  } finally {
    await server?.stop();
    await pool.end();
    await database.drop();
  }
}
