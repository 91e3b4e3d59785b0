/**
 * One process owns an embedded database folder. PGlite has no lock of its own, and two processes
 * writing one folder corrupt it, so the owner writes its pid to a lock file created exclusively.
 * A lock left by a process that no longer runs (a crash, SIGKILL) is taken over. As PostgreSQL does
 * with postmaster.pid, a lock naming our own pid is stale (a container restarted with the same pid):
 * folders this process really holds are remembered in memory instead.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is already in use by another running server (pid ${pid}). ` +
        'Stop that server, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldByThisProcess = new Set<string>();

/** Takes the lock or throws DataDirLockedError. Returns the function that releases it. */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'server.lock');
  if (heldByThisProcess.has(lockFile)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldByThisProcess.add(lockFile);
      return () => {
        heldByThisProcess.delete(lockFile);
        if (fs.existsSync(lockFile) && fs.readFileSync(lockFile, 'utf8') === String(process.pid)) {
          fs.rmSync(lockFile);
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(dir, owner);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dir}`);
}
