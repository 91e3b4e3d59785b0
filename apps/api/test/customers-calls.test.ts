/**
 * The /api/customer calls of REFERENCE §1 one by one: the answer, its message and the caller as `user`,
 * what is stored, the 404s of unknown ids, and the invoice numbers the database hands out.
 */
import { companyNamed } from '@app/contracts';
import type {
  Customer,
  CustomerOption,
  Invoice,
  InvoiceData,
  InvoiceWithCustomer,
  Page,
  Stats,
  User,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { businessDb, newOrganisation, signedInUser } from './support/accounts.js';
import {
  addInvoice,
  as,
  countRows,
  createCustomer,
  customerBody,
  invoiceBody,
  rows,
} from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type CustomerWithInvoices = Customer & { invoices: Invoice[] };

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let api: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'ROLE_ADMIN');
  api = as(t, admin.tokens.access);
});
afterAll(() => t.close());

/** Every answer carries the caller, as the account calls send it: never the password. */
function expectCaller(user: User) {
  expect(user).toMatchObject({ id: admin.id, email: admin.email, roleName: 'ROLE_ADMIN' });
  expect(user.permissions).toContain('CREATE:CUSTOMER');
  expect(user).not.toHaveProperty('password');
  expect(user).not.toHaveProperty('passwordHash');
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('POST /api/customer/create', () => {
  it('answers 201 "Customer created" with the stored customer, trimmed, and no invoices yet', async () => {
    const body = customerBody({ name: '  Élodie Lefèvre ', type: 'INSTITUTION', status: 'PENDING' });
    const res = await api('POST', '/create', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ statusCode: 201, status: 'CREATED', message: 'Customer created' });
    const { user, customer } = res.json().data as { user: User; customer: CustomerWithInvoices };
    expectCaller(user);
    expect(customer).toEqual({
      id: expect.any(Number),
      name: 'Élodie Lefèvre',
      email: body.email,
      address: body.address,
      phone: body.phone,
      type: 'INSTITUTION',
      status: 'PENDING',
      imageUrl: body.imageUrl,
      createdAt: expect.stringMatching(ISO),
      totalBilled: 0,
      invoices: [],
    });
    const [stored] = await rows<{ name: string; type: string }>(
      t,
      sql`SELECT name, type FROM customers WHERE id = ${customer.id}`,
    );
    expect(stored).toEqual({ name: 'Élodie Lefèvre', type: 'INSTITUTION' });
  });

  it("accepts an https image URL of another site as well as this site's avatars", async () => {
    const customer = await createCustomer(t, admin.tokens.access, {
      imageUrl: 'https://cdn.example.com/a.png',
    });
    expect(customer.imageUrl).toBe('https://cdn.example.com/a.png');
  });
});

describe('GET /api/customer/get/{id}', () => {
  it('answers "Customer retrieved" with the customer and its invoices, newest first', async () => {
    const customer = await createCustomer(t, admin.tokens.access);
    for (const [services, total] of [
      ['1 Web Design 200', 200],
      ['1 SEO Work 100', 100],
      ['1 Logo Design 50', 50],
    ] as const) {
      await addInvoice(t, admin.tokens.access, customer.id, { services, total });
    }
    const data = expectSuccess<{ user: User; customer: CustomerWithInvoices }>(
      await api('GET', `/get/${customer.id}`),
      'Customer retrieved',
    );
    expectCaller(data.user);
    // What it was billed follows its three invoices.
    expect(data.customer).toMatchObject({ ...customer, totalBilled: 350, invoices: expect.any(Array) });
    expect(data.customer.invoices.map((i) => i.services)).toEqual([
      '1 Logo Design 50',
      '1 SEO Work 100',
      '1 Web Design 200',
    ]);
    expect(data.customer.invoices[0]).toEqual({
      id: expect.any(Number),
      invoiceNumber: expect.stringMatching(/^INV-\d{6,}$/),
      customerId: customer.id,
      services: '1 Logo Design 50',
      status: 'PENDING',
      date: '2026-03-15',
      total: 50,
      createdAt: expect.stringMatching(ISO),
      dueDate: '2026-04-14',
      // 50 and its 5.4% tax.
      amountDue: 52.7,
      amountPaid: 0,
      balanceDue: 52.7,
      cancelReason: null,
    });
  });

  it('answers 404 "No customer with ID {id}" for an unknown id, and 400 for an id that is not one', async () => {
    expectFailure(await api('GET', '/get/987654321'), 404, 'No customer with ID 987654321');
    expectFailure(await api('GET', '/get/abc'), 400, /^Invalid params: id: /);
    expectFailure(await api('GET', '/get/0'), 400, /id: ID must be a positive number/);
    expectFailure(await api('GET', '/get/1.5'), 400, /id: ID must be a whole number/);
  });
});

