/**
 * Delivers what the outbox holds: claims due messages under a lease, sends each one, records the outcome.
 * A message is never lost (it stays PENDING until sent, and a crashed sender's lease runs out) and, short
 * of a crash between sending and recording, never sent twice (SKIP LOCKED claims, one pass at a time here).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createEmailTransport } from './email-transport.js';
import { createOutboxCopies } from './outbox-copies.js';
import { claimDueMessages, markSent, recordFailure, type OutboxMessage } from './outbox.repository.js';
import { createSmsTransport } from './sms-transport.js';

export type OutboxDispatcher = {
  /** Starts polling (every few seconds) for due messages. */
  start(): void;
  /** Asks for an immediate pass (called right after a request's transaction commits). Never throws. */
  wake(): void;
  /** One pass: claims due messages, sends them, records the outcome. Resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for a pass in progress. */
  stop(): Promise<void>;
};

export type OutboxDispatcherDeps = {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** True when the database is the embedded PGlite: every message is then also kept as a file, outside production. */
  embedded: boolean;
  pollMilliseconds?: number;
};

/** Messages claimed per pass; they are sent side by side, so a pass lasts about one send's timeout. */
const BATCH_SIZE = 20;
/** Longer than the slowest send (SMTP socket timeout 30 s, Twilio 15 s) so no other process takes over. */
const LEASE_SECONDS = 120;
export const MAX_ATTEMPTS = 20;
/** How soon a message waiting for a transport (production without SMTP or SMS settings) is looked at again. */
const NO_TRANSPORT_RETRY_SECONDS = 600;

/** 30 s, 1 min, 2 min… up to 1 hour, shortened by up to 10% so failed messages do not all retry together. */
export function retryDelaySeconds(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30 * 2 ** (attempts - 1), 3600);
  return base * (1 - 0.1 * random());
}

type PassResult = { claimed: number; sent: number };
type Outcome = 'sent' | 'no-transport';

