/**
 * Starts the product as a newcomer would (`npm start`, i.e. scripts/start.mjs) on a free port with
 * an empty temporary data folder, waits until /api/health answers, and stops it with SIGTERM after the run.
 * The benchmarks start it the same way.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server at ${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

export type LocalServer = { baseUrl: string; dataDir: string; stop(): Promise<void> };

/** `npm start` (scripts/start.mjs) on a free port with a fresh data folder; resolves once it is healthy. */
export async function startLocalServer(env: Record<string, string> = {}): Promise<LocalServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-server-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The address the browser uses, as in a deployment: the server builds links and profile-picture
      // addresses from it, and the page may show pictures only from its own origin (CSP img-src 'self';
      // its default, http://localhost:PORT, is another origin than http://127.0.0.1:PORT).
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
  await Promise.race([
    waitForHealth(baseUrl),
    exited.then((code) => {
      throw new Error(`npm start exited with code ${code} before answering`);
    }),
  ]);
  return {
    baseUrl,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function globalSetup() {
  const server = await startLocalServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
