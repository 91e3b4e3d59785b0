/**
 * The server as a process: one owner per embedded data folder, and a clean stop on SIGTERM.
 * Runs the built server directly (node apps/api/dist/main.js), as `npm start` does after building.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startServerProcess } from '../scripts/server-process';

const root = fileURLToPath(new URL('..', import.meta.url));

test('a second server on the same data folder stops with a clear message; SIGTERM stops the first cleanly', async () => {
  // Two servers started and stopped: 23–30 s measured on a busy 2-core machine.
  test.slow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-owner-'));
  const start = () =>
    startServerProcess({
      args: ['apps/api/dist/main.js'],
      cwd: root,
      dataDir,
      env: { LOG_LEVEL: 'warn' },
      output: 'capture',
    });
  try {
    const first = await start();
    const refused = await start().then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain('exited with code 1 before answering');
    expect(refused).toContain(`The data folder ${dataDir} is already in use by another running server`);

    await first.stop();
    expect(first.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
