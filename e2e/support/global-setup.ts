/**
 * Starts the product as a newcomer would (`npm start`, i.e. scripts/start.mjs) on a free port with
 * an empty temporary data folder, waits until /api/health answers, and stops it with SIGTERM after the run.
 * The benchmarks start it the same way.
 */
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../../scripts/server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type LocalServer = { baseUrl: string; dataDir: string; stop(): Promise<void> };

/**
 * `npm start` (scripts/start.mjs) on a free port with a fresh data folder, or with `dataDir` (kept: a server
 * started again on it finds its data); resolves once it is healthy.
 */
export function startLocalServer(env: Record<string, string> = {}, dataDir?: string): Promise<LocalServer> {
  return startServerProcess({
    args: ['scripts/start.mjs'],
    cwd: root,
    env: { LOG_LEVEL: 'warn', ...env },
    dataDir,
  });
}

export default async function globalSetup() {
  // Behind one proxy, as compose.yaml deploys it: a request's X-Forwarded-For is its client's address.
  const server = await startLocalServer({ TRUST_PROXY_HOPS: '1' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
