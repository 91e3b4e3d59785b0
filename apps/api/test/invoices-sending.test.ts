/**
 * Invoices sent by e-mail (issue 24, decision 24): 'Send by e-mail' delivers the invoice's PDF, made on the
 * server, over real SMTP; the PDF prints names and addresses as written (text read back with pdftotext, the
 * Arabic checked in the text the PDF carries for it), and a link that opens the PDF without an account until it
 * expires; reminders of overdue invoices go once each, even with two
 * sweeps at once, up to the business's limit; every sending is in the invoice's history; who may send.
 */
import { addDays, type InvoiceData } from '@app/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachedPdf, pdfActualTexts, pdfText } from '../../../scripts/pdf-text.js';
import { sql } from '../src/db/orm.js';
import { sendDueReminders } from '../src/modules/customers/invoice-reminders.js';
import { markOverdueInvoices } from '../src/modules/customers/overdue-invoices.js';
import { call, newOrganisation, signedInUser } from './support/accounts.js';
import { as, createCustomer, invoiceBody, rows } from './support/customers.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CUSTOMER = {
  name: 'محمد بن علي',
  email: 'zoe.lefevre-dupre@exemple-societe.fr',
  address: '12 rue de l’Église, 69001 Lyon — Łódź',
};
const sweep = { log: pino({ level: 'silent' }), publicUrl: 'http://localhost:8080' };

let t: TestApp;
let sink: SmtpSink;
let owner: string;
let customerId: number;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  owner = (await signedInUser(t, 'ROLE_SYSADMIN')).tokens.access;
  customerId = (await createCustomer(t, owner, CUSTOMER)).id;
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const LINE = { description: 'Création du site — « À propos »', quantity: 1, unitPrice: 200 };

