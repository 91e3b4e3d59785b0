/**
 * An invoice's life (issue 24, decision 24): lines from which the server computes the total, payments and
 * refunds, cancelling with a reason, OVERDUE set by the server, who may do each, and the history of every change.
 */
import type { InvoiceData, InvoiceDetail, Stats } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { markOverdueInvoices } from '../src/modules/customers/overdue-invoices.js';
import { newOrganisation, signedInUser } from './support/accounts.js';
import { as, countRows, createCustomer, invoiceBody, rows } from './support/customers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let manager: Awaited<ReturnType<typeof signedInUser>>;
let plainUser: Awaited<ReturnType<typeof signedInUser>>;
let api: ReturnType<typeof as>;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  // ROLE_MANAGER holds UPDATE:CUSTOMER (payments, refunds, cancelling) but not CREATE:CUSTOMER.
  const admin = await signedInUser(t, 'ROLE_ADMIN');
  manager = await signedInUser(t, 'ROLE_MANAGER');
  plainUser = await signedInUser(t, 'ROLE_USER');
  api = as(t, admin.tokens.access);
  customerId = (await createCustomer(t, admin.tokens.access)).id;
});
afterAll(() => t.close());

/** Creates an invoice and gives it as its page shows it. */
async function newInvoice(changes: Record<string, unknown> = {}): Promise<InvoiceDetail> {
  const res = await api('POST', `/invoice/addtocustomer/${customerId}`, invoiceBody(customerId, changes));
  expect(res.statusCode, res.body).toBe(200);
  const [newest] = await rows<{ id: number }>(t, sql`SELECT max(id)::int AS id FROM invoices`);
  return invoice(newest?.id ?? 0);
}

