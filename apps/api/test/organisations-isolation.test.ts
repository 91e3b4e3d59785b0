/**
 * Each business its own space (decision 17), proven from the outside: two organisations, each with a member of every
 * role, and every route of the API (read from the app's OpenAPI document, so a new route is covered without
 * editing this test) called with each member's token, aimed at the other organisation's ids wherever a request
 * names one. Nothing of the other organisation is ever seen, counted, changed or exported, and its ids cannot be
 * told from ids that do not exist (the same answer, a 404 where the caller's role may use the call).
 */
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@app/contracts';
import { sql } from '../src/db/orm.js';
import { call, newOrganisation, signedInUser, tokensFor, type CallOptions } from './support/accounts.js';
import { addInvoice, as, createCustomer, ROLES } from './support/customers.js';
import { ownerRows } from './support/tables-owner.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** An id no row of any table has. */
const NEVER_USED = 987_654;

type Member = Awaited<ReturnType<typeof signedInUser>> & { roleName: RoleName };
type Business = {
  name: string;
  organisationId: number;
  members: Record<RoleName, Member>;
  customerId: number;
  invoiceId: number;
  invitationId: number;
  /** Texts only this organisation's data holds: none may ever reach the other's members. */
  markers: string[];
};

let t: TestApp;
let alpha: Business;
let bravo: Business;

async function business(name: string, word: string): Promise<Business> {
  const organisationId = await newOrganisation(t, `${name} Organisation`);
  const members = {} as Record<RoleName, Member>;
  for (const roleName of ROLES) {
    members[roleName] = { ...(await signedInUser(t, roleName, { organisationId })), roleName };
  }
  const admin = members.ROLE_SYSADMIN.tokens.access;
  const customer = await createCustomer(t, admin, {
    name: `${word} Secret Customer`,
    email: `${word.toLowerCase()}.secret@example.com`,
    address: `${word} Secret Street`,
  });
  await addInvoice(t, admin, customer.id, { services: `1 ${word} Secret 777`, total: 777 });
  const invited = await as(t, admin)('GET', `/get/${customer.id}`);
  const invoiceId = invited.json().data.customer.invoices[0].id as number;
  const invitation = await call(t, {
    method: 'POST',
    url: '/api/organisation/invitations',
    token: admin,
    payload: { email: `${word.toLowerCase()}.invitee@example.com`, roleName: 'ROLE_USER' },
  });
  expect(invitation.statusCode, invitation.body).toBe(201);
  return {
    name: `${name} Organisation`,
    organisationId,
    members,
    customerId: customer.id,
    invoiceId,
    invitationId: invitation.json().data.invitations[0].id as number,
    markers: [
      `${word} Secret`,
      `${word.toLowerCase()}.secret@example.com`,
      `${word.toLowerCase()}.invitee@example.com`,
      `${name} Organisation`,
      ...Object.values(members).map((m) => m.email),
    ],
  };
}

/** Every documented route, as method and path with `{name}` for each path parameter. */
function documentedRoutes(): { method: CallOptions['method']; path: string }[] {
  return Object.entries(t.app.swagger().paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations ?? {}).map((method) => ({
      method: method.toUpperCase() as CallOptions['method'],
      path,
    })),
  );
}

/** The other organisation's values each path parameter could name, or a harmless value of the caller's own. */
function pathValues(name: string, me: Member, other: Business): string[] {
  switch (name) {
    case 'id':
      return [other.customerId, other.invoiceId, other.invitationId, other.organisationId].map(String);
    case 'userId':
      return [String(other.members.ROLE_SYSADMIN.id)];
    case 'roleName':
      return ['ROLE_USER'];
    case 'email':
      return [me.email];
    case 'code':
      return ['123456'];
    case 'key':
      return ['k'.repeat(32)];
    case 'number':
      return ['1'];
    case 'slug':
      return ['alphabet'];
    case 'name':
      return [`${'0'.repeat(32)}.png`];
    default:
      return ['1'];
  }
}

/**
 * One query and one body for every call: each call's schema keeps the fields it reads (zod drops the others), and
 * every field that names a row or a user names the other organisation's.
 */
