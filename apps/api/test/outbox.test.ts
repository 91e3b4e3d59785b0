/**
 * The outbox against real things: a migrated database (PGlite, or the PostgreSQL server), a real SMTP server
 * on 127.0.0.1 reached through nodemailer, and a fake Twilio over HTTP. Messages are enqueued in
 * transactions as the application does, and what reaches the servers, the table, the files and the logs is
 * checked: delivered once, kept and retried when a server is down, given up after 20 attempts, never lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectServer, type Database } from '../src/db/database.js';
import { asc, sql } from '../src/db/orm.js';
import { outbox } from '../src/db/schema.js';
import {
  createOutboxDispatcher,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  type OutboxDispatcher,
} from '../src/modules/outbox/outbox-dispatcher.js';
import { copyFileName } from '../src/modules/outbox/outbox-copies.js';
import { claimDueMessages, enqueueEmail, enqueueSms } from '../src/modules/outbox/outbox.repository.js';
import { startFakeTwilio, type FakeTwilio } from './support/fake-twilio.js';
import { freePort } from '../../../scripts/server-process.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { testConfig } from './support/test-app.js';
import { createTestDatabase, testDriver, type TestDatabase } from './support/test-database.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-test-'));
const outboxDir = path.join(dataDir, 'outbox');

const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: 'AC0123456789',
  TWILIO_AUTH_TOKEN: 'twilio-secret-token',
  TWILIO_FROM_NUMBER: '+15005550006',
};
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  MFA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  PUBLIC_URL: 'https://coran-hadith.example',
};

/** A link longer than a mail line, and accents: both must arrive intact. */
const confirmLink = `https://coran-hadith.example/account/confirm?token=${'a1B2c3D4'.repeat(10)}`;
const welcome = {
  to: 'amina@example.test',
  subject: 'Confirm your account',
  text: `Salam Amina,\n\nConfirmez votre adresse e-mail (valable 24 h) :\n${confirmLink}\n\nÀ bientôt !`,
};
const code = { to: '+33612345678', text: 'Votre code de connexion : 482913' };

