/**
 * Two server processes on one PostgreSQL database and one Redis, as in a deployment of two instances
 * behind a proxy, behave as one service: they start together on an empty database and its migrations are
 * applied once, the per-address limits count the requests both receive, and every e-mail is sent once
 * although both instances' outboxes deliver, also when the mail server was down at the time of the request.
 * Runs on the PostgreSQL server with Redis (CI has both).
 *
 * @module-tag slow
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../src/db/migrate.js';
import { uniqueEmail } from './support/accounts.js';
import { databaseUrl, uniqueDatabaseName } from './support/postgres-urls.js';
import { startApiProcess, type ServerProcess } from './support/api-process.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { testDriver } from './support/test-database.js';
import './support/provided.js';

const redisUrl = process.env.TEST_REDIS_URL;
const PASSWORD = 'correct horse battery';

/** A client address of its own per test run, passed as the proxy does; Redis keeps counts between runs. */
function freshAddress(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

function post(server: ServerProcess, url: string, body: object, address: string) {
  return fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
}

async function waitUntil(condition: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers one account per e-mail, alternating between the instances, each from its own address. */
async function registerAll(servers: ServerProcess[], emails: string[]) {
  const answers = await Promise.all(
    emails.map((email, i) =>
      post(
        servers[i % 2] as ServerProcess,
        '/api/user/register',
        { firstName: 'Amina', lastName: 'Benali', email, password: PASSWORD },
        freshAddress(),
      ),
    ),
  );
  return answers.map((a) => a.status);
}

describe.skipIf(testDriver !== 'postgres' || !redisUrl)(
  'two server processes, one database, one Redis',
  () => {
    let admin: pg.Client;
    let name: string;
    let db: pg.Client;
    let smtp: SmtpSink;
    let servers: ServerProcess[] = [];

    beforeAll(async () => {
      const { adminUrl } = inject('postgresTemplate') ?? {};
      if (!adminUrl) throw new Error('the PostgreSQL test project provides no server');
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // An empty database, not the migrated template: the two instances must create the tables themselves.
      name = uniqueDatabaseName('two_processes');
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = databaseUrl(adminUrl, name);
      smtp = await startSmtpSink();
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: url,
        REDIS_URL: redisUrl ?? '',
        SMTP_URL: smtp.url,
        JWT_SECRET: 'one secret shared by the instances, long enough to sign tokens',
        MFA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
        // Behind one proxy (compose.yaml): the X-Forwarded-For these requests carry is the client's address.
        TRUST_PROXY_HOPS: '1',
      };
      // Started together, so both reach the migrations at the same moment.
      servers = await Promise.all([startApiProcess(env), startApiProcess(env)]);
      db = new pg.Client({ connectionString: url });
      await db.connect();
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await db?.end();
      await smtp?.close();
      await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin?.end();
    });

    it('applies each migration once, whichever instance started first', async () => {
      const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
        entries: unknown[];
      };
      const applied = await db.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(new Set(applied.rows.map((r) => r.hash)).size).toBe(journal.entries.length);
      // Both answer from the schema they share.
      for (const server of servers) {
        expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      }
    });

    it('counts the failed logins of one address on both instances together', async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const server = servers[i % 2] as ServerProcess;
        const res = await post(
          server,
          '/api/user/login',
          { email: uniqueEmail(), password: 'wrong' },
          address,
        );
        statuses.push(res.status);
      }
      // 30 per address per 15 minutes: each instance alone saw only 15 or 16 of them.
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('checks at most 6 of 60 wrong passwords for one account sent at once to both instances', async () => {
      const email = uniqueEmail();
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          post(
            servers[i % 2] as ServerProcess,
            '/api/user/login',
            { email, password: `guess ${i}` },
            freshAddress(),
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      // The lockout counts each attempt in PostgreSQL before its password is checked (guess-limits.ts).
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(54);
    });

    it('sends each confirmation e-mail once, although both outboxes deliver', async () => {
      const emails = Array.from({ length: 8 }, () => uniqueEmail('twice'));
      expect(await registerAll(servers, emails)).toEqual(emails.map(() => 201));
      await expectEachDeliveredOnce(emails);
    });

    it('registers while the mail server is down, and delivers each e-mail once it is back', async () => {
      const { port } = smtp;
      await smtp.close();
      const emails = Array.from({ length: 4 }, () => uniqueEmail('smtp.down'));
      expect(await registerAll(servers, emails)).toEqual(emails.map(() => 201));
      await waitUntil(async () => {
        // Recorded as failed: the claim counts the attempt and holds a lease until the failure is written.
        const tried = await db.query(
          `SELECT 1 FROM outbox WHERE recipient = ANY($1) AND state = 'PENDING'
             AND last_error IS NOT NULL AND lease_until IS NULL`,
          [emails],
        );
        return tried.rowCount === emails.length;
      }, 'a failed first attempt at every e-mail');

      smtp = await startSmtpSink(port);
      // The retry's time comes (the back-off itself is tested in outbox.test.ts).
      await db.query(`UPDATE outbox SET next_attempt_at = now() WHERE recipient = ANY($1)`, [emails]);
      await expectEachDeliveredOnce(emails);
    });

    /** Every e-mail reaches the mail server exactly once, and the outbox records it as sent. */
    async function expectEachDeliveredOnce(emails: string[]) {
      const received = () => smtp.messages.filter((m) => emails.includes(m.envelopeTo[0] ?? ''));
      await waitUntil(() => received().length >= emails.length, 'the e-mails');
      await waitUntil(async () => {
        const pending = await db.query(`SELECT 1 FROM outbox WHERE recipient = ANY($1) AND state <> 'SENT'`, [
          emails,
        ]);
        return pending.rowCount === 0;
      }, 'the outbox to record every e-mail as sent');
      // Longer than a poll (5 s): either instance would have sent a message again by now, had it claimed one twice.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const recipients = received().map((m) => m.envelopeTo[0]);
      expect(recipients.sort()).toEqual([...emails].sort());
    }
  },
);