function requestParts(me: Member, other: Business, target: number | undefined) {
  // The row the path names, when it names one: the body and query name the same, as a well-formed call does.
  const customer = target ?? other.customerId;
  const user = target ?? other.members.ROLE_SYSADMIN.id;
  return {
    query: {
      page: '0',
      size: '100',
      name: other.markers[0] ?? '',
      userId: String(user),
      from: '2026-01-01',
      to: '2026-12-31',
      category_id: '1',
    },
    body: {
      id: customer,
      customerId: customer,
      userId: user,
      name: 'Probe',
      email: me.email,
      address: '2 rue du Test, Lyon',
      phone: '+33 6 11 11 11 11',
      type: 'INDIVIDUAL',
      status: 'ACTIVE',
      imageUrl: '/assets/avatars/person-2.svg',
      services: '1 Probe Work 10',
      total: 10,
      date: '2026-06-01',
      firstName: 'Probe',
      lastName: 'Member',
      password: 'not the right password',
      currentPassword: 'not the right password',
      newPassword: 'another long password',
      confirmNewPassword: 'another long password',
      confirmPassword: 'another long password',
      enabled: true,
      notLocked: true,
      roleName: 'ROLE_USER',
    },
  };
}

/** What the answer shows a person: its text, or the cells of an Excel file. */
async function visibleText(res: LightMyRequestResponse): Promise<string> {
  if (!String(res.headers['content-type'] ?? '').includes('spreadsheetml')) return res.body;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))),
  );
  return cells.join('\n');
}

/** An answer with every number in its reason made the same, to compare two answers that name different ids. */
function shapeOf(res: LightMyRequestResponse) {
  const reason = (() => {
    try {
      return String((res.json() as { reason?: string }).reason ?? '');
    } catch {
      return '';
    }
  })();
  return { statusCode: res.statusCode, reason: reason.replaceAll(/\d+/g, '#') };
}

/**
 * The other organisation's rows of every business table and of its memberships, and its members' live sessions
 * (which signing everyone out must not reach), as the tables' owner reads them.
 */
async function fingerprintOf(business: Business) {
  const id = business.organisationId;
  const tables = ['customers', 'invoices', 'customer_totals', 'memberships', 'invitations', 'organisations'];
  const result: Record<string, unknown> = {};
  for (const table of tables) {
    const column = table === 'organisations' ? 'id' : 'organisation_id';
    result[table] = await ownerRows(
      t,
      sql`SELECT r::text AS row FROM ${sql.identifier(table)} r WHERE ${sql.identifier(column)} = ${id} ORDER BY 1`,
    );
  }
  result.liveSessions = await ownerRows(
    t,
    sql`SELECT id::text FROM sessions WHERE ended_at IS NULL
          AND user_id IN (SELECT user_id FROM memberships WHERE organisation_id = ${id}) ORDER BY 1`,
  );
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  alpha = await business('Alpha', 'Alpha');
  bravo = await business('Bravo', 'Bravo');
}, 120_000);
afterAll(() => t.close());

/** Ids of every kind the organisation's own rows and members have: another's id may equal one of them by chance. */
async function ownIds(business: Business): Promise<Set<string>> {
  const id = business.organisationId;
  const found = await ownerRows<{ id: string }>(
    t,
    sql`SELECT id::text FROM customers WHERE organisation_id = ${id}
        UNION SELECT id::text FROM invoices WHERE organisation_id = ${id}
        UNION SELECT id::text FROM invitations WHERE organisation_id = ${id}
        UNION SELECT user_id::text FROM memberships WHERE organisation_id = ${id}
        UNION SELECT id::text FROM user_files WHERE user_id IN (SELECT user_id FROM memberships WHERE organisation_id = ${id})
        UNION SELECT ${String(id)}`,
  );
  return new Set(found.map((row) => row.id));
}

const namesARow = (name: string) => name === 'id' || name === 'userId';

