import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('gives the folder to one owner and frees it on release', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses the folder while another running process holds it', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    // The parent of this test process is alive for the whole test.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that has exited', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    const exited = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    fs.writeFileSync(path.join(dir, 'server.lock'), String(exited));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock naming its own pid, left by an earlier run (a restarted container)', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });
});
