/**
 * The server as a process: one owner per embedded data folder, and a clean stop on SIGTERM.
 * Runs the built server directly (node apps/api/dist/main.js), as `npm start` does after building.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort, waitForHealth } from './support/global-setup';

const root = fileURLToPath(new URL('..', import.meta.url));

function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, exited, output: () => output };
}

test('a second server on the same data folder stops with a clear message; SIGTERM stops the first cleanly', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-owner-'));
  try {
    const firstPort = await freePort();
    const first = startServer(firstPort, dataDir);
    await waitForHealth(`http://127.0.0.1:${firstPort}`);

    const second = startServer(await freePort(), dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${dataDir} is already in use by another running server`,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