async function invoice(id: number): Promise<InvoiceDetail> {
  const res = await api('GET', `/invoice/get/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as InvoiceData).invoice;
}

const payment = (amount: number, changes: Record<string, unknown> = {}) => ({
  date: '2026-04-02',
  amount,
  method: 'BANK_TRANSFER',
  note: '',
  ...changes,
});

const THREE_LINES = [
  { description: 'Site design', quantity: 1, unitPrice: 1200 },
  { description: 'Hosting (months)', quantity: 12, unitPrice: 15.5 },
  { description: 'Training hours', quantity: 2.5, unitPrice: 80 },
];

describe('lines', () => {
  it('computes the total from the lines and writes the services text from them', async () => {
    const created = await newInvoice({ services: undefined, total: undefined, lines: THREE_LINES });
    expect(created.lines).toEqual([
      { position: 1, description: 'Site design', quantity: 1, unitPrice: 1200, amount: 1200 },
      { position: 2, description: 'Hosting (months)', quantity: 12, unitPrice: 15.5, amount: 186 },
      { position: 3, description: 'Training hours', quantity: 2.5, unitPrice: 80, amount: 200 },
    ]);
    expect(created.total).toBe(1586);
    expect(created.services).toBe('1 Site design 1200,2 Hosting (months) 186,3 Training hours 200');
    // The total and its 5.4% tax, as the printable invoice's TOTAL.
    expect(created).toMatchObject({ amountDue: 1671.64, amountPaid: 0, balanceDue: 1671.64 });
    expect(created.dueDate).toBe('2026-04-14');
  });

  it("refuses a total that is not the lines' sum, and a seed-style text whose amounts do not add up", async () => {
    const before = await countRows(t, 'invoices');
    const wrongTotal = await api(
      'POST',
      `/invoice/addtocustomer/${customerId}`,
      invoiceBody(customerId, { services: undefined, total: 1500, lines: THREE_LINES }),
    );
    expect(wrongTotal.statusCode).toBe(400);
    expect(wrongTotal.json().reason).toBe('The total ($1,500.00) is not the sum of the lines ($1,586.00)');

    const notAddingUp = await api(
      'POST',
      `/invoice/addtocustomer/${customerId}`,
      invoiceBody(customerId, { services: '1 Web Design 200,2 SEO Work 50', total: 300 }),
    );
    expect(notAddingUp.statusCode).toBe(400);
    expect(notAddingUp.json().reason).toBe('The services add up to $250.00 but the total is $300.00');
    expect(await countRows(t, 'invoices')).toBe(before);
  });

  it('reads a seed-style invoice as lines: one per entry, or the whole text without amounts at the total', async () => {
    const entries = await newInvoice();
    expect(entries.lines.map((line) => [line.description, line.amount])).toEqual([
      ['Web Design', 200],
      ['SEO Work', 100],
    ]);
    const text = await newInvoice({ services: 'Conseil, audit et suivi', total: 450 });
    expect(text.lines).toEqual([
      { position: 1, description: 'Conseil, audit et suivi', quantity: 1, unitPrice: 450, amount: 450 },
    ]);
    expect(text.services).toBe('Conseil, audit et suivi');
  });
});

describe('payments and refunds', () => {
  it('takes a partial then a final payment, PAID at a zero balance, each in the history with who made it', async () => {
    // Dated today: due in 30 days, so PENDING until paid.
    const created = await newInvoice({ date: new Date().toISOString().slice(0, 10) }); // 300 + 16.20 tax
    const first = await as(t, manager.tokens.access)(
      'POST',
      `/invoice/${created.id}/payments`,
      payment(100, { note: 'Deposit' }),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Payment recorded');
    const partial = (first.json().data as InvoiceData).invoice;
    expect(partial).toMatchObject({ status: 'PENDING', amountPaid: 100, balanceDue: 216.2 });

    const tooMuch = await api('POST', `/invoice/${created.id}/payments`, payment(216.21));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().reason).toBe('The payment is more than the balance due ($216.20)');

    const final = await api('POST', `/invoice/${created.id}/payments`, payment(216.2, { method: 'CARD' }));
    expect(final.statusCode, final.body).toBe(200);
    const paid = (final.json().data as InvoiceData).invoice;
    expect(paid).toMatchObject({ status: 'PAID', amountPaid: 316.2, balanceDue: 0 });
    expect(paid.payments.map((p) => [p.kind, p.amount, p.method, p.note])).toEqual([
      ['PAYMENT', 100, 'BANK_TRANSFER', 'Deposit'],
      ['PAYMENT', 216.2, 'CARD', ''],
    ]);
    expect(paid.history.map((e) => [e.action, e.actor?.name ?? null, e.description])).toEqual([
      ['CREATED', expect.any(String), 'Created as PENDING, $316.20 due with the tax'],
      ['PAYMENT_RECORDED', 'Test ROLE_MANAGER', 'Payment of $100.00 by bank transfer on 2026-04-02: Deposit'],
      ['PAYMENT_RECORDED', expect.any(String), 'Payment of $216.20 by card on 2026-04-02'],
      ['STATUS_CHANGED', expect.any(String), 'PENDING → PAID, balance due $0.00'],
    ]);

    const afterPaid = await api('POST', `/invoice/${created.id}/payments`, payment(1));
    expect(afterPaid.statusCode).toBe(409);
    expect(afterPaid.json().reason).toBe('This invoice is paid in full');
  });

  it('refunds at most what was received, which reopens a paid invoice', async () => {
    const created = await newInvoice({ status: 'PAID' });
    expect(created).toMatchObject({ status: 'PAID', amountPaid: 316.2, balanceDue: 0 });
    expect(created.payments).toMatchObject([{ kind: 'PAYMENT', amount: 316.2, date: '2026-03-15' }]);

    const tooMuch = await api('POST', `/invoice/${created.id}/refunds`, payment(316.21));
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().reason).toBe('The refund is more than what was received ($316.20)');
    const refund = await api('POST', `/invoice/${created.id}/refunds`, payment(16.2, { method: 'CASH' }));
    expect(refund.statusCode, refund.body).toBe(200);
    // Due 2026-04-14: past it on any day this test runs, so reopened as OVERDUE.
    expect((refund.json().data as InvoiceData).invoice).toMatchObject({
      status: 'OVERDUE',
      amountPaid: 300,
      balanceDue: 16.2,
    });
  });

  it('records a payment sent twice with one Idempotency-Key once', async () => {
    const created = await newInvoice();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/customer/invoice/${created.id}/payments`,
        headers: { authorization: `Bearer ${manager.tokens.access}`, 'idempotency-key': `pay-${created.id}` },
        payload: payment(50),
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await invoice(created.id)).payments).toHaveLength(1);
  });

  it('refuses a bad payment in the envelope, naming the field, and writes nothing', async () => {
    const created = await newInvoice();
    for (const [body, reason] of [
      [payment(0), 'Total must be greater than 0'],
      [payment(10, { method: 'BITCOIN' }), 'Method must be one of'],
      [payment(10, { date: '2026-02-30' }), 'Date must be a real calendar date'],
    ] as const) {
      const res = await api('POST', `/invoice/${created.id}/payments`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toContain(reason);
    }
    expect((await invoice(created.id)).payments).toEqual([]);
  });
});

