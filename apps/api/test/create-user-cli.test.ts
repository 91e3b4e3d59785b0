/**
 * `npm run user:create`: production's first business and its owner, or a member of an existing one, created from a
 * terminal or a script, can log in at once. Runs the real command as a child process on an embedded database in a
 * temporary folder.
 *
 * @module-tag slow
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDataPath, openEmbedded } from '../src/db/database.js';
import { PASSWORD_TOO_COMMON } from '../src/modules/auth/password-strength.js';
import { verifyPassword } from '../src/modules/auth/passwords.js';
import { findUserByEmail } from '../src/modules/auth/users.repository.js';
import { organisationsOf } from '../src/modules/auth/account-organisations.repository.js';
import { testDriver } from './support/test-database.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-user-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function createUser(args: string[], stdin: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'apps/api/src/cli/create-user.ts', ...args],
    {
      cwd: root,
      input: stdin,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    },
  );
}

// The command's own database is embedded here; running it again in the PostgreSQL project would prove nothing more.
describe.skipIf(testDriver === 'postgres')('npm run user:create', () => {
  it('creates an organisation and its owner, then a member of it with the role asked, reading passwords from standard input', async () => {
    const run = createUser(
      ['--email', 'Chief@Example.com', '--organisation', 'Librairie Al-Nour'],
      'a long secret\n',
    );
    expect(run.stderr).toBe('');
    const created = /Created Chief@Example\.com \(id \d+\) with ROLE_SYSADMIN in organisation (\d+)/.exec(
      run.stdout,
    );
    const organisationId = created?.[1] ?? '';
    expect(organisationId).not.toBe('');

    const member = createUser(
      ['--email', 'clerk@example.com', '--organisation-id', organisationId, '--role', 'ROLE_MANAGER'],
      'a clerk secret\n',
    );
    expect(member.stderr).toBe('');
    expect(member.stdout).toMatch(`with ROLE_MANAGER in organisation ${organisationId}`);

    const refused = createUser(
      ['--email', 'chief@example.COM', '--organisation', 'Another'],
      'another secret\n',
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/Email already in use/);

    const tooShort = createUser(['--email', 'short@example.com', '--organisation', 'Short'], 'short\n');
    expect(tooShort.status).toBe(1);
    expect(tooShort.stderr).toMatch(/at least 8 characters/);

    const nowhere = createUser(
      ['--email', 'lost@example.com', '--organisation-id', '999'],
      'a long secret\n',
    );
    expect(nowhere.status).toBe(1);
    expect(nowhere.stderr).toMatch(/No organisation with ID 999/);

    const database = await openEmbedded({ dataDir: embeddedDataPath(dataDir) });
    try {
      const owner = await findUserByEmail(database.db, 'chief@example.com');
      expect(owner).toMatchObject({ roleName: 'ROLE_SYSADMIN', enabled: true, notLocked: true });
      expect(owner?.confirmedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(owner?.passwordHash, 'a long secret')).toBe(true);
      expect(await organisationsOf(database.db, owner?.id ?? 0)).toEqual([
        { id: Number(organisationId), name: 'Librairie Al-Nour', roleName: 'ROLE_SYSADMIN' },
      ]);
      const clerk = await findUserByEmail(database.db, 'clerk@example.com');
      expect(clerk).toMatchObject({ roleName: 'ROLE_MANAGER', organisationId: Number(organisationId) });
      // Nothing of the refused runs was written: no user, and no organisation of their own.
      expect(await findUserByEmail(database.db, 'short@example.com')).toBeUndefined();
      expect(await findUserByEmail(database.db, 'lost@example.com')).toBeUndefined();
    } finally {
      await database.close();
    }
    // Three runs of the command, each migrating its own embedded database: 36 s alone on a slow 2-core machine,
    // more than 60 s beside the rest of the suite there.
  }, 150_000);

  it('refuses a common password with the reason, and creates nothing', async () => {
    const common = createUser(['--email', 'common@example.com', '--organisation', 'Common'], 'password123\n');
    expect(common.status).toBe(1);
    expect(common.stderr.trim()).toBe(PASSWORD_TOO_COMMON);
    const database = await openEmbedded({ dataDir: embeddedDataPath(dataDir) });
    try {
      expect(await findUserByEmail(database.db, 'common@example.com')).toBeUndefined();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('explains its use when the e-mail, the organisation or the role is missing or wrong', () => {
    for (const args of [
      ['--organisation', 'Acme'],
      ['--email', 'a@example.com'],
      ['--email', 'a@example.com', '--organisation-id', '1', '--role', 'ROLE_KING'],
      ['--email', 'a@example.com', '--organisation', 'Acme', '--organisation-id', '1'],
    ]) {
      const run = createUser(args, '');
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^Usage: npm run user:create -- --email/);
    }
  });
});
