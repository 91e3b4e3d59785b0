/**
 * The API as its own operating-system process, started from the sources (a fresh clone has no build while the
 * unit tests run): for the tests where processes, not just app instances, matter (two instances sharing one
 * database, a process killed mid-write, a database restarted under it).
 */
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from '../../../../scripts/server-process.js';

export type { ServerProcess };

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export function startApiProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    args: ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
    cwd: apiDir,
    env: { NODE_ENV: 'test', WEB_DIST_DIR: 'none', LOG_LEVEL: 'warn', ...env },
    output: 'capture',
  });
}