describe.each([
  ['Alpha', () => ({ mine: alpha, other: bravo })],
  ['Bravo', () => ({ mine: bravo, other: alpha })],
])("%s's members", (_, sides) => {
  it.each(ROLES)(
    'with %s see, count, change and export nothing of the other organisation, on every route',
    async (roleName) => {
      const { mine, other } = sides();
      const me = mine.members[roleName];
      const before = await fingerprintOf(other);
      const routes = documentedRoutes();
      expect(routes.length).toBeGreaterThan(40);
      for (const route of routes) {
        const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
        // Another organisation's id that equals one of the caller's own would rightly answer with the caller's row.
        const own = await ownIds(mine);
        const choices = names.map((name) =>
          pathValues(name, me, other).filter((value) => !namesARow(name) || !own.has(value)),
        );
        // Every combination of the path's values (a route has at most two parameters).
        const combinations = choices.reduce<string[][]>(
          (all, values) => all.flatMap((combo) => values.map((v) => [...combo, v])),
          [[]],
        );
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const send = (values: string[]) => {
          const url = names.reduce((path, name, i) => path.replace(`{${name}}`, values[i] ?? ''), route.path);
          const rowId = names.findIndex(namesARow);
          const parts = requestParts(me, other, rowId >= 0 ? Number(values[rowId]) : undefined);
          return call(t, {
            method: route.method,
            url: `${url}?${new URLSearchParams(parts.query).toString()}`,
            token: me.tokens.access,
            ...(withBody ? { payload: parts.body } : {}),
          });
        };
        for (const values of combinations) {
          const what = `${route.method} ${route.path} ${values.join(',')} as ${roleName}`;
          const res = await send(values);
          expect(res.statusCode, what).toBeLessThan(500);
          const text = await visibleText(res);
          for (const marker of other.markers) expect(text, `${what} shows ${marker}`).not.toContain(marker);
          if (!names.some(namesARow)) continue;
          // Aimed at the other organisation's rows, the call answers as it does for rows that do not exist.
          const unknown = await send(
            values.map((v, i) => (namesARow(names[i] ?? '') ? String(NEVER_USED) : v)),
          );
          expect(shapeOf(res), `${what}: another organisation's id answers as an unknown one`).toEqual(
            shapeOf(unknown),
          );
        }
      }
      expect(await fingerprintOf(other)).toEqual(before);
    },
    120_000,
  );
});

describe('the calls that name one row', () => {
  it("answer 404 for another organisation's customer, invoice, member, invitation or organisation", async () => {
    const owner = alpha.members.ROLE_SYSADMIN.tokens.access;
    const api = as(t, owner);
    const notFound = (res: LightMyRequestResponse) => expect(res.statusCode, res.body).toBe(404);
    notFound(await api('GET', `/get/${bravo.customerId}`));
    notFound(await api('GET', `/invoice/get/${bravo.invoiceId}`));
    notFound(
      await api('PUT', '/update', {
        id: bravo.customerId,
        name: 'Taken',
        email: 'taken@example.com',
        address: 'a',
        phone: '+33 6 00 00 00 00',
        type: 'INDIVIDUAL',
        status: 'ACTIVE',
        imageUrl: '/assets/avatars/person-1.svg',
      }),
    );
    notFound(
      await api('POST', `/invoice/addtocustomer/${bravo.customerId}`, {
        services: '1 Taken 1',
        customerId: bravo.customerId,
        total: 1,
        date: '2026-06-01',
        status: 'PAID',
      }),
    );
    const bravoOwner = bravo.members.ROLE_SYSADMIN.id;
    const user = (method: CallOptions['method'], url: string, payload?: object) =>
      call(t, { method, url, token: owner, payload });
    notFound(await user('PATCH', `/api/user/update/role/ROLE_USER?userId=${bravoOwner}`));
    notFound(
      await user('PATCH', `/api/user/update/settings?userId=${bravoOwner}`, {
        enabled: false,
        notLocked: false,
      }),
    );
    notFound(
      await user('PATCH', '/api/user/update', {
        id: bravoOwner,
        firstName: 'Taken',
        lastName: 'Over',
        email: 'taken.over@example.com',
      }),
    );
    notFound(await user('DELETE', `/api/organisation/members/${bravoOwner}`));
    notFound(await user('POST', `/api/organisation/members/${bravoOwner}/sign-out`));
    notFound(await user('DELETE', `/api/organisation/invitations/${bravo.invitationId}`));
    notFound(await user('PUT', `/api/organisation/current/${bravo.organisationId}`));
  });

  it("count only the caller's organisation in the stats and pages", async () => {
    // A new login: walking every route, Alpha's owner signed everyone else out (POST /api/organisation/sign-out-all).
    const { access } = await tokensFor(t, alpha.members.ROLE_USER.email);
    const res = await as(t, access)('GET', '/list?page=0&size=100');
    const { stats, page } = res.json().data;
    const [own] = await ownerRows<{ customers: number; invoices: number }>(
      t,
      sql`SELECT (SELECT count(*)::int FROM customers WHERE organisation_id = ${alpha.organisationId}) AS customers,
                 (SELECT count(*)::int FROM invoices WHERE organisation_id = ${alpha.organisationId}) AS invoices`,
    );
    expect(stats).toMatchObject({ totalCustomers: own?.customers, totalInvoices: own?.invoices });
    expect(page.totalElements).toBe(own?.customers);
    const [all] = await ownerRows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM customers`);
    expect(all?.n).toBeGreaterThan(own?.customers ?? 0);
  });
});
