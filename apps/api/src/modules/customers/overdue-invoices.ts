/**
 * OVERDUE set by the server (decision 24): an invoice still PENDING the day after its due date, with a balance
 * due, becomes OVERDUE, with the change in its history. mark_overdue_invoices (drizzle/0018) does it for every
 * organisation at once and is safe to call from several instances together; each instance calls it when it
 * starts and then about every hour, so a due date is acted on within the hour after midnight UTC. The reminders
 * due then are sent right after (invoice-reminders.ts); at start, a few seconds later (FIRST_REMINDERS_AFTER_MS).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/database.js';
import { sql } from '../../db/orm.js';
import { today } from './invoice-life.service.js';
import { sendDueReminders } from './invoice-reminders.js';

export const OVERDUE_SWEEP_EVERY_MS = 60 * 60_000;
/**
 * The first reminders wait this long after the server is ready: they may make many PDFs (CPU-bound work), which
 * must not hold up the rest of start-up nor the first requests' database.
 */
export const FIRST_REMINDERS_AFTER_MS = 5_000;

/** Marks the invoices overdue on `day` (YYYY-MM-DD); gives how many changed. */
export async function markOverdueInvoices(db: Queryable, day = today()): Promise<number> {
  const [row] = await db
    .select({ marked: sql<number>`mark_overdue_invoices(${day}::date)` })
    .from(sql`(VALUES (1)) AS once`);
  return Number(row?.marked ?? 0);
}

export function createOverdueSweep(
  database: Pick<DatabaseHandle, 'db' | 'organisation'>,
  { log, publicUrl }: { log: FastifyBaseLogger; publicUrl: string },
) {
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;
  const mark = async () => {
    const marked = await markOverdueInvoices(database.db);
    if (marked > 0) log.info({ marked }, 'invoices marked overdue');
  };
  const remind = async () => {
    const reminded = await sendDueReminders(database, { log, publicUrl });
    if (reminded > 0) log.info({ reminded }, 'reminders of overdue invoices sent');
  };
  /** One step of the sweep; a failure is tried again at the next sweep (an invoice turns overdue a little later). */
  const step = (work: () => Promise<void>) =>
    work().catch((error: unknown) => log.error({ err: error }, 'overdue sweep failed'));
  return {
    start() {
      // Marking is one statement, done as the server starts; the reminders (PDFs, CPU-bound) come a little later.
      running = step(mark);
      timers.push(
        setTimeout(() => (running = step(remind)), FIRST_REMINDERS_AFTER_MS),
        setInterval(() => (running = step(mark).then(() => step(remind))), OVERDUE_SWEEP_EVERY_MS),
      );
      // The sweep alone never keeps the process alive.
      for (const timer of timers) timer.unref();
    },
    /** Stops sweeping, once the sweep under way (if any) is done: the database it uses is closed next. */
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await running;
    },
  };
}
