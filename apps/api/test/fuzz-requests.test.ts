/**
 * Fuzzing: 10 000 generated malformed requests across every call of the API. Each request is made from a
 * valid example of the call, mutated from its zod contract's fields (wrong types, missing and extra fields,
 * huge strings, odd Unicode, injection strings), or replaced by a body that is not JSON, a broken upload,
 * or a bad token. Whatever comes, the server answers below 500, in the envelope of the call's service,
 * and the database ends exactly as it began. The seed is fixed: a failure prints its smallest request
 * and replays the same way.
 *
 * @module-tag slow
 */
import {
  ConfirmTotpRequestSchema,
  DisableTotpRequestSchema,
  InvitationKeySchema,
  InvitationSignUpSchema,
  InviteRequestSchema,
  RenameOrganisationSchema,
  CreateCustomerSchema,
  BusinessDetailsSchema,
  InvoiceRemindersSchema,
  CancelInvoiceSchema,
  CreateInvoiceSchema,
  RecordPaymentSchema,
  CustomerOptionsQuerySchema,
  CustomersWithEmailQuerySchema,
  ImportCustomersSchema,
  InvoiceExportQuerySchema,
  InvoiceListQuerySchema,
  CalendarQuerySchema,
  EmailSchema,
  ErrorEnvelopeSchema,
  HadithCategoriesSchema,
  HadithDetailSchema,
  HadithListSchema,
  IdSchema,
  LessonParamsSchema,
  LoginCodeSchema,
  LoginRequestSchema,
  NewPasswordRequestSchema,
  PageQuerySchema,
  QuranErrorSchema,
  RegenerateRecoveryCodesRequestSchema,
  RegisterRequestSchema,
  RoleNameSchema,
  CustomerSearchQuerySchema,
  StartTotpRequestSchema,
  statusName,
  SurahEditionsResponseSchema,
  QuranSearchResponseSchema,
  SearchableQuranResponseSchema,
  ReaderPreferencesBodySchema,
  SurahListResponseSchema,
  TargetUserQuerySchema,
  UpdateCustomerSchema,
  UpdatePasswordRequestSchema,
  UpdateSettingsRequestSchema,
  UpdateUserRequestSchema,
} from '@app/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '../src/db/orm.js';
import { createTokenSigner } from '../src/modules/auth/tokens.js';
import { call, PASSWORD, signedInUser, type CallOptions } from './support/accounts.js';
import { sqlRows } from './support/auth-helpers.js';
import { addInvoice, createCustomer, customerBody, invoiceBody } from './support/customers.js';
import {
  badAuthorization,
  brokenUpload,
  hostileJson,
  hostileQueryValue,
  malformedBody,
  mutatedFields,
  mutatedParams,
  type RawBody,
  type Tokens,
} from './support/fuzz-arbitraries.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SEED = 20_260_315;
const REQUESTS = 10_000;

type Call = {
  /** The method and the address, with `:name` for each path parameter. */
  route: `${CallOptions['method']} /api/${string}`;
  /** What the call needs: nothing, the access token of a signed-in user, or a refresh token. */
  auth: 'none' | 'access' | 'refresh';
  /** Valid examples of the parts the call reads, mutated field by field. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  /** The multipart field of an upload call. */
  upload?: string;
  /** The zod schemas of those parts, where the contracts have them. */
  contract?: { params?: z.ZodObject; query?: z.ZodObject; body?: z.ZodObject };
  /**
   * The call would change the database if given a good token and a valid request. Every request generated
   * for it breaks its contract, carries a bad token or a body that is not JSON, so refusing it is the only
   * right answer. Read calls also get odd but valid requests.
   */
  writes?: true;
  /** The shape of a successful JSON answer, for the content services that do not use the envelope. */
  answer?: z.ZodType;
  /** Errors come in the Quran service's envelope rather than the application's. */
  quranErrors?: true;
  /** A successful answer may be a file rather than JSON. */
  file?: true;
};

const PAGE = { page: '0', size: '10' };
const LINK_KEY = 'k'.repeat(32);
const NEW_PASSWORD = 'another horse battery';
const IdParams = z.object({ id: IdSchema });