describe('PUT /api/customer/update', () => {
  it('answers "Customer updated" with the changed customer and its invoices; createdAt stays', async () => {
    const customer = await createCustomer(t, admin.tokens.access);
    await addInvoice(t, admin.tokens.access, customer.id);
    const changes = customerBody({ name: 'Karim Benali', status: 'BANNED', type: 'INSTITUTION' });
    const data = expectSuccess<{ user: User; customer: CustomerWithInvoices }>(
      await api('PUT', '/update', {
        ...changes,
        id: customer.id,
        // The profile form sends the whole customer; what it cannot change is ignored.
        createdAt: '2001-01-01T00:00:00.000Z',
        invoices: [],
      }),
      'Customer updated',
    );
    expectCaller(data.user);
    expect(data.customer).toMatchObject({ ...changes, id: customer.id, createdAt: customer.createdAt });
    expect(data.customer.invoices).toHaveLength(1);
    const again = expectSuccess<{ customer: Customer }>(
      await api('GET', `/get/${customer.id}`),
      'Customer retrieved',
    );
    expect(again.customer).toMatchObject({ name: 'Karim Benali', status: 'BANNED', email: changes.email });
  });

  it('answers 404 for an unknown customer and writes nothing', async () => {
    const before = await countRows(t, 'customers');
    expectFailure(
      await api('PUT', '/update', { ...customerBody(), id: 987654321 }),
      404,
      'No customer with ID 987654321',
    );
    expect(await countRows(t, 'customers')).toBe(before);
  });
});

