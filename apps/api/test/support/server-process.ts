/**
 * The server as its own operating-system process, started from the sources (a fresh clone has no build
 * while the unit tests run) the way `npm start` runs it: for the tests where processes, not just app
 * instances, matter (two instances sharing one database, a process killed mid-write).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** What the process printed, for a failure's message. */
  output: () => string;
  /** SIGTERM, then waits for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL: no shutdown, no chance to finish anything. */
  kill: () => Promise<void>;
};

/** Starts a server process with `env` on a free port and resolves once its health check answers 200. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      WEB_DIST_DIR: 'none',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      cleanUp();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
      cleanUp();
    },
  };
}