/** Every call of the API (checked against the OpenAPI document below), around the fixture's rows. */
function apiCalls(ids: { user: number; customer: number; organisation: number }): Call[] {
  const email = 'amina@example.com';
  const names = { firstName: 'Amina', lastName: 'Benali' };
  const profile = { phone: '+33 6 12 34 56 78', address: 'Lyon', title: 'Gérante', bio: 'Bonjour' };
  const userQuery = { userId: String(ids.user) };
  const customer = { id: String(ids.customer) };
  const slug = { slug: 'alphabet' };
  return [
    { route: 'GET /api/health', auth: 'none' },
    { route: 'GET /api/quran/surah', auth: 'none', answer: SurahListResponseSchema, quranErrors: true },
    {
      route: 'GET /api/quran/surah/:number',
      auth: 'none',
      params: { number: '1' },
      query: { reciter: 'ar.alafasy' },
      answer: SurahEditionsResponseSchema,
      quranErrors: true,
    },
    {
      route: 'GET /api/quran/search',
      auth: 'none',
      query: { q: 'misericordieux', limit: '5', offset: '0' },
      answer: QuranSearchResponseSchema,
      quranErrors: true,
    },
    {
      route: 'GET /api/quran/verses',
      auth: 'none',
      answer: SearchableQuranResponseSchema,
      quranErrors: true,
    },
    { route: 'GET /api/hadith/categories', auth: 'none', answer: HadithCategoriesSchema },
    {
      route: 'GET /api/hadith/list',
      auth: 'none',
      query: { category_id: '1', page: '1', per_page: '5' },
      answer: HadithListSchema,
    },
    { route: 'GET /api/hadith/detail', auth: 'none', query: { id: '1' }, answer: HadithDetailSchema },

    {
      route: 'POST /api/user/login',
      auth: 'none',
      body: { email, password: PASSWORD },
      contract: { body: LoginRequestSchema },
      writes: true,
    },
    {
      route: 'POST /api/user/register',
      auth: 'none',
      body: { ...names, email, password: PASSWORD },
      contract: { body: RegisterRequestSchema },
      writes: true,
    },
    {
      route: 'GET /api/user/verify/code/:email/:code',
      auth: 'none',
      params: { email, code: '123456' },
      contract: { params: z.object({ email: EmailSchema, code: LoginCodeSchema }) },
      writes: true,
    },
    {
      route: 'GET /api/user/resetpassword/:email',
      auth: 'none',
      params: { email },
      contract: { params: z.object({ email: EmailSchema }) },
      writes: true,
    },
    // No link was ever sent, so every key is unknown and refused, however well-formed.
    { route: 'GET /api/user/verify/account/:key', auth: 'none', params: { key: LINK_KEY } },
    { route: 'GET /api/user/verify/password/:key', auth: 'none', params: { key: LINK_KEY } },
    {
      route: 'PUT /api/user/new/password',
      auth: 'none',
      body: { userId: ids.user, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, key: LINK_KEY },
      contract: { body: NewPasswordRequestSchema },
      writes: true,
    },
    { route: 'GET /api/user/refresh/token', auth: 'refresh', writes: true },
    { route: 'POST /api/user/logout', auth: 'refresh', writes: true },
    { route: 'GET /api/user/profile', auth: 'access' },
    {
      route: 'PATCH /api/user/update',
      auth: 'access',
      body: { id: ids.user, ...names, email, ...profile, currentPassword: PASSWORD, code: '123456' },
      contract: { body: UpdateUserRequestSchema },
      writes: true,
    },
    {
      route: 'PATCH /api/user/update/password',
      auth: 'access',
      body: {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
        code: '123456',
      },
      contract: { body: UpdatePasswordRequestSchema },
      writes: true,
    },
    {
      route: 'PATCH /api/user/update/role/:roleName',
      auth: 'access',
      params: { roleName: 'ROLE_USER' },
      query: userQuery,
      contract: { params: z.object({ roleName: RoleNameSchema }), query: TargetUserQuerySchema },
      writes: true,
    },
    {
      route: 'PATCH /api/user/update/settings',
      auth: 'access',
      query: userQuery,
      body: { enabled: false, notLocked: false },
      contract: { query: TargetUserQuerySchema, body: UpdateSettingsRequestSchema },
      writes: true,
    },
    { route: 'PATCH /api/user/togglemfa', auth: 'access', writes: true },
    // Sends a code to the fixture's phone when asked with a good token.
    { route: 'POST /api/user/step-up/code', auth: 'access', writes: true },
    // No link was ever sent: every key is unknown and refused, however well-formed.
    { route: 'GET /api/user/verify/email/:key', auth: 'none', params: { key: LINK_KEY } },
    { route: 'POST /api/user/report/change/:key', auth: 'none', params: { key: LINK_KEY } },
    { route: 'GET /api/user/sessions', auth: 'access' },
    // No session has that id (nor any id a request could guess).
    {
      route: 'DELETE /api/user/sessions/:id',
      auth: 'access',
      params: { id: '00000000-0000-4000-8000-000000000000' },
    },
    { route: 'POST /api/user/sessions/end-others', auth: 'access', writes: true },
    { route: 'GET /api/user/mfa', auth: 'access' },
    {
      route: 'POST /api/user/mfa/totp/start',
      auth: 'access',
      body: { currentPassword: PASSWORD },
      contract: { body: StartTotpRequestSchema },
      writes: true,
    },
    {
      route: 'POST /api/user/mfa/totp/confirm',
      auth: 'access',
      body: { code: '123456' },
      contract: { body: ConfirmTotpRequestSchema },
      writes: true,
    },
    {
      route: 'POST /api/user/mfa/totp/disable',
      auth: 'access',
      body: { currentPassword: PASSWORD, code: '123456' },
      contract: { body: DisableTotpRequestSchema },
      writes: true,
    },
    {
      route: 'POST /api/user/mfa/recovery-codes',
      auth: 'access',
      body: { currentPassword: PASSWORD, code: '123456' },
      contract: { body: RegenerateRecoveryCodesRequestSchema },
      writes: true,
    },
    { route: 'PATCH /api/user/update/image', auth: 'access', upload: 'image', writes: true },
    {
      route: 'GET /api/user/image/:name',
      auth: 'none',
      params: { name: `${'0'.repeat(32)}.png` },
      file: true,
    },

    { route: 'GET /api/organisation/team', auth: 'access' },
    { route: 'GET /api/organisation/business-details', auth: 'access' },
    {
      route: 'PUT /api/organisation/business-details',
      auth: 'access',
      body: {
        name: 'Librairie Al-Nour',
        addressLines: ['12 rue des Écoles', '75005 Paris'],
        phone: '+33 1 23 45 67 89',
        fax: '',
        website: 'al-nour.example',
        billingEmail: 'factures@al-nour.example',
        logo: null,
      },
      contract: { body: BusinessDetailsSchema },
      writes: true,
    },
    {
      route: 'PUT /api/organisation/invoice-reminders',
      auth: 'access',
      body: { everyDays: 7, limit: 3 },
      contract: { body: InvoiceRemindersSchema },
      writes: true,
    },
    {
      route: 'GET /api/invoice-copy/:key',
      auth: 'none',
      params: { key: 'A'.repeat(43) },
      file: true,
    },
    {
      route: 'PATCH /api/organisation/',
      auth: 'access',
      body: { name: 'Librairie Al-Nour' },
      contract: { body: RenameOrganisationSchema },
      writes: true,
    },
    {
      route: 'POST /api/organisation/invitations',
      auth: 'access',
      body: { email, roleName: 'ROLE_USER' },
      contract: { body: InviteRequestSchema },
      writes: true,
    },
    {
      route: 'DELETE /api/organisation/invitations/:id',
      auth: 'access',
      params: { id: '1' },
      contract: { params: IdParams },
      writes: true,
    },
    {
      route: 'DELETE /api/organisation/members/:userId',
      auth: 'access',
      params: userQuery,
      contract: { params: z.object({ userId: IdSchema }) },
      writes: true,
    },
    {
      route: 'POST /api/organisation/members/:userId/sign-out',
      auth: 'access',
      params: userQuery,
      contract: { params: z.object({ userId: IdSchema }) },
      writes: true,
    },
    { route: 'POST /api/organisation/sign-out-all', auth: 'access', writes: true },
    {
      route: 'PUT /api/organisation/current/:id',
      auth: 'access',
      params: { id: String(ids.organisation) },
      contract: { params: IdParams },
      writes: true,
    },
    // No invitation was ever sent, so every key is unknown and refused, however well-formed.
    { route: 'GET /api/organisation/invitation/:key', auth: 'none', params: { key: LINK_KEY } },
    {
      route: 'POST /api/organisation/invitation/:key/accept',
      auth: 'access',
      params: { key: LINK_KEY },
      contract: { params: z.object({ key: InvitationKeySchema }) },
      writes: true,
    },
    {
      route: 'POST /api/organisation/invitation/:key/signup',
      auth: 'none',
      params: { key: LINK_KEY },
      body: { ...names, password: PASSWORD },
      contract: { params: z.object({ key: InvitationKeySchema }), body: InvitationSignUpSchema },
      writes: true,
    },

    { route: 'GET /api/customer/list', auth: 'access', query: PAGE, contract: { query: PageQuerySchema } },
    {
      route: 'POST /api/customer/create',
      auth: 'access',
      body: customerBody(),
      contract: { body: CreateCustomerSchema },
      writes: true,
    },
    { route: 'GET /api/customer/get/:id', auth: 'access', params: customer, contract: { params: IdParams } },
    {
      route: 'GET /api/customer/search',
      auth: 'access',
      query: { name: 'Client', status: 'ACTIVE', type: 'INDIVIDUAL', sort: 'name', order: 'asc', ...PAGE },
      contract: { query: CustomerSearchQuerySchema },
    },
    {
      route: 'PUT /api/customer/update',
      auth: 'access',
      body: customerBody({ id: ids.customer }),
      contract: { body: UpdateCustomerSchema },
      writes: true,
    },
    { route: 'GET /api/customer/dashboard', auth: 'access' },
    {
      route: 'POST /api/customer/import',
      auth: 'access',
      body: {
        csv:
          'Name,Email,Address,Phone,Type,Status,Image URL\n' +
          'Client Importé,import@example.com,Lyon,+33 6 00 00 00 00,INDIVIDUAL,ACTIVE,/assets/avatars/person-1.svg',
      },
      contract: { body: ImportCustomersSchema },
      writes: true,
    },
    {
      route: 'GET /api/customer/with-email',
      auth: 'access',
      query: { email: 'client@example.com' },
      contract: { query: CustomersWithEmailQuerySchema },
    },
    {
      route: 'GET /api/customer/invoice/new',
      auth: 'access',
      query: { name: 'Client' },
      contract: { query: CustomerOptionsQuerySchema },
    },
    {
      route: 'POST /api/customer/invoice/addtocustomer/:id',
      auth: 'access',
      params: customer,
      body: invoiceBody(ids.customer, {
        lines: [
          { description: 'Web Design', quantity: 1, unitPrice: 200 },
          { description: 'SEO Work', quantity: 1, unitPrice: 100 },
        ],
      }),
      contract: { params: IdParams, body: CreateInvoiceSchema },
      writes: true,
    },
    ...(['payments', 'refunds'] as const).map((kind): Call => ({
      route: `POST /api/customer/invoice/:id/${kind}`,
      auth: 'access',
      params: { id: '1' },
      body: { date: '2026-04-02', amount: 10, method: 'CASH', note: 'Deposit' },
      contract: { params: IdParams, body: RecordPaymentSchema },
      writes: true,
    })),
    {
      route: 'POST /api/customer/invoice/:id/send',
      auth: 'access',
      params: { id: '1' },
      contract: { params: IdParams },
      writes: true,
    },
    {
      route: 'POST /api/customer/invoice/:id/cancel',
      auth: 'access',
      params: { id: '1' },
      body: { reason: 'Ordered twice' },
      contract: { params: IdParams, body: CancelInvoiceSchema },
      writes: true,
    },
    {
      route: 'GET /api/customer/invoice/list',
      auth: 'access',
      query: {
        ...PAGE,
        status: 'PENDING,OVERDUE',
        customerId: String(ids.customer),
        from: '2026-01-01',
        to: '2026-12-31',
        min: '10',
        max: '5000',
        sort: 'total',
        order: 'asc',
      },
      contract: { query: InvoiceListQuerySchema },
    },
    {
      route: 'GET /api/customer/invoice/export',
      auth: 'access',
      query: {
        format: 'csv',
        status: 'PAID',
        customerId: String(ids.customer),
        from: '2026-01-01',
        to: '2026-12-31',
        min: '1',
        max: '5000',
      },
      contract: { query: InvoiceExportQuerySchema },
      file: true,
    },
    {
      route: 'GET /api/customer/invoice/get/:id',
      auth: 'access',
      params: { id: '1' },
      contract: { params: IdParams },
    },
    { route: 'GET /api/customer/download/report', auth: 'access', file: true },

    {
      route: 'GET /api/calendar/invoices',
      auth: 'access',
      query: { from: '2026-03-01', to: '2026-03-31' },
      contract: { query: CalendarQuerySchema },
    },
    { route: 'GET /api/progress/', auth: 'access' },
    { route: 'GET /api/reader-preferences/', auth: 'access' },
    {
      route: 'PUT /api/reader-preferences/',
      auth: 'access',
      body: { reciter: 'ar.alafasy' },
      contract: { body: ReaderPreferencesBodySchema },
      writes: true,
    },
    {
      route: 'PUT /api/progress/lessons/:slug',
      auth: 'access',
      params: slug,
      contract: { params: LessonParamsSchema },
      writes: true,
    },
    {
      route: 'DELETE /api/progress/lessons/:slug',
      auth: 'access',
      params: slug,
      contract: { params: LessonParamsSchema },
      writes: true,
    },
    { route: 'GET /api/files/', auth: 'access' },
    { route: 'POST /api/files/', auth: 'access', upload: 'file', writes: true },
    {
      route: 'GET /api/files/:id/download',
      auth: 'access',
      params: { id: '1' },
      contract: { params: IdParams },
      file: true,
    },
    {
      route: 'DELETE /api/files/:id',
      auth: 'access',
      params: { id: '1' },
      contract: { params: IdParams },
      writes: true,
    },
  ];
}