let database: TestDatabase;
let db: Database;
const dispatchers: OutboxDispatcher[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  // Each test starts from an empty outbox, so a pass only sees that test's messages.
  await db.delete(outbox);
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A pino logger that keeps its lines, to check what was (and was not) logged. */
function recordingLogger() {
  const lines: string[] = [];
  const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
  return { log, lines };
}

function dispatcher(
  env: Record<string, string>,
  options: { embedded?: boolean; log?: ReturnType<typeof recordingLogger>['log']; db?: Database } = {},
) {
  const created = createOutboxDispatcher({
    db: options.db ?? db,
    config: testConfig({ DATA_DIR: dataDir, ...env }),
    log: options.log ?? recordingLogger().log,
    embedded: options.embedded ?? false,
  });
  dispatchers.push(created);
  return created;
}

async function smtpSink(port = 0): Promise<SmtpSink> {
  const sink = await startSmtpSink(port);
  closers.push(() => sink.close());
  return sink;
}

async function fakeTwilio(): Promise<FakeTwilio> {
  const twilio = await startFakeTwilio();
  closers.push(() => twilio.close());
  return twilio;
}

const rows = () => db.select().from(outbox).orderBy(asc(outbox.id));

async function onlyRow() {
  const [row, ...others] = await rows();
  expect(others).toEqual([]);
  if (!row) throw new Error('the outbox is empty');
  return row;
}

/** The e-mail and the SMS that a test enqueued, in that order. */
async function emailAndSms() {
  const [email, sms, ...others] = await rows();
  expect(others).toEqual([]);
  if (email?.channel !== 'EMAIL' || sms?.channel !== 'SMS') throw new Error('expected an e-mail then an SMS');
  return { email, sms };
}

/** Makes every pending message due now, as if its retry time had come. */
const makeDue = () => db.update(outbox).set({ nextAttemptAt: sql`now()` });

describe('delivering e-mails', () => {
  it('delivers an e-mail enqueued in a committed transaction once, and marks it SENT', async () => {
    const sink = await smtpSink();
    const outboxDispatcher = dispatcher({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Coran-Hadith <no-reply@example.test>',
    });
    await db.transaction((tx) => enqueueEmail(tx, welcome));

    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    const [received] = sink.messages;
    expect(received?.envelopeTo).toEqual([welcome.to]);
    expect(received?.envelopeFrom).toBe('no-reply@example.test');
    expect(received?.headers).toMatchObject({ to: welcome.to, subject: welcome.subject });
    expect(received?.headers['content-type']).toMatch(/^text\/plain/);
    expect(received?.text).toBe(welcome.text);

    const row = await onlyRow();
    expect(row).toMatchObject({
      channel: 'EMAIL',
      state: 'SENT',
      attempts: 1,
      leaseUntil: null,
      lastError: null,
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    // Nothing left to do: a second pass sends nothing again.
    expect(await outboxDispatcher.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(1);
  });

  it('never sends a message whose transaction rolled back', async () => {
    const sink = await smtpSink();
    const outboxDispatcher = dispatcher({ SMTP_URL: sink.url });
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, welcome);
        throw new Error('the request failed after enqueuing');
      }),
    ).rejects.toThrow('the request failed');

    expect(await outboxDispatcher.runOnce()).toBe(0);
    expect(await rows()).toEqual([]);
    expect(sink.messages).toEqual([]);
  });

  it('keeps the e-mail while the SMTP server is down and delivers it once the server is back', async () => {
    const port = await freePort();
    const outboxDispatcher = dispatcher({ SMTP_URL: `smtp://127.0.0.1:${port}` });

    // The request's side: the transaction commits and wake() returns, whatever the SMTP server does.
    await db.transaction((tx) => enqueueEmail(tx, welcome));
    expect(() => outboxDispatcher.wake()).not.toThrow();
    // Runs after the pass that wake() started, and finds nothing due.
    expect(await outboxDispatcher.runOnce()).toBe(0);

    const failed = await onlyRow();
    expect(failed).toMatchObject({ state: 'PENDING', attempts: 1, leaseUntil: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: the next pass leaves it alone.
    expect(await outboxDispatcher.runOnce()).toBe(0);

    const sink = await smtpSink(port);
    await makeDue();
    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(sink.messages.map((m) => m.text)).toEqual([welcome.text]);
    expect(await onlyRow()).toMatchObject({ state: 'SENT', attempts: 2, leaseUntil: null });
  });

  it('gives up after 20 failed attempts: the row is kept as FAILED and an error is logged', async () => {
    const { log, lines } = recordingLogger();
    const outboxDispatcher = dispatcher({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }, { log });
    await enqueueEmail(db, welcome);

    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await outboxDispatcher.runOnce()).toBe(0);
      await makeDue();
    }
    expect(await onlyRow()).toMatchObject({ state: 'PENDING', attempts: MAX_ATTEMPTS - 1 });
    expect(lines.some((line) => JSON.parse(line).level === 50)).toBe(false);

    expect(await outboxDispatcher.runOnce()).toBe(0);
    const given = await onlyRow();
    expect(given).toMatchObject({ state: 'FAILED', attempts: MAX_ATTEMPTS, leaseUntil: null });
    expect(given.lastError).toMatch(/ECONNREFUSED/);
    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
    expect(errors).toEqual([expect.objectContaining({ outboxId: given.id, attempts: MAX_ATTEMPTS })]);

    // FAILED is final: later passes do not pick it up again.
    await makeDue();
    expect(await outboxDispatcher.runOnce()).toBe(0);
    expect((await onlyRow()).attempts).toBe(MAX_ATTEMPTS);
  });

  it('backs off 30 s, then doubles each time, up to an hour, a little earlier at random', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4].map((n) => retryDelaySeconds(n, noJitter))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(8, noJitter)).toBe(3600);
    expect(retryDelaySeconds(20, noJitter)).toBe(3600);
    expect(retryDelaySeconds(1, () => 1)).toBe(27);
  });
});

