/**
 * The migrations folder as it was before a given migration: its SQL files and journal entries up to the one
 * before `firstLeftOut`, in a temporary folder the caller removes. A test builds an old database with it, fills
 * it as the old version would have, then opens it with every migration, as a start of the new version would.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../../src/db/migrate.js';

export function migrationsBefore(firstLeftOut: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === firstLeftOut);
  if (cut < 0) throw new Error(`no migration ${firstLeftOut}`);
  for (const entry of journal.entries.slice(cut)) fs.rmSync(path.join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}