type FuzzRequest = {
  call: Call;
  authorization: string | undefined;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: { json: Record<string, unknown> } | { raw: RawBody };
};

/** Text as the server receives it from a client that sends UTF-8: a lone surrogate half becomes U+FFFD. */
const asSent = (text: string) => Buffer.from(text).toString();

const queryString = (query: FuzzRequest['query']) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([key, values]) =>
      [values].flat().map((value): [string, string] => [key, value]),
    ),
  ).toString();

/** The query as the server parses it: text values, an array for a repeated key. */
function parsedQuery(query: FuzzRequest['query']): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(queryString(query))) {
    const previous = parsed[key];
    parsed[key] = previous === undefined ? value : [previous, value].flat();
  }
  return parsed;
}

function injectOptions(request: FuzzRequest): CallOptions {
  const { call: c, authorization, params, query, body } = request;
  const [method, address] = c.route.split(' ') as [CallOptions['method'], string];
  const path = address.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(asSent(params[name] ?? '')),
  );
  const search = queryString(query);
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  let payload: string | Buffer | undefined;
  if (body && 'json' in body) {
    payload = JSON.stringify(body.json);
    headers['content-type'] = 'application/json';
  } else if (body) {
    payload = body.raw.payload;
    if (body.raw.contentType !== undefined) headers['content-type'] = body.raw.contentType;
  }
  return { method, url: search ? `${path}?${search}` : path, headers, payload };
}

