/**
 * OVERDUE set by the server (decision 24): an invoice still PENDING the day after its due date, with a balance
 * due, becomes OVERDUE, with the change in its history. mark_overdue_invoices (drizzle/0018) does it for every
 * organisation at once and is safe to call from several instances together; each instance calls it when it
 * starts (FIRST_SWEEP_AFTER_MS after) and then an hour after each sweep, so a due date is acted on within the hour
 * after midnight UTC. The reminders due then are sent right after (invoice-reminders.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Queryable } from '../../db/database.js';
import { sql } from '../../db/orm.js';
import { today } from './invoice-life.service.js';
import { sendDueReminders } from './invoice-reminders.js';

export const OVERDUE_SWEEP_EVERY_MS = 60 * 60_000;
/**
 * The first sweep waits this long after the server is ready: reminders may make many PDFs (CPU-bound work), which
 * must not hold up the rest of start-up nor the first requests' database.
 */
export const FIRST_SWEEP_AFTER_MS = 5_000;

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
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const sweep = async () => {
    try {
      const marked = await markOverdueInvoices(database.db);
      if (marked > 0) log.info({ marked }, 'invoices marked overdue');
      const reminded = await sendDueReminders(database, { log, publicUrl });
      if (reminded > 0) log.info({ reminded }, 'reminders of overdue invoices sent');
    } catch (error) {
      // Tried again at the next sweep; an invoice only turns overdue a little later.
      log.error({ err: error }, 'overdue sweep failed');
    }
  };
  return {
    start() {
      const next = (delay: number) => {
        timer = setTimeout(() => {
          running = sweep().finally(() => {
            if (!stopped) next(OVERDUE_SWEEP_EVERY_MS);
          });
        }, delay);
        // The sweep alone never keeps the process alive.
        timer.unref();
      };
      next(FIRST_SWEEP_AFTER_MS);
    },
    /** Stops sweeping, once the sweep under way (if any) is done: the database it uses is closed next. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      clearTimeout(timer);
    },
  };
}