async function newInvoice(changes: Record<string, unknown> = {}): Promise<number> {
  const body = invoiceBody(customerId, { services: undefined, total: undefined, lines: [LINE], ...changes });
  const res = await as(t, owner)('POST', `/invoice/addtocustomer/${customerId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { invoice: { id: number } }).invoice.id;
}

/** The e-mails the sink received for the customer, once `count` of them arrived. */
async function emailsReceived(count: number) {
  await expect.poll(() => sink.messages.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return sink.messages;
}

describe('Send by e-mail', () => {
  it('sends the customer the invoice as a PDF that prints every name and address as written', async () => {
    const id = await newInvoice();
    const res = await as(t, owner)('POST', `/invoice/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as InvoiceData;
    expect(res.json().message).toBe(`Invoice sent to ${CUSTOMER.email}`);
    expect(data.invoice.history.at(-1)).toMatchObject({
      action: 'SENT',
      description: `Sent by e-mail to ${CUSTOMER.email}`,
    });

    const [email] = await emailsReceived(1);
    expect(email?.envelopeTo).toEqual([CUSTOMER.email]);
    expect(email?.headers.subject).toBe(`Invoice ${data.invoice.invoiceNumber} from ${data.company.name}`);
    expect(email?.raw).toContain(`filename=invoice-${data.invoice.invoiceNumber}.pdf`);
    const pdf = attachedPdf(email?.raw ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const written of [
      CUSTOMER.email,
      '12 rue de l’Église, 69001 Lyon — Łódź',
      'Création du site — « À propos »',
      `Invoice #: ${data.invoice.invoiceNumber}`,
      'TOTAL',
      '$210.80',
    ]) {
      expect(text).toContain(written);
    }
    expect(pdfActualTexts(pdf)).toContain(CUSTOMER.name);
  });

  it("links to the invoice's PDF, which opens without an account until the link expires", async () => {
    const id = await newInvoice();
    const before = sink.messages.length;
    expect((await as(t, owner)('POST', `/invoice/${id}/send`)).statusCode).toBe(200);
    const [email] = (await emailsReceived(before + 1)).slice(before);
    const text = email?.raw.replace(/=\r?\n/g, '') ?? '';
    const link = /http:\/\/localhost:8080(\/api\/invoice-copy\/[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
    expect(text).toMatch(/You can also open it online until [A-Z][a-z]{2} \d{1,2}, \d{4}: http/);

    const opened = await call(t, { method: 'GET', url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(pdfText(opened.rawPayload)).toContain(CUSTOMER.email);

    const unknown = await call(t, { method: 'GET', url: `/api/invoice-copy/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().reason).toBe('This link to an invoice does not exist or has expired');
    await rows(
      t,
      sql`UPDATE invoice_links SET expires_at = now() - interval '1 second' WHERE invoice_id = ${id}`,
    );
    expect((await call(t, { method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('refuses a cancelled invoice, and a user without the right to change customers', async () => {
    const cancelled = await newInvoice({ status: 'CANCELED' });
    const refused = await as(t, owner)('POST', `/invoice/${cancelled}/send`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().reason).toBe('A cancelled invoice is not sent: nothing is owed on it');

    const user = (await signedInUser(t, 'ROLE_USER')).tokens.access;
    const unsent = await newInvoice();
    expect((await as(t, user)('POST', `/invoice/${unsent}/send`)).statusCode).toBe(403);
    const [sent] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM invoice_events WHERE action = 'SENT' AND invoice_id IN (${cancelled}, ${unsent})`,
    );
    expect(sent?.n).toBe(0);
  });
});

describe('reminders of overdue invoices', () => {
  it('are off until the owner turns them on, then go once each, every N days, up to the limit', async () => {
    // A business of its own, and days after today: the app's own sweep (on today) has nothing of it to send.
    const organisationId = await newOrganisation(t, 'Reminding business');
    const ownerOfIt = (await signedInUser(t, 'ROLE_SYSADMIN', { organisationId })).tokens.access;
    const customer = (await createCustomer(t, ownerOfIt, CUSTOMER)).id;
    const date = addDays(new Date().toISOString().slice(0, 10), 10);
    const day = (afterDue: number) => addDays(date, 30 + afterDue);
    const created = await as(t, ownerOfIt)(
      'POST',
      `/invoice/addtocustomer/${customer}`,
      invoiceBody(customer, { services: undefined, total: undefined, date, lines: [LINE] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id, invoiceNumber } = (created.json().data as { invoice: { id: number; invoiceNumber: string } })
      .invoice;
    await markOverdueInvoices(t.database.db, day(1));
    expect(await sendDueReminders(t.database, sweep, day(30))).toBe(0);

    const saved = await call(t, {
      method: 'PUT',
      url: '/api/organisation/invoice-reminders',
      token: ownerOfIt,
      payload: { everyDays: 7, limit: 2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.reminders).toEqual({ everyDays: 7, limit: 2 });

    expect(await sendDueReminders(t.database, sweep, day(6))).toBe(0);
    // Two instances sweeping at once: one reminder.
    const together = await Promise.all([
      sendDueReminders(t.database, sweep, day(7)),
      sendDueReminders(t.database, sweep, day(7)),
    ]);
    expect(together[0] + together[1]).toBe(1);
    expect(await sendDueReminders(t.database, sweep, day(13))).toBe(0);
    expect(await sendDueReminders(t.database, sweep, day(14))).toBe(1);
    expect(await sendDueReminders(t.database, sweep, day(60))).toBe(0);

    const history = await rows<{ description: string }>(
      t,
      sql`SELECT description FROM invoice_events WHERE invoice_id = ${id} AND action = 'REMINDER_SENT' ORDER BY id`,
    );
    expect(history.map((entry) => entry.description)).toEqual([
      `Reminder 1 of 2 sent by e-mail to ${CUSTOMER.email}`,
      `Reminder 2 of 2 sent by e-mail to ${CUSTOMER.email}`,
    ]);
    const subject = `Reminder: invoice ${invoiceNumber} from Reminding business is overdue`;
    await expect
      .poll(() => sink.messages.filter((email) => email.headers.subject === subject).length, {
        timeout: 15_000,
      })
      .toBe(2);
    const reminder = sink.messages.find((email) => email.headers.subject === subject);
    // The text part as written, its quoted-printable soft line breaks joined.
    expect(reminder?.raw.replace(/=\r?\n/g, '')).toContain('If you have paid it already, thank you');
  });

  it('refuses settings out of range, and anyone but the owner', async () => {
    const put = (token: string, payload: object) =>
      call(t, { method: 'PUT', url: '/api/organisation/invoice-reminders', token, payload });
    const refused = await put(owner, { everyDays: 0, limit: 11 });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Days must be between 1 and 90');
    const admin = (await signedInUser(t, 'ROLE_ADMIN')).tokens.access;
    expect((await put(admin, { everyDays: 5, limit: 1 })).statusCode).toBe(403);
  });
});