/**
 * Whether the request of a writing call is refused by its contract alone: a token other than the good one
 * (when the call needs one), a body that is not a JSON object, or a part its schema rejects, each checked
 * on what the server will receive.
 */
function breaksContract(request: FuzzRequest, goodAuthorization: string | undefined): boolean {
  const { call: c, authorization, params, query, body } = request;
  if (goodAuthorization !== undefined && authorization !== goodAuthorization) return true;
  if (body && 'raw' in body) return true;
  const sent = {
    params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, asSent(value)])),
    query: parsedQuery(query),
    body: body && JSON.parse(JSON.stringify(body.json)),
  };
  return (['params', 'query', 'body'] as const).some(
    (part) => c.contract?.[part]?.safeParse(sent[part]).success === false,
  );
}

/** A readable line for a request in a failure report: long texts and byte arrays are cut. */
function summary(request: FuzzRequest): string {
  const { method, url, headers, payload } = injectOptions(request);
  const shown = Buffer.isBuffer(payload) ? `<${payload.length} bytes>` : payload;
  return JSON.stringify({ method, url, headers, payload: shown }, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 300
      ? `${value.slice(0, 300)}… (${value.length} chars)`
      : value,
  );
}

/** The Authorization header that lets a call in, if it needs one, and the ones its requests carry. */
function authorizations(c: Call, tokens: Tokens) {
  const access = `Bearer ${tokens.access}`;
  switch (c.auth) {
    // Three in four with the good token, so that most requests are judged on their content.
    case 'access':
      return {
        good: access,
        sent: fc.oneof(
          { weight: 3, arbitrary: fc.constant(access) },
          { weight: 1, arbitrary: badAuthorization(tokens, tokens.refresh) },
        ),
      };
    // Never the good refresh token, which would end or renew the session.
    case 'refresh':
      return { good: `Bearer ${tokens.refresh}`, sent: badAuthorization(tokens, access) };
    case 'none':
      return {
        good: undefined,
        sent: fc.option(badAuthorization(tokens, tokens.refresh), { nil: undefined }),
      };
  }
}