export function createOutboxDispatcher(deps: OutboxDispatcherDeps): OutboxDispatcher {
  const { db, config, log, embedded } = deps;
  const pollMilliseconds = deps.pollMilliseconds ?? 5_000;
  const transports = { EMAIL: createEmailTransport(config.mail), SMS: createSmsTransport(config.sms) };
  const copies = createOutboxCopies({ dataDir: config.dataDir, mailFrom: config.mail.from });

  /** Writes the file copy; outside production, also logs the message so its link or code can be used. */
  async function keepCopy(message: OutboxMessage) {
    const { file, created } = await copies.write(message);
    if (!created || config.isProduction) return;
    log.info(
      { outboxId: message.id, to: message.recipient, subject: message.subject, text: message.body, file },
      `outbox: ${message.channel === 'EMAIL' ? 'e-mail' : 'SMS'} to ${message.recipient}`,
    );
  }

  async function deliver(message: OutboxMessage): Promise<Outcome> {
    const channel = message.channel === 'EMAIL' ? 'EMAIL' : 'SMS';
    const hasTransport = transports[channel] !== undefined;
    // Outside production, a channel without transport is delivered by its copy and log line.
    const copyIsDelivery = !hasTransport && !config.isProduction;
    // Production keeps no copy, embedded or not: a file would keep the links and codes readable on the disk.
    if ((embedded && !config.isProduction) || copyIsDelivery) {
      try {
        await keepCopy(message);
      } catch (error) {
        if (copyIsDelivery) throw error;
        log.warn({ err: error, outboxId: message.id }, 'outbox: could not write the copy; sending anyway');
      }
    }
    if (channel === 'EMAIL' && transports.EMAIL) {
      const { attachmentName, attachment } = message;
      await transports.EMAIL.send({
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        attachment: attachmentName && attachment ? { name: attachmentName, content: attachment } : undefined,
      });
      return 'sent';
    }
    if (channel === 'SMS' && transports.SMS) {
      await transports.SMS.send({ to: message.recipient, text: message.body });
      return 'sent';
    }
    return copyIsDelivery ? 'sent' : 'no-transport';
  }

  async function recordSendFailure(message: OutboxMessage, error: unknown) {
    const reason = describeFailure(error);
    const context = { outboxId: message.id, channel: message.channel, attempts: message.attempts, reason };
    if (message.attempts >= MAX_ATTEMPTS) {
      await recordFailure(db, message, { error: reason, retryInSeconds: undefined });
      log.error(context, 'outbox: message given up after too many failed attempts (kept as FAILED)');
      return;
    }
    await recordFailure(db, message, { error: reason, retryInSeconds: retryDelaySeconds(message.attempts) });
    log.warn(context, 'outbox: sending failed; will retry');
  }

  /** Sends one claimed message and records what happened. Never rejects, so one message cannot stop the pass. */
  async function handle(message: OutboxMessage): Promise<boolean> {
    try {
      let outcome: Outcome;
      try {
        outcome = await deliver(message);
      } catch (error) {
        await recordSendFailure(message, error);
        return false;
      }
      if (outcome === 'sent') {
        await markSent(db, message.id);
        log.debug({ outboxId: message.id, channel: message.channel }, 'outbox: sent');
        return true;
      }
      const error = `no transport configured for ${message.channel}`;
      // Kept, not failed: it goes out once the transport is configured (and the server restarted).
      await recordFailure(db, message, {
        error,
        retryInSeconds: NO_TRANSPORT_RETRY_SECONDS,
        countAttempt: false,
      });
      log.warn({ outboxId: message.id, channel: message.channel }, `outbox: ${error}; message kept`);
      return false;
    } catch (error) {
      // The outcome could not be recorded (database gone): the lease runs out and the message is tried again.
      log.error({ err: error, outboxId: message.id }, 'outbox: could not record the outcome of a message');
      return false;
    }
  }

  async function pass(): Promise<PassResult> {
    const messages = await claimDueMessages(db, { limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS });
    const sent = await Promise.all(messages.map(handle));
    return { claimed: messages.length, sent: sent.filter(Boolean).length };
  }

  let stopped = false;
  let current: Promise<PassResult> | undefined;
  let queued: Promise<PassResult> | undefined;

  /**
   * One pass at a time. Asked for during a pass, one more pass follows it (shared by all who asked meanwhile),
   * because the pass under way may have claimed before the caller's message was committed.
   */
  function runPass(): Promise<PassResult> {
    if (!current) {
      current = pass().finally(() => {
        current = undefined;
      });
      return current;
    }
    queued ??= current
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return stopped ? { claimed: 0, sent: 0 } : runPass();
      });
    return queued;
  }

  let timer: NodeJS.Timeout | undefined;
  let polling = false;

  function schedule(delay: number) {
    if (timer) return; // already scheduled (stop() then start() during a pass)
    timer = setTimeout(() => void tick(), delay);
    // Polling alone never keeps the process alive; stop() is the orderly way out.
    timer.unref();
  }

  async function tick() {
    timer = undefined;
    let fullBatch = false;
    try {
      fullBatch = (await runPass()).claimed === BATCH_SIZE;
    } catch (error) {
      log.error({ err: error }, 'outbox: pass failed');
    }
    // A full batch suggests more are due: go on at once rather than after the poll interval.
    if (polling) schedule(fullBatch ? 0 : pollMilliseconds);
  }

  return {
    start() {
      if (polling) return;
      polling = true;
      stopped = false;
      schedule(0);
    },
    wake() {
      if (stopped) return;
      runPass().catch((error: unknown) => log.error({ err: error }, 'outbox: pass failed'));
    },
    async runOnce() {
      return (await runPass()).sent;
    },
    async stop() {
      polling = false;
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([current, queued]);
      transports.EMAIL?.close();
    },
  };
}

/** A short reason for last_error and the logs: the error's message and system code, credentials removed. */
function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `${message}${code}`.replace(/\/\/[^/\s@]*@/g, '//').slice(0, 300);
}