describe('delivering SMS', () => {
  it('posts the SMS to Twilio’s Messages resource with basic auth and the form fields', async () => {
    const twilio = await fakeTwilio();
    const outboxDispatcher = dispatcher({ ...TWILIO_ENV, TWILIO_API_URL: twilio.url });
    await db.transaction((tx) => enqueueSms(tx, code));

    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(twilio.calls).toEqual([
      {
        method: 'POST',
        path: '/2010-04-01/Accounts/AC0123456789/Messages.json',
        basicAuth: 'AC0123456789:twilio-secret-token',
        contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
        form: { To: code.to, From: TWILIO_ENV.TWILIO_FROM_NUMBER, Body: code.text },
      },
    ]);
    expect(await onlyRow()).toMatchObject({ channel: 'SMS', state: 'SENT', attempts: 1 });
  });

  it('keeps an SMS that Twilio refused with a 500 and sends it on a later attempt', async () => {
    const twilio = await fakeTwilio();
    twilio.status = 500;
    const outboxDispatcher = dispatcher({ ...TWILIO_ENV, TWILIO_API_URL: twilio.url });
    await enqueueSms(db, code);

    expect(await outboxDispatcher.runOnce()).toBe(0);
    const failed = await onlyRow();
    expect(failed).toMatchObject({
      state: 'PENDING',
      attempts: 1,
      lastError: 'Twilio answered HTTP 500 (error 20500)',
    });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    twilio.status = 201;
    await makeDue();
    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(twilio.calls).toHaveLength(2);
    expect(await onlyRow()).toMatchObject({ state: 'SENT', attempts: 2 });
  });
});

describe('a pass with several messages', () => {
  it('goes on with the others when one message fails', async () => {
    const [sink, twilio] = await Promise.all([smtpSink(), fakeTwilio()]);
    twilio.status = 500;
    const outboxDispatcher = dispatcher({ ...TWILIO_ENV, TWILIO_API_URL: twilio.url, SMTP_URL: sink.url });
    await db.transaction(async (tx) => {
      await enqueueSms(tx, code);
      await enqueueEmail(tx, welcome);
    });

    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    const [sms, email] = await rows();
    expect(sms).toMatchObject({ channel: 'SMS', state: 'PENDING', attempts: 1 });
    expect(email).toMatchObject({ channel: 'EMAIL', state: 'SENT', attempts: 1 });
  });
});

describe('copies and logs', () => {
  const copyOf = (id: number, kind: 'email.eml' | 'sms.txt') =>
    fs.readFileSync(path.join(outboxDir, `${id}-${kind}`), 'utf8');

  it('in embedded mode writes each message to DATA_DIR/outbox and logs it outside production', async () => {
    const sink = await smtpSink();
    const { log, lines } = recordingLogger();
    // E-mail over SMTP and as a copy; SMS not configured, so its copy and log line are its delivery.
    const outboxDispatcher = dispatcher({ SMTP_URL: sink.url }, { embedded: true, log });
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, welcome);
      await enqueueSms(tx, code);
    });

    expect(await outboxDispatcher.runOnce()).toBe(2);
    expect(sink.messages).toHaveLength(1);
    const { email, sms } = await emailAndSms();
    expect([email.state, sms.state]).toEqual(['SENT', 'SENT']);

    const eml = copyOf(email.id, 'email.eml');
    expect(eml).toMatch(/^From: Coran-Hadith <no-reply@localhost>\n/);
    expect(eml).toContain(`\nTo: ${welcome.to}\nSubject: ${welcome.subject}\nDate: `);
    expect(eml).toContain(`\n\n${welcome.text}\n`);
    expect(copyOf(sms.id, 'sms.txt')).toMatch(new RegExp(`^To: \\${code.to}\nDate: .+\n\n${code.text}\n$`));

    const logged = lines.join('\n');
    expect(logged).toContain(confirmLink);
    expect(logged).toContain('482913');
  });

  it('outside embedded mode and production, a channel without transport is delivered by its copy', async () => {
    const { log, lines } = recordingLogger();
    const outboxDispatcher = dispatcher({}, { log });
    await enqueueEmail(db, welcome);

    expect(await outboxDispatcher.runOnce()).toBe(1);
    const row = await onlyRow();
    expect(row.state).toBe('SENT');
    expect(copyOf(row.id, 'email.eml')).toContain(confirmLink);
    expect(lines.join('\n')).toContain(confirmLink);
  });

  it('in production, embedded too, writes no copy, logs no body, and holds a message without transport', async () => {
    const sink = await smtpSink();
    const { log, lines } = recordingLogger();
    const outboxDispatcher = dispatcher({ ...PRODUCTION_ENV, SMTP_URL: sink.url }, { embedded: true, log });
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, welcome);
      await enqueueSms(tx, code);
    });

    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    const { email, sms } = await emailAndSms();
    expect(email.state).toBe('SENT');
    // A copy on the disk would keep the link and the code readable after the message has gone.
    expect(fs.existsSync(path.join(outboxDir, copyFileName(email)))).toBe(false);
    expect(fs.existsSync(path.join(outboxDir, copyFileName(sms)))).toBe(false);
    // Held, not dropped, and not brought closer to FAILED: it waits for SMS settings.
    expect(sms).toMatchObject({
      state: 'PENDING',
      attempts: 0,
      lastError: 'no transport configured for SMS',
    });
    expect(sms.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    const logged = lines.join('\n');
    expect(logged).toContain('no transport configured for SMS');
    for (const secret of [confirmLink, 'a1B2c3D4', '482913', 'Salam Amina']) {
      expect(logged).not.toContain(secret);
    }
  });
});