function requestsFor(c: Call, tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  const { good, sent: authorization } = authorizations(c, tokens);
  const body = c.body
    ? fc.oneof(
        { weight: 4, arbitrary: mutatedFields(c.body, hostileJson).map((json) => ({ json })) },
        { weight: 1, arbitrary: malformedBody.map((raw) => ({ raw })) },
      )
    : c.upload
      ? fc.oneof(brokenUpload(c.upload), malformedBody).map((raw) => ({ raw }))
      : fc.constant(undefined);
  return fc
    .record({
      authorization,
      params: mutatedParams(c.params ?? {}),
      query: mutatedFields(c.query ?? {}, hostileQueryValue),
      body,
    })
    .map((parts): FuzzRequest => ({ call: c, ...parts }))
    .filter((request) => !c.writes || breaksContract(request, good))
    .map((request) => Object.assign(request, { [fc.toStringMethod]: () => summary(request) }));
}

const ErrorAnswer = z.strictObject(ErrorEnvelopeSchema.shape);
const SuccessAnswer = z.strictObject({
  timeStamp: z.iso.datetime(),
  statusCode: z.number().int(),
  status: z.string(),
  message: z.string(),
  data: z.unknown().optional(),
});

function expectShape(schema: z.ZodType, body: unknown, what: string) {
  expect(schema.safeParse(body).error?.issues ?? [], what).toEqual([]);
}