describe('cancelling', () => {
  it('cancels with a reason, keeps the number, takes no payment after, and leaves Total Billed', async () => {
    const stats = async () => {
      const res = await api('GET', '/list');
      return (res.json().data as { stats: Stats }).stats;
    };
    const created = await newInvoice();
    const before = await stats();
    const noReason = await api('POST', `/invoice/${created.id}/cancel`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().reason).toContain('Reason is required');

    const cancelled = await as(t, manager.tokens.access)('POST', `/invoice/${created.id}/cancel`, {
      reason: 'Ordered twice',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = (cancelled.json().data as InvoiceData).invoice;
    expect(after).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'Ordered twice',
      invoiceNumber: created.invoiceNumber,
      balanceDue: 0,
    });
    expect(after.history.at(-1)).toMatchObject({
      action: 'CANCELED',
      description: 'Cancelled: Ordered twice',
    });
    expect(await stats()).toMatchObject({
      totalInvoices: before.totalInvoices,
      totalBilled: Math.round((before.totalBilled - 300) * 100) / 100,
    });

    const paymentAfter = await api('POST', `/invoice/${created.id}/payments`, payment(10));
    expect(paymentAfter.statusCode).toBe(409);
    expect(paymentAfter.json().reason).toBe('A cancelled invoice takes no payment');
  });

  it('refuses to cancel a paid invoice until its payments are refunded', async () => {
    const created = await newInvoice({ status: 'PAID' });
    const refused = await api('POST', `/invoice/${created.id}/cancel`, { reason: 'Client left' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('A paid invoice cannot be cancelled: refund its payments first');
    await api('POST', `/invoice/${created.id}/refunds`, payment(300));
    const partlyPaid = await api('POST', `/invoice/${created.id}/cancel`, { reason: 'Client left' });
    expect(partlyPaid.statusCode).toBe(409);
    expect(partlyPaid.json().reason).toBe(
      '$16.20 was received for this invoice: refund it before cancelling',
    );
    await api('POST', `/invoice/${created.id}/refunds`, payment(16.2));
    expect((await api('POST', `/invoice/${created.id}/cancel`, { reason: 'Client left' })).statusCode).toBe(
      200,
    );
  });
});

describe('who may', () => {
  it('refuses payments, refunds and cancelling to ROLE_USER, and writes nothing', async () => {
    const created = await newInvoice();
    const user = as(t, plainUser.tokens.access);
    for (const [path, body] of [
      ['payments', payment(10)],
      ['refunds', payment(10)],
      ['cancel', { reason: 'No' }],
    ] as const) {
      const res = await user('POST', `/invoice/${created.id}/${path}`, body);
      expect(res.statusCode).toBe(403);
    }
    const unchanged = await invoice(created.id);
    expect(unchanged).toMatchObject({ status: 'PENDING', amountPaid: 0, payments: [] });
    expect(unchanged.history).toHaveLength(1);
  });

  it("keeps an invoice's lines, payments and history from another business's connections", async () => {
    const created = await newInvoice({ status: 'PAID' });
    const stranger = t.database.organisation(await newOrganisation(t)).db;
    for (const table of ['invoice_lines', 'invoice_payments', 'invoice_events']) {
      const seen = await stranger
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`${sql.identifier(table)}`)
        .where(sql`invoice_id = ${created.id}`);
      expect(seen, table).toEqual([{ n: 0 }]);
    }
    // The owner sees them: the rows are there.
    const [stored] = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM invoice_events WHERE invoice_id = ${created.id}`,
    );
    expect(stored?.n).toBe(1);
  });

  it("answers 404 for another business's invoice and changes nothing", async () => {
    const created = await newInvoice();
    const stranger = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId: await newOrganisation(t) });
    const res = await as(t, stranger.tokens.access)('POST', `/invoice/${created.id}/payments`, payment(10));
    expect(res.statusCode).toBe(404);
    expect((await invoice(created.id)).payments).toEqual([]);
  });
});

describe('OVERDUE', () => {
  it('is set by the server the day after the due date with a balance due, once, with the change in the history', async () => {
    const pending = await newInvoice({ date: '2026-01-10' }); // due 2026-02-09
    const paid = await newInvoice({ date: '2026-01-10', status: 'PAID' });
    const notYet = await newInvoice({ date: '2026-01-20' }); // due 2026-02-19

    // Two instances sweeping on the same day: each invoice is changed and written once.
    const marked = await Promise.all([
      markOverdueInvoices(t.database.db, '2026-02-10'),
      markOverdueInvoices(t.database.db, '2026-02-10'),
    ]);
    expect(marked[0] + marked[1]).toBe(1);
    const overdue = await invoice(pending.id);
    expect(overdue.status).toBe('OVERDUE');
    expect(overdue.history.filter((e) => e.action === 'STATUS_CHANGED')).toEqual([
      expect.objectContaining({
        actor: null,
        description: 'Overdue: the due date passed with a balance due',
      }),
    ]);
    expect((await invoice(paid.id)).status).toBe('PAID');
    expect((await invoice(notYet.id)).status).toBe('PENDING');
    expect(await markOverdueInvoices(t.database.db, '2026-02-10')).toBe(0);
  });
});