describe('claims and passes', () => {
  it('makes a claimed message due again once its lease has expired', async () => {
    const sink = await smtpSink();
    const outboxDispatcher = dispatcher({ SMTP_URL: sink.url });
    await enqueueEmail(db, welcome);

    // Another process claims it, then dies before sending.
    expect(await claimDueMessages(db, { limit: 20, leaseSeconds: 120 })).toHaveLength(1);
    expect(await outboxDispatcher.runOnce()).toBe(0);
    expect((await onlyRow()).leaseUntil?.getTime()).toBeGreaterThan(Date.now());

    await db.update(outbox).set({ leaseUntil: sql`now() - interval '1 second'` });
    expect(await outboxDispatcher.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(await onlyRow()).toMatchObject({ state: 'SENT', attempts: 2, leaseUntil: null });
  });

  it('polls once started, and delivers without being woken', async () => {
    const sink = await smtpSink();
    const outboxDispatcher = createOutboxDispatcher({
      db,
      config: testConfig({ DATA_DIR: dataDir, SMTP_URL: sink.url }),
      log: recordingLogger().log,
      embedded: false,
      pollMilliseconds: 50,
    });
    dispatchers.push(outboxDispatcher);
    outboxDispatcher.start();
    await enqueueEmail(db, welcome);

    await vi.waitFor(() => expect(sink.messages).toHaveLength(1), { timeout: 5_000, interval: 20 });
    await outboxDispatcher.stop();
    expect(await onlyRow()).toMatchObject({ state: 'SENT', attempts: 1 });
  });

  it('survives a database outage in wake() and in the poller, without an unhandled rejection', async () => {
    const unreachable = connectServer('postgres://app@127.0.0.1:1/app');
    closers.push(() => unreachable.close());
    const { log, lines } = recordingLogger();
    const outboxDispatcher = dispatcher({}, { db: unreachable.db, log });

    outboxDispatcher.start();
    outboxDispatcher.wake();
    await vi.waitFor(() => expect(lines.join('\n')).toContain('outbox: pass failed'), { timeout: 5_000 });
    await outboxDispatcher.stop();
    await expect(outboxDispatcher.runOnce()).rejects.toThrow();
  });

  it.skipIf(testDriver !== 'postgres')(
    'two processes, each with its own pool, deliver each of 30 messages exactly once',
    async () => {
      const sink = await smtpSink();
      if (!database.url) throw new Error('the PostgreSQL test database has no URL');
      const other = connectServer(database.url, { poolSize: 5 });
      closers.push(() => other.close());
      const first = dispatcher({ SMTP_URL: sink.url });
      const second = dispatcher({ SMTP_URL: sink.url }, { db: other.db });
      for (let n = 1; n <= 30; n++) {
        await enqueueEmail(db, { ...welcome, subject: `Message ${n}` });
      }

      let sent = 0;
      for (let round = 0; round < 5; round++) {
        const counts = await Promise.all([
          first.runOnce(),
          second.runOnce(),
          second.runOnce(),
          first.runOnce(),
        ]);
        sent += counts.reduce((a, b) => a + b, 0);
      }

      expect(sent).toBe(30);
      const subjects = sink.messages.map((m) => m.headers.subject);
      expect(subjects).toHaveLength(30);
      expect(new Set(subjects).size).toBe(30);
      const all = await rows();
      expect(all.every((row) => row.state === 'SENT' && row.attempts === 1)).toBe(true);
    },
  );
});
