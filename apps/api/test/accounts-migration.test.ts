/**
 * A database from before issue 19's account security migrates with what it holds (drizzle/0013): the failed logins
 * and their locks keep counting, every open login becomes a session that goes on working, messages already sent lose
 * their text, and phones are written in E.164 where they can be.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, pgliteExtensions } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { hashSecret } from '../src/modules/auth/one-time-keys.js';
import { createTokenSigner } from '../src/modules/auth/tokens.js';
import { call, PASSWORD } from './support/accounts.js';
import { migrationsBefore } from './support/migrations-before.js';
import { sqlRows } from './support/auth-helpers.js';
import { createTestApp, testConfig, type TestApp } from './support/test-app.js';
import { testDriver } from './support/test-database.js';

const FIRST_WITH_ACCOUNT_SECURITY = '0013_account_security';

const OPEN_SESSION = '11111111-1111-4111-8111-111111111111';
const ENDED_SESSION = '22222222-2222-4222-8222-222222222222';

let t: TestApp;
let openRefreshToken: string;

describe.skipIf(testDriver === 'postgres')('a database from before account security', () => {
  beforeAll(async () => {
    const before = migrationsBefore(FIRST_WITH_ACCOUNT_SECURITY);
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await migrate(drizzle(client), { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    const hash = await hashPassword(PASSWORD);
    // A refresh token the server of before had given (same signing key as the test app's).
    const { auth } = testConfig();
    const signer = createTokenSigner(auth.jwtSecret ?? '', auth);
    openRefreshToken = await signer.signRefreshToken(1, OPEN_SESSION, new Date(Date.now() + 13 * 86_400_000));
    await client.exec(`
      INSERT INTO organisations (name) VALUES ('Old business');
      INSERT INTO users (first_name, last_name, email, password_hash, enabled, confirmed_at, phone) VALUES
        ('Maryam', 'Laurent', 'owner@old.example', '${hash}', true, now(), '06 12 34 56 78'),
        ('Yusuf', 'Martin', 'abroad@old.example', '${hash}', true, now(), '0044 20 7946 0958'),
        ('Nour', 'Haddad', 'odd@old.example', '${hash}', true, now(), 'call me maybe');
      INSERT INTO memberships (organisation_id, user_id, role_id) VALUES (1, 1, 4), (1, 2, 1), (1, 3, 1);
      UPDATE users SET current_organisation_id = 1;
      INSERT INTO login_failures (email_key, failures, locked_until) VALUES
        ('abroad@old.example', 0, now() + interval '10 minutes'), ('odd@old.example', 4, NULL);
      INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, used_at, revoked_at, created_at) VALUES
        (1, '${OPEN_SESSION}', 'h1', now() + interval '10 days', now() - interval '1 day', NULL, now() - interval '3 days'),
        (1, '${OPEN_SESSION}', '${hashSecret(openRefreshToken)}', now() + interval '13 days', NULL, NULL, now() - interval '1 day'),
        (2, '${ENDED_SESSION}', 'h3', now() + interval '10 days', NULL, now() - interval '1 hour', now() - interval '2 days');
      INSERT INTO outbox (channel, recipient, subject, body, state, sent_at) VALUES
        ('EMAIL', 'owner@old.example', 'Reset', 'https://example.org/user/verify/password/secret-key', 'SENT', now()),
        ('SMS', '+33612345678', NULL, 'code 123456', 'PENDING', NULL);`);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Opening it applies the rest of the migrations, as a start of the new version would.
    t = await createTestApp({ database: await openEmbedded({ loadDataDir: dump }) });
  }, 60_000);
  afterAll(() => t?.close());

  it('keeps counting the failed logins and their locks', async () => {
    const counts = await sqlRows<{ kind: string; subject: string; failures: number; locked: boolean }>(
      t,
      sql`SELECT kind, subject, failures, coalesce(locked_until > now(), false) AS locked FROM guess_counts ORDER BY subject`,
    );
    expect(counts).toEqual([
      { kind: 'LOGIN', subject: 'abroad@old.example', failures: 0, locked: true },
      { kind: 'LOGIN', subject: 'odd@old.example', failures: 4, locked: false },
    ]);
    const locked = await call(t, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'abroad@old.example', password: PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
  });

  it('turns every login into a session: an open one goes on, an ended one stays ended', async () => {
    const rows = await sqlRows<{ id: string; user_id: number; ended: boolean; days_left: number }>(
      t,
      sql`SELECT id::text, user_id::int, ended_at IS NOT NULL AS ended,
            round(extract(epoch FROM expires_at - now()) / 86400)::int AS days_left
          FROM sessions ORDER BY id`,
    );
    // 30 days from each login's start.
    expect(rows).toEqual([
      { id: OPEN_SESSION, user_id: 1, ended: false, days_left: 27 },
      { id: ENDED_SESSION, user_id: 2, ended: true, days_left: 28 },
    ]);
    const refreshed = await call(t, {
      method: 'GET',
      url: '/api/user/refresh/token',
      headers: { authorization: `Bearer ${openRefreshToken}` },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
  });

  it('forgets the text of messages already sent, and keeps what is still to send', async () => {
    const bodies = await sqlRows<{ state: string; body: string | null }>(
      t,
      sql`SELECT state, body FROM outbox ORDER BY id`,
    );
    expect(bodies).toEqual([
      { state: 'SENT', body: null },
      { state: 'PENDING', body: 'code 123456' },
    ]);
  });

  it('writes phones in E.164 where it can, and leaves the others for their owner to correct', async () => {
    const phones = await sqlRows<{ email: string; phone: string }>(
      t,
      sql`SELECT email, phone FROM users ORDER BY id`,
    );
    expect(phones).toEqual([
      { email: 'owner@old.example', phone: '+33612345678' },
      { email: 'abroad@old.example', phone: '+442079460958' },
      { email: 'odd@old.example', phone: 'call me maybe' },
    ]);
  });
});
