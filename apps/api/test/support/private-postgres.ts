/**
 * A PostgreSQL server of the test's own, from the machine's PostgreSQL programs (Debian's postgresql
 * package), in a temporary folder on a free port: a test may stop and restart it without disturbing the
 * server that the other tests share. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../scripts/server-process.js';

/** The newest PostgreSQL programs installed, or undefined when there are none. */
export function postgresPrograms(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:port/postgres */
  adminUrl: string;
  /** Stops the server (fast shutdown: open sessions are ended, as in a restart). */
  stop: () => void;
  start: () => void;
  /** Stops it for good and removes its folder. */
  destroy: () => void;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresPrograms();
  if (!bin) throw new Error('no PostgreSQL programs under /usr/lib/postgresql');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'private-postgres-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:', dir]);
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      { stdio: 'pipe' },
    );
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => {
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = () => {
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
