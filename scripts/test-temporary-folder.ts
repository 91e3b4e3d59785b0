/**
 * One temporary folder for the whole test run, removed when the run ends: the tests, and the server processes
 * and command-line tools they start, make their temporary folders under it (through TMPDIR, which the test
 * workers and their child processes inherit), so no run leaves folders behind, even one stopped by a failure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup() {
  const previous = process.env.TMPDIR;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'coran-hadith-tests-'));
  // Other users must be able to pass through it, as /tmp lets them: the PostgreSQL server a test runs as the
  // postgres user keeps its data in a folder of its own below this one.
  fs.chmodSync(folder, 0o755);
  process.env.TMPDIR = folder;
  return () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
