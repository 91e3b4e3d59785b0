/**
 * PostgreSQL restarted while clients are using the service: during the outage every call answers 503 in
 * the envelope (never a 500, never a dropped connection), and once the database is back the same server
 * process answers again by itself. Uses a PostgreSQL server of its own, so the restart disturbs no other
 * test; runs with the PostgreSQL project, where PostgreSQL's programs are installed.
 *
 * @module-tag slow
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServer } from '../src/db/database.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { insertUser } from '../src/modules/auth/users.repository.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { postgresPrograms, startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';
import { startApiProcess, type ServerProcess } from './support/api-process.js';
import { testDriver } from './support/test-database.js';

const EMAIL = 'restart.admin@example.com';
const PASSWORD = 'correct horse battery';
const CLIENTS = 10;
const OUTAGE_MS = 3_000;

/** A call: when it was sent and answered, and the answer. */
type Answer = { at: number; end: number; status: number | 'no answer'; body: unknown };

describe.skipIf(testDriver !== 'postgres' || !postgresPrograms())('PostgreSQL restarted under load', () => {
  let postgres: PrivatePostgres;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    const url = postgres.adminUrl;
    server = await startApiProcess({ DATABASE_URL: url });
    const handle = await openServer(url, { poolSize: 1 });
    try {
      await insertUser(handle.db, {
        firstName: 'Restart',
        lastName: 'Admin',
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        organisationId: await insertOrganisation(handle.db, 'Restart business'),
        roleName: 'ROLE_ADMIN',
        confirmed: true,
      });
    } finally {
      await handle.close();
    }
    const res = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    token = ((await res.json()) as { data: { access_token: string } }).data.access_token;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    postgres?.destroy();
  });

  it('answers 503 in the envelope during the outage and recovers by itself', async () => {
    const answers: Answer[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        const at = Date.now();
        try {
          const res = await fetch(`${server.baseUrl}/api/customer/list`, {
            headers: { authorization: `Bearer ${token}` },
          });
          answers.push({ at, status: res.status, body: await res.json(), end: Date.now() });
        } catch (error) {
          answers.push({ at, status: 'no answer', body: String(error), end: Date.now() });
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stoppedAt = Date.now();
    postgres.stop();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    postgres.start();
    const restartedAt = Date.now();
    // Load goes on until the service has answered 200 for a while after the restart.
    const deadline = restartedAt + 30_000;
    while (Date.now() < deadline) {
      const recent = answers.filter((a) => a.at > Date.now() - 1_000);
      if (recent.length > 20 && recent.every((a) => a.status === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    running = false;
    await Promise.all(clients);
    // A server that died says why (its log), rather than leaving only the clients' refused connections.
    expect(server.child.exitCode, server.output()).toBeNull();

    // A call in flight when the stop came may go either way; those wholly before or within the outage may not.
    const before = answers.filter((a) => a.end < stoppedAt);
    const during = answers.filter((a) => a.at > stoppedAt + 200 && a.end < restartedAt);
    const after = answers.filter((a) => a.at > restartedAt);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((a) => a.status === 200)).toBe(true);

    // Nothing but 200 (a request that got through before the stop) or 503 in the envelope.
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const unavailable = during.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect(a.body).toMatchObject({ statusCode: 503, status: 'SERVICE_UNAVAILABLE' });
    }

    // The same process answers again, with no restart of its own.
    const lastFailure = Math.max(...answers.filter((a) => a.status !== 200).map((a) => a.at));
    const recovered = after.filter((a) => a.at > lastFailure);
    expect(recovered.length).toBeGreaterThan(20);
    expect(server.child.exitCode).toBeNull();
    console.log(
      `${before.length} answers before the stop, ${unavailable.length} × 503 during the ${OUTAGE_MS} ms outage; ` +
        `the last failed call was sent ${restartedAt - lastFailure} ms before PostgreSQL reported itself ready, ` +
        `${recovered.length} answers of 200 since`,
    );
    // 1 s of load, the outage, then up to 30 s for the service to answer 200 again: the default 30 s for a test
    // would cut that wait short on a busy machine and hide what the assertions above would say.
  }, 60_000);
});
