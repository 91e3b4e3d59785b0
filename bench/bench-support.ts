/** What several benchmarks share: seeded draws, percentiles, and a database of their own on a PostgreSQL server. */
import os from 'node:os';
import pg from 'pg';
import type { BenchResult } from './bench-result.js';

/** mulberry32: a small seeded generator, so every run asks for the same pages and names. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** The value below which `q` (0–1) of the sorted values lie (nearest rank). */
export const percentile = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/** Host, port and database of a URL, without its password. */
export const describeUrl = (url: string) => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
};

/** The PostgreSQL administrator's URL the benchmarks create their databases with. */
export const benchAdminUrl = () =>
  process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The environment of the product as it runs in production (NODE_ENV=production, which also turns off the checks
 * made for the tests, such as each answer against its schema), with the secrets and addresses production refuses
 * to start without. The benchmarks send no e-mail: a mail server only has to be named.
 */
export const productionServerEnv = (databaseUrl: string) => ({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'the benchmarks sign their tokens with this secret',
  MFA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  SMTP_URL: 'smtp://127.0.0.1:2525',
});

/**
 * A new database on the server of `adminUrl` (an administrator's URL), or why there is none; `drop` removes it.
 * `backendPids` lists its sessions, to measure the CPU PostgreSQL spends on it.
 */
export async function createBenchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; backendPids: () => Promise<number[]>; drop: () => Promise<void> } | string> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `no PostgreSQL server answered at ${describeUrl(adminUrl)} (${error instanceof Error ? error.message : error})`;
  }
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    return `could not create a database at ${describeUrl(adminUrl)} (${error instanceof Error ? error.message : error})`;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    backendPids: async () =>
      (
        await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name])
      ).rows.map((r) => r.pid),
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** The result of a benchmark that found no PostgreSQL server: a miss, since its target was not shown to be met. */
export function skippedWithoutDatabase(name: string, target: string, why: string): BenchResult {
  console.log(`  skipped: ${why}`);
  return {
    name,
    target,
    pass: false,
    rows: [
      {
        figure: 'skipped',
        value: why,
        target: 'a PostgreSQL server',
        met: 'NO',
        detail:
          'set BENCH_DATABASE_URL to the URL of a PostgreSQL administrator (it creates and drops a database)',
      },
    ],
  };
}