describe('GET /api/customer/invoice/new', () => {
  it('answers "Customers retrieved" with id, name and email of the customers, by name', async () => {
    await createCustomer(t, admin.tokens.access, { name: 'Zoé Faure' });
    await createCustomer(t, admin.tokens.access, { name: 'Adam Rahmani' });
    const data = expectSuccess<{ user: User; customers: CustomerOption[] }>(
      await api('GET', '/invoice/new'),
      'Customers retrieved',
    );
    expectCaller(data.user);
    const names = data.customers.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(data.customers[0] ?? {}).sort()).toEqual(['email', 'id', 'name']);
    expect(names).toContain('Zoé Faure');
  });

  it('narrows the list with ?name= (case and accents ignored)', async () => {
    const data = expectSuccess<{ customers: CustomerOption[] }>(
      await api('GET', '/invoice/new?name=zoe'),
      'Customers retrieved',
    );
    expect(data.customers.map((c) => c.name)).toEqual(['Zoé Faure']);
  });

  it('sends at most 500 customers', async () => {
    await (
      await businessDb(t)
    ).execute(sql`
      INSERT INTO customers (name, email, type, status, address, phone, image_url)
      SELECT 'Bulk ' || lpad(n::text, 4, '0'), 'bulk' || n || '@example.com', 'INDIVIDUAL', 'ACTIVE',
             'Lyon', '+33 6 00 00 00 00', '/assets/avatars/person-1.svg'
      FROM generate_series(1, 520) AS n`);
    const data = expectSuccess<{ customers: CustomerOption[] }>(
      await api('GET', '/invoice/new'),
      'Customers retrieved',
    );
    expect(data.customers).toHaveLength(500);
    const bulk = expectSuccess<{ customers: CustomerOption[] }>(
      await api('GET', '/invoice/new?name=bulk 051'),
      'Customers retrieved',
    );
    expect(bulk.customers.map((c) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk 051${i}`));
  });
});

describe('GET /api/customer/with-email', () => {
  it("answers the customers already using an e-mail, case ignored, of the caller's organisation only", async () => {
    const first = await createCustomer(t, admin.tokens.access, {
      name: 'Nadia Haddad',
      email: 'Nadia@Example.com',
    });
    const second = await createCustomer(t, admin.tokens.access, {
      name: 'Haddad & Co',
      email: 'nadia@example.com',
    });
    const data = expectSuccess<{ user: User; customers: CustomerOption[] }>(
      await api('GET', '/with-email?email=%20NADIA%40example.COM%20'),
      'Customers retrieved',
    );
    expectCaller(data.user);
    expect(data.customers).toEqual([
      { id: first.id, name: 'Nadia Haddad', email: 'Nadia@Example.com' },
      { id: second.id, name: 'Haddad & Co', email: 'nadia@example.com' },
    ]);
    const stranger = await signedInUser(t, 'ROLE_ADMIN', { organisationId: await newOrganisation(t) });
    const theirs = expectSuccess<{ customers: CustomerOption[] }>(
      await as(t, stranger.tokens.access)('GET', '/with-email?email=nadia%40example.com'),
      'Customers retrieved',
    );
    expect(theirs.customers).toEqual([]);
  });

  it('refuses a missing e-mail with a clear reason', async () => {
    expectFailure(await api('GET', '/with-email?email=%20'), 400, 'Invalid query: email: Email is required');
    expectFailure(await api('GET', '/with-email'), 400, 'Invalid query: email: Email is required');
  });
});

describe('POST /api/customer/invoice/addtocustomer/{id}', () => {
  it('answers "Invoice added to customer with ID: {id}" with the customers of the form, and stores it', async () => {
    const customer = await createCustomer(t, admin.tokens.access);
    const res = await api(
      'POST',
      `/invoice/addtocustomer/${customer.id}`,
      invoiceBody(customer.id, { total: '1250.50', customerId: String(customer.id), date: '2024-02-29' }),
    );
    const data = expectSuccess<{
      user: User;
      customers: CustomerOption[];
      invoice: Pick<Invoice, 'id' | 'invoiceNumber'>;
    }>(res, `Invoice added to customer with ID: ${customer.id}`);
    expectCaller(data.user);
    expect(data.customers.length).toBeGreaterThan(0);
    expect(Object.keys(data.customers[0] ?? {}).sort()).toEqual(['email', 'id', 'name']);
    const stored = await rows<{ total: string; date: string; status: string; invoice_number: string }>(
      t,
      sql`SELECT total::text AS total, date::text AS date, status, invoice_number FROM invoices
          WHERE customer_id = ${customer.id}`,
    );
    expect(stored).toEqual([
      {
        total: '1250.50',
        date: '2024-02-29',
        status: 'PENDING',
        invoice_number: expect.stringMatching(/^INV-\d{6}$/),
      },
    ]);
    // The answer names the invoice saved, for the form's link to print it.
    expect(data.invoice.invoiceNumber).toBe(stored[0]?.invoice_number);
    const [{ id } = { id: 0 }] = await rows<{ id: number }>(
      t,
      sql`SELECT id::int AS id FROM invoices WHERE customer_id = ${customer.id}`,
    );
    expect(data.invoice.id).toBe(id);
  });

  it('refuses a path id that differs from the body customerId, and an unknown customer, writing nothing', async () => {
    const customer = await createCustomer(t, admin.tokens.access);
    const other = await createCustomer(t, admin.tokens.access);
    const before = await countRows(t, 'invoices');
    expectFailure(
      await api('POST', `/invoice/addtocustomer/${customer.id}`, invoiceBody(other.id)),
      400,
      `The customer ID of the address (${customer.id}) and of the invoice (${other.id}) differ`,
    );
    expectFailure(
      await api('POST', '/invoice/addtocustomer/987654321', invoiceBody(987654321)),
      404,
      'No customer with ID 987654321',
    );
    expect(await countRows(t, 'invoices')).toBe(before);
  });

  it('hands out gapless invoice numbers of the organisation that grow, also for invoices added at the same time', async () => {
    const customer = await createCustomer(t, admin.tokens.access);
    for (let i = 0; i < 3; i++) await addInvoice(t, admin.tokens.access, customer.id);
    await Promise.all(Array.from({ length: 6 }, () => addInvoice(t, admin.tokens.access, customer.id)));
    const numbers = await rows<{ id: number; invoice_number: string }>(
      t,
      sql`SELECT id::int AS id, invoice_number FROM invoices WHERE customer_id = ${customer.id} ORDER BY id`,
    );
    expect(numbers).toHaveLength(9);
    expect(new Set(numbers.map((n) => n.invoice_number)).size).toBe(9);
    const values = numbers.map((n) => Number(n.invoice_number.slice(4)));
    // Invoices added one after the other are numbered in that order. Those added at the same time take the next
    // numbers in the order they reach the organisation's counter, which need not be the order of their row ids.
    const [first = 0] = values;
    expect(values.slice(0, 3)).toEqual([first, first + 1, first + 2]);
    expect([...values.slice(3)].sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8].map((i) => first + i));
    // Every number of the organisation from 1 on is used once: no gap, also after refused invoices.
    const all = await rows<{ invoice_number: string }>(
      t,
      sql`SELECT invoice_number FROM invoices WHERE organisation_id = ${admin.organisationId} ORDER BY 1`,
    );
    expect(all.map((n) => Number(n.invoice_number.slice(4)))).toEqual(all.map((_, i) => i + 1));
    // The database refuses a duplicate even from code that bypasses the default.
    const taken = numbers[0]?.invoice_number;
    await expect(
      (await businessDb(t))
        .execute(sql`INSERT INTO invoices (invoice_number, customer_id, services, date, status, total)
        VALUES (${taken}, ${customer.id}, 's', '2026-01-01', 'PAID', 1)`),
    ).rejects.toThrow();
  });
});

describe('GET /api/customer/invoice/list and /invoice/get/{id}', () => {
  it('lists invoices newest first, each with its customer id and name', async () => {
    const customer = await createCustomer(t, admin.tokens.access, { name: 'Inès Chérif' });
    await addInvoice(t, admin.tokens.access, customer.id, { services: '1 Tajwid Course 80', total: 80 });
    const data = expectSuccess<{ user: User; page: Page<InvoiceWithCustomer> }>(
      await api('GET', '/invoice/list'),
      'Invoice retrieved',
    );
    expectCaller(data.user);
    expect(data.page.content[0]).toMatchObject({
      services: '1 Tajwid Course 80',
      total: 80,
      customerId: customer.id,
      customer: { id: customer.id, name: 'Inès Chérif' },
    });
    expect(data.page).toMatchObject({ size: 10, number: 0, numberOfElements: data.page.content.length });
  });

  it('answers "Invoice retrieved" with the invoice and its customer', async () => {
    const customer = await createCustomer(t, admin.tokens.access, { name: 'Omar Tazi' });
    await addInvoice(t, admin.tokens.access, customer.id, { total: 99.9, status: 'OVERDUE' });
    const [row] = await rows<{ id: number }>(
      t,
      sql`SELECT id::int AS id FROM invoices WHERE customer_id = ${customer.id}`,
    );
    const data = expectSuccess<InvoiceData>(await api('GET', `/invoice/get/${row?.id}`), 'Invoice retrieved');
    expectCaller(data.user);
    expect(data.invoice).toMatchObject({
      id: row?.id,
      total: 99.9,
      status: 'OVERDUE',
      customerId: customer.id,
    });
    expect(data.customer).toEqual({ ...customer, totalBilled: 99.9, invoices: undefined });
    expect(data.customer).not.toHaveProperty('invoices');
    // Who the invoice is from: the business's own details, here its name alone (business-details.test.ts).
    expect(data.company).toEqual(companyNamed('Test business'));
  });

  it('answers 404 "No invoice with ID {id}" for an unknown invoice', async () => {
    expectFailure(await api('GET', '/invoice/get/987654321'), 404, 'No invoice with ID 987654321');
  });
});

describe('GET /api/customer/list and /search', () => {
  it('answers "Customers retrieved" with the caller, a page and the stats', async () => {
    const data = expectSuccess<{ user: User; page: Page<Customer>; stats: Stats }>(
      await api('GET', '/list'),
      'Customers retrieved',
    );
    expectCaller(data.user);
    expect(Object.keys(data).sort()).toEqual(['page', 'stats', 'user']);
    expect(data.page.content).toHaveLength(10);
    expect(data.page.content[0]).not.toHaveProperty('invoices');
    expect(data.stats.totalCustomers).toBe(await countRows(t, 'customers'));
    expect(data.stats.totalInvoices).toBe(await countRows(t, 'invoices'));
  });

  it('search answers "Customers retrieved" with the caller and a page', async () => {
    const data = expectSuccess<{ user: User; page: Page<Customer> }>(
      await api('GET', '/search?name=omar'),
      'Customers retrieved',
    );
    expectCaller(data.user);
    expect(Object.keys(data).sort()).toEqual(['page', 'user']);
    expect(data.page.content.map((c) => c.name)).toEqual(['Omar Tazi']);
  });
});

it('documents the customer calls in the OpenAPI document', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = Object.keys(res.json().paths as Record<string, unknown>);
  for (const p of [
    '/api/customer/list',
    '/api/customer/invoice/addtocustomer/{id}',
    '/api/customer/download/report',
  ]) {
    expect(paths).toContain(p);
  }
});
