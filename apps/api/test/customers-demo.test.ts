/**
 * The demo customers and invoices that seedDemoData adds on a fresh embedded database: about 50 customers
 * and 150 invoices over every type, status and the last 12 months, services strings the invoice screen can
 * read with totals equal to the sum of their rates, avatars that exist, and the same data every time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CreateCustomerSchema, CreateInvoiceSchema } from '@app/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { seedDemoData } from '../src/demo/seed-demo.js';
import { buildDemoCustomers } from '../src/demo/demo-customers.js';
import { rows } from './support/customers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');

type CustomerRow = {
  id: number;
  name: string;
  email: string;
  address: string;
  phone: string;
  type: string;
  status: string;
  image_url: string;
  created_at: Date;
};
type InvoiceRow = {
  customer_id: number;
  invoice_number: string;
  services: string;
  total: string;
  date: string;
  status: string;
  created_at: Date;
};

let t: TestApp;
let customers: CustomerRow[];
let invoices: InvoiceRow[];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, pino({ level: 'silent' }));
  customers = await rows<CustomerRow>(
    t,
    sql`SELECT id::int AS id, name, email, address, phone, type, status, image_url, created_at FROM customers ORDER BY id`,
  );
  invoices = await rows<InvoiceRow>(
    t,
    sql`SELECT customer_id::int AS customer_id, invoice_number, services, total::text AS total, date::text AS date,
        status, created_at FROM invoices ORDER BY id`,
  );
});
afterAll(() => t.close());

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((counts, v) => ({ ...counts, [v]: (counts[v] ?? 0) + 1 }), {});

describe('customers', () => {
  it('are about 50, of both types and every status, each valid for the create call', () => {
    expect(customers.length).toBeGreaterThanOrEqual(45);
    expect(customers.length).toBeLessThanOrEqual(60);
    expect(Object.keys(tally(customers.map((c) => c.type))).sort()).toEqual(['INDIVIDUAL', 'INSTITUTION']);
    expect(Object.keys(tally(customers.map((c) => c.status))).sort()).toEqual([
      'ACTIVE',
      'BANNED',
      'INACTIVE',
      'PENDING',
    ]);
    for (const c of customers) {
      const parsed = CreateCustomerSchema.safeParse({ ...c, imageUrl: c.image_url });
      expect(parsed.success, `${c.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(c.email).toMatch(/@example\.(com|org|net)$/);
    }
    expect(new Set(customers.map((c) => c.name)).size).toBe(customers.length);
    expect(customers.map((c) => c.name)).toContain('Élodie Lefèvre');
  });

  it('point to avatars the web app serves', () => {
    for (const url of new Set(customers.map((c) => c.image_url))) {
      expect(url).toMatch(/^\/assets\/avatars\/[a-z0-9-]+\.svg$/);
      expect(fs.existsSync(path.join(WEB_PUBLIC, url)), url).toBe(true);
    }
  });
});

describe('invoices', () => {
  it('are about 150, over the four statuses', () => {
    expect(invoices.length).toBeGreaterThanOrEqual(140);
    expect(invoices.length).toBeLessThanOrEqual(160);
    const statuses = tally(invoices.map((i) => i.status));
    expect(Object.keys(statuses).sort()).toEqual(['CANCELED', 'OVERDUE', 'PAID', 'PENDING']);
    for (const count of Object.values(statuses)) expect(count).toBeGreaterThanOrEqual(5);
  });

  it('are dated over the last 12 months, after their customer joined', () => {
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
    const joined = new Map(customers.map((c) => [c.id, new Date(c.created_at).toISOString().slice(0, 10)]));
    for (const invoice of invoices) {
      expect(invoice.date >= yearAgo && invoice.date <= today, invoice.date).toBe(true);
      expect(invoice.date >= (joined.get(invoice.customer_id) ?? ''), invoice.invoice_number).toBe(true);
    }
    // 364 days reach into 12 or 13 calendar months; a short month at either end may have none.
    expect(new Set(invoices.map((i) => i.date.slice(0, 7))).size).toBeGreaterThanOrEqual(11);
    expect(new Set(invoices.map((i) => i.customer_id)).size).toBeGreaterThanOrEqual(30);
  });

  it('have services "row word word rate" whose rates add up to the total', () => {
    for (const invoice of invoices) {
      const entries = invoice.services.split(',');
      let cents = 0;
      entries.forEach((entry, index) => {
        const words = entry.split(' ');
        expect(words, entry).toHaveLength(4);
        expect(words[0]).toBe(String(index + 1));
        expect(words[3]).toMatch(/^\d+(\.\d{1,2})?$/);
        cents += Math.round(Number(words[3]) * 100);
      });
      expect(Math.round(Number(invoice.total) * 100), invoice.services).toBe(cents);
      const parsed = CreateInvoiceSchema.safeParse({ ...invoice, customerId: invoice.customer_id });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it('have numbers from the database that grow with the date', () => {
    const numbers = invoices.map((i) => i.invoice_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^INV-\d{6}$/);
    const dates = invoices.map((i) => i.date);
    expect(dates).toEqual([...dates].sort());
  });
});

it('is the same data for the same day', () => {
  const now = new Date('2026-05-20T10:00:00Z');
  expect(buildDemoCustomers(now)).toEqual(buildDemoCustomers(new Date(now)));
  expect(buildDemoCustomers(now)).not.toEqual(buildDemoCustomers(new Date('2026-06-20T10:00:00Z')));
});