/** Below 500, and JSON in the envelope of the call's service; a success may also be a file. */
function expectWellFormedAnswer(c: Call, res: LightMyRequestResponse) {
  const what = `${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  const succeeded = res.statusCode >= 200 && res.statusCode < 300;
  const contentType = String(res.headers['content-type']);
  if (succeeded && c.file && !contentType.startsWith('application/json')) return;
  expect(contentType, what).toMatch(/^application\/json\b/);
  const body: unknown = res.json();
  if (succeeded && c.answer) {
    expectShape(c.answer, body, what);
  } else if (c.quranErrors) {
    expectShape(QuranErrorSchema, body, what);
    expect(body, what).toMatchObject({ code: res.statusCode });
  } else if (succeeded) {
    expectShape(SuccessAnswer, body, what);
    expect(body, what).toMatchObject({ statusCode: res.statusCode });
  } else {
    expectShape(ErrorAnswer, body, what);
    expect(body, what).toMatchObject({ statusCode: res.statusCode, status: statusName(res.statusCode) });
  }
}

/**
 * Every table's rows, as one hash per table, and every sequence's position (a refused insert that reached
 * the database would still use up an id). No table is left out: the rate limits count in memory, and no
 * table changes on a request that is refused.
 */
async function databaseFingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = await sqlRows<{ name: string }>(
    t,
    sql`SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1`,
  );
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await sqlRows<{ rows: string; hash: string | null }>(
      t,
      sql`SELECT count(*)::text AS rows, md5(string_agg(r::text, '|' ORDER BY r::text)) AS hash
          FROM ${sql.raw(name)} r`,
    );
    fingerprint[name] = `${row?.rows} rows ${row?.hash ?? ''}`;
  }
  const sequences = await sqlRows<{ name: string; position: string | null }>(
    t,
    sql`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS position
        FROM pg_sequences ORDER BY 1`,
  );
  for (const { name, position } of sequences) fingerprint[`sequence ${name}`] = position ?? 'unused';
  return fingerprint;
}

let t: TestApp;
let calls: Call[];
let tokens: Tokens;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInUser(t, 'ROLE_SYSADMIN');
  // A customer with an invoice, so that the read calls have rows to answer and a wrong write has rows to spoil.
  const customer = await createCustomer(t, admin.tokens.access);
  await addInvoice(t, admin.tokens.access, customer.id);
  // An access token of the same session, correctly signed, that expired five minutes ago.
  const expiredAccess = await createTokenSigner(t.config.auth.jwtSecret ?? '', {
    accessTokenMinutes: -5,
  }).signAccessToken({ id: admin.id, permissions: 'READ:USER' }, String(decodeJwt(admin.tokens.access).sid));
  tokens = { ...admin.tokens, expiredAccess };
  calls = apiCalls({ user: admin.id, customer: customer.id, organisation: admin.organisationId });
});
afterAll(() => t.close());

it('covers every call of the OpenAPI document', () => {
  const documented = Object.entries(t.app.swagger().paths ?? {}).flatMap(([path, operations]) =>
    Object.keys(operations ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
  );
  const fuzzed = calls.map((c) => c.route.replace(/:(\w+)/g, '{$1}'));
  expect(fuzzed.sort()).toEqual(documented.sort());
});

it('starts each call from a valid example of its contract, with every field of it', () => {
  for (const c of calls) {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = c.contract?.[part];
      if (!schema) continue;
      const example = c[part] ?? {};
      expect(schema.safeParse(example).error, `${c.route} ${part}`).toBeUndefined();
      expect(Object.keys(example).sort(), `${c.route} ${part}`).toEqual(Object.keys(schema.shape).sort());
    }
  }
});

it(`answers ${REQUESTS} malformed requests below 500, in the envelope, and changes nothing`, async () => {
  const before = await databaseFingerprint(t);
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['public.users', 'public.customers']));

  const perCall = new Map<string, number>();
  let unauthorized = 0;
  await fc.assert(
    fc.asyncProperty(fc.oneof(...calls.map((c) => requestsFor(c, tokens))), async (request) => {
      const res = await call(t, injectOptions(request));
      perCall.set(request.call.route, (perCall.get(request.call.route) ?? 0) + 1);
      if (res.statusCode === 401) unauthorized += 1;
      expectWellFormedAnswer(request.call, res);
    }),
    { seed: SEED, numRuns: REQUESTS },
  );

  const sent = [...perCall.values()].reduce((sum, n) => sum + n, 0);
  expect(sent).toBe(REQUESTS);
  // Every call had its share, and most requests got past the token to be judged on their content.
  for (const c of calls) expect(perCall.get(c.route), c.route).toBeGreaterThan(100);
  expect(unauthorized).toBeLessThan(REQUESTS / 3);
  expect(await databaseFingerprint(t)).toEqual(before);
  // About 25 s on PGlite or PostgreSQL on an idle 2-core machine, 62 s alone on a slower one (load average 2.8),
  // and more than 120 s beside the rest of the suite there: the margin is for that.
}, 300_000);
