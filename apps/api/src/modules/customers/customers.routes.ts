/**
 * The /api/customer calls of REFERENCE §1: customers, their invoices, the home screen's stats and the
 * Excel report, all of the caller's current organisation (decision 17): another organisation's customer or
 * invoice is "not found". Every call checks the caller's permission on the server (the template only hid buttons):
 * READ:CUSTOMER to read, UPDATE:CUSTOMER to update, CREATE:CUSTOMER to create customers and invoices (an
 * invoice's payments and cancelling: invoice-life.routes.ts).
 * The permission is checked on request, before the body is read or validated, so a caller without the
 * right learns nothing about what the call would accept. Every answer carries the caller as `user`.
 */
import { signedInCall } from '../../lib/api-docs.js';
import path from 'node:path';
import {
  CreateCustomerSchema,
  CreateInvoiceSchema,
  CustomerAnswerSchema,
  CustomerListAnswerSchema,
  CustomerOptionsAnswerSchema,
  DashboardAnswerSchema,
  InvoiceAddedAnswerSchema,
  CustomerSearchAnswerSchema,
  CUSTOMER_OPTIONS_LIMIT,
  FILTERED_LIST_CAP,
  CUSTOMERS_WITH_EMAIL_LIMIT,
  CUSTOMER_IMPORT_COLUMNS,
  ImportAnswerSchema,
  ImportCustomersSchema,
  CustomersWithEmailQuerySchema,
  CUSTOMER_REPORT_FILE_NAME,
  CustomerOptionsQuerySchema,
  IdSchema,
  InvoiceAnswerSchema,
  InvoiceListAnswerSchema,
  InvoiceListQuerySchema,
  InvoiceExportQuerySchema,
  BUSINESS_ACTION_PERMISSIONS,
  PageQuerySchema,
  CustomerSearchQuerySchema,
  isSpecCustomerOrder,
  UpdateCustomerSchema,
  XLSX_CONTENT_TYPE,
  type CustomerData,
  type CustomerListData,
  type CustomerOptionsData,
  type DashboardData,
  type InvoiceAddedData,
  type CustomerSearchData,
  type InvoiceData,
  type InvoiceListData,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import type { Queryable } from '../../db/database.js';
import { binaryAnswer, errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { namedDownload, sendTemporaryFile } from '../../lib/temporary-file-answer.js';
import { callerOf, callerUser } from '../auth/auth.module.js';
import { answerOnce, keyedRequestOf, SAFE_TO_RETRY, sendAnswer } from '../idempotency/idempotent-writes.js';
import {
  businessDetailsOf,
  organisationScopes,
  type OrganisationScope,
} from '../organisations/organisations.module.js';
import { customerLists } from './customer-list.js';
import { filteredCustomers } from './customer-filters.js';
import { createCustomersReport } from './customers-report.js';
import { readCustomersCsv } from './customer-import.js';
import {
  customersWithEmail,
  findCustomer,
  insertCustomer,
  insertCustomers,
  listCustomerOptions,
  updateCustomer,
} from './customers.repository.js';
import { dashboardOf } from './dashboard.repository.js';
import { invoiceContent } from './invoice-content.js';
import { today } from './invoice-life.service.js';
import { invoicesCsv, invoicesWorkbook } from './invoice-export.js';
import { listInvoices } from './invoice-list.js';
import { findInvoiceWithCustomer, insertInvoice, invoicesOfCustomer } from './invoices.repository.js';
import { noCustomer, noInvoice } from './not-found.js';

const IdParamsSchema = z.object({ id: IdSchema });

export const REPORT_FAILED = 'Unable to export report file';
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

async function customerWithInvoices(db: Queryable, organisationId: number, id: number) {
  const customer = await findCustomer(db, organisationId, id);
  if (!customer) throw noCustomer(id);
  return { ...customer, invoices: await invoicesOfCustomer(db, organisationId, id) };
}

export const customersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { config } = context;
  const { guard } = context.auth;
  const scopeOf = organisationScopes(context.database);
  const canRead = guard.requirePermission('READ:CUSTOMER');
  const canUpdate = guard.requirePermission('UPDATE:CUSTOMER');
  const canCreate = guard.requirePermission('CREATE:CUSTOMER');
  const customerListOf = customerLists();

  app.get(
    '/list',
    {
      schema: {
        ...signedInCall('customers', 'A page of customers, newest first, and the stats'),
        querystring: PageQuerySchema,
        response: { 200: CustomerListAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const data: CustomerListData = {
        user: callerUser(request),
        ...(await customerListOf(scopeOf(request)).page(request.query)),
      };
      return successBody(200, 'Customers retrieved', data);
    },
  );

  app.post(
    '/create',
    {
      schema: {
        ...signedInCall('customers', `Create a customer${SAFE_TO_RETRY}`),
        body: CreateCustomerSchema,
        response: { 201: CustomerAnswerSchema, ...errorAnswers(400, 401, 403, 409, 507) },
      },
      onRequest: canCreate,
    },
    async (request, reply) => {
      const { db, id: organisationId } = scopeOf(request);
      const content = { organisationId, customer: request.body };
      const answer = await answerOnce(db, keyedRequestOf(request), content, async (tx) => {
        const customer = await insertCustomer(tx, organisationId, request.body);
        const data: CustomerData = { user: callerUser(request), customer: { ...customer, invoices: [] } };
        return { statusCode: 201, body: successBody(201, 'Customer created', data) };
      });
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/import',
    {
      schema: {
        ...signedInCall(
          'customers',
          `Customers from a CSV file (columns ${CUSTOMER_IMPORT_COLUMNS.join(', ')}): all, or none with the report of each refused row${SAFE_TO_RETRY}`,
        ),
        body: ImportCustomersSchema,
        response: { 200: ImportAnswerSchema, ...errorAnswers(400, 401, 403, 409, 507) },
      },
      onRequest: guard.requirePermission(BUSINESS_ACTION_PERMISSIONS.importCustomers),
    },
    async (request, reply) => {
      const { db, id: organisationId } = scopeOf(request);
      const read = readCustomersCsv(request.body.csv);
      const content = { organisationId, import: request.body.csv };
      const answer = await answerOnce(db, keyedRequestOf(request), content, async (tx) => {
        const imported = 'customers' in read ? await insertCustomers(tx, organisationId, read.customers) : 0;
        const refused = 'refused' in read ? read.refused : [];
        const message =
          refused.length > 0
            ? `Nothing imported: ${refused.length} ${refused.length === 1 ? 'row is' : 'rows are'} refused`
            : `${imported} ${imported === 1 ? 'customer' : 'customers'} imported`;
        return {
          statusCode: 200,
          body: successBody(200, message, { user: callerUser(request), report: { imported, refused } }),
        };
      });
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/get/:id',
    {
      schema: {
        ...signedInCall('customers', 'A customer with its invoices, newest first'),
        params: IdParamsSchema,
        response: { 200: CustomerAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const { db, id: organisationId } = scopeOf(request);
      const data: CustomerData = {
        user: callerUser(request),
        customer: await customerWithInvoices(db, organisationId, request.params.id),
      };
      return successBody(200, 'Customer retrieved', data);
    },
  );

  app.get(
    '/search',
    {
      schema: {
        ...signedInCall(
          'customers',
          'A page of the customers whose name contains `name` (case and accents ignored), newest first; or of ' +
            'the statuses and types asked, sorted by name, creation time or total billed (the first ' +
            `${FILTERED_LIST_CAP} of such a list)`,
        ),
        querystring: CustomerSearchQuerySchema,
        response: { 200: CustomerSearchAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const { name, page, size, ...narrowed } = request.query;
      const scope = scopeOf(request);
      const data: CustomerSearchData = {
        user: callerUser(request),
        page: isSpecCustomerOrder(narrowed)
          ? { ...(await customerListOf(scope).search(name, { page, size })), capped: false }
          : await filteredCustomers(scope.db, scope.id, request.query),
      };
      return successBody(200, 'Customers retrieved', data);
    },
  );

  app.get(
    '/dashboard',
    {
      schema: {
        ...signedInCall(
          'customers',
          'The dashboard: billed and paid in each of the last 12 months, what is owed and overdue, who owes most',
        ),
        response: { 200: DashboardAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const { db, id } = scopeOf(request);
      const data: DashboardData = {
        user: callerUser(request),
        dashboard: await dashboardOf(db, id, today()),
      };
      return successBody(200, 'Dashboard retrieved', data);
    },
  );

  app.get(
    '/with-email',
    {
      schema: {
        ...signedInCall(
          'customers',
          `The customers already using an e-mail, case ignored (at most ${CUSTOMERS_WITH_EMAIL_LIMIT}): the forms ask before another is saved with it`,
        ),
        querystring: CustomersWithEmailQuerySchema,
        response: { 200: CustomerOptionsAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const { db, id } = scopeOf(request);
      const data: CustomerOptionsData = {
        user: callerUser(request),
        customers: await customersWithEmail(db, id, request.query.email, CUSTOMERS_WITH_EMAIL_LIMIT),
      };
      return successBody(200, 'Customers retrieved', data);
    },
  );

  app.put(
    '/update',
    {
      schema: {
        ...signedInCall('customers', 'Update a customer'),
        body: UpdateCustomerSchema,
        response: { 200: CustomerAnswerSchema, ...errorAnswers(400, 401, 403, 404, 507) },
      },
      onRequest: canUpdate,
    },
    async (request) => {
      const { db, id: organisationId } = scopeOf(request);
      const { id, ...values } = request.body;
      const updated = await updateCustomer(db, organisationId, id, values);
      if (!updated) throw noCustomer(id);
      const data: CustomerData = {
        user: callerUser(request),
        customer: await customerWithInvoices(db, organisationId, id),
      };
      return successBody(200, 'Customer updated', data);
    },
  );

  const customerOptions = ({ db, id }: OrganisationScope, name?: string) =>
    listCustomerOptions(db, id, { name, limit: CUSTOMER_OPTIONS_LIMIT });

  app.get(
    '/invoice/new',
    {
      schema: {
        ...signedInCall(
          'customers',
          `The customers of the invoice form's select: by name, at most ${CUSTOMER_OPTIONS_LIMIT}`,
        ),
        querystring: CustomerOptionsQuerySchema,
        response: { 200: CustomerOptionsAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const data: CustomerOptionsData = {
        user: callerUser(request),
        customers: await customerOptions(scopeOf(request), request.query.name),
      };
      return successBody(200, 'Customers retrieved', data);
    },
  );

  app.post(
    '/invoice/addtocustomer/:id',
    {
      schema: {
        ...signedInCall('customers', `Add an invoice to a customer${SAFE_TO_RETRY}`),
        params: IdParamsSchema,
        body: CreateInvoiceSchema,
        response: { 200: InvoiceAddedAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 507) },
      },
      onRequest: canCreate,
    },
    async (request, reply) => {
      const { id } = request.params;
      if (request.body.customerId !== id) {
        throw AppError.badRequest(
          `The customer ID of the address (${id}) and of the invoice (${request.body.customerId}) differ`,
        );
      }
      // Refused before anything is written when its lines and total disagree.
      const invoice = invoiceContent(request.body);
      const scope = scopeOf(request);
      const content = { organisationId: scope.id, invoice: request.body };
      // The answer's list is read in the invoice's transaction: once the invoice is committed, nothing is left
      // that could fail (a lost connection would otherwise answer 503 for an invoice that exists).
      const answer = await answerOnce(scope.db, keyedRequestOf(request), content, async (tx) => {
        if (!(await findCustomer(tx, scope.id, id))) throw noCustomer(id);
        const saved = await insertInvoice(tx, scope.id, invoice, callerOf(request).user.id);
        const data: InvoiceAddedData = {
          user: callerUser(request),
          customers: await customerOptions({ ...scope, db: tx }),
          invoice: { id: saved.id, invoiceNumber: saved.invoiceNumber },
        };
        return { statusCode: 200, body: successBody(200, `Invoice added to customer with ID: ${id}`, data) };
      });
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/invoice/list',
    {
      schema: {
        ...signedInCall(
          'customers',
          'A page of invoices: all, newest first; or filtered by status, customer, dates and totals, and sorted by a column',
        ),
        querystring: InvoiceListQuerySchema,
        response: { 200: InvoiceListAnswerSchema, ...errorAnswers(400, 401, 403) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const data: InvoiceListData = {
        user: callerUser(request),
        page: await listInvoices(scopeOf(request), request.query),
      };
      return successBody(200, 'Invoice retrieved', data);
    },
  );

  app.get(
    '/invoice/export',
    {
      schema: {
        ...signedInCall(
          'customers',
          'Every invoice the filters find, as a CSV or an Excel file, by number (managers and above)',
        ),
        querystring: InvoiceExportQuerySchema,
        response: {
          200: binaryAnswer('invoices-{date}.csv or .xlsx', [CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE]),
          ...errorAnswers(400, 401, 403),
        },
      },
      onRequest: guard.requirePermission(BUSINESS_ACTION_PERMISSIONS.exportInvoices),
    },
    async (request, reply) => {
      const { db, id: organisationId } = scopeOf(request);
      const { format, ...filters } = request.query;
      namedDownload(reply, `invoices-${today()}.${format}`);
      if (format === 'csv') {
        return reply.header('Content-Type', CSV_CONTENT_TYPE).send(invoicesCsv(db, organisationId, filters));
      }
      const workbook = await invoicesWorkbook(db, organisationId, filters, path.join(config.dataDir, 'tmp'));
      return sendTemporaryFile(reply, workbook, XLSX_CONTENT_TYPE);
    },
  );

  app.get(
    '/invoice/get/:id',
    {
      schema: {
        ...signedInCall('customers', 'An invoice and its customer'),
        params: IdParamsSchema,
        response: { 200: InvoiceAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: canRead,
    },
    async (request) => {
      const { db, id: organisationId } = scopeOf(request);
      const found = await findInvoiceWithCustomer(db, organisationId, request.params.id);
      if (!found) throw noInvoice(request.params.id);
      const company = await businessDetailsOf(db, organisationId);
      const data: InvoiceData = { user: callerUser(request), ...found, company };
      return successBody(200, 'Invoice retrieved', data);
    },
  );

  app.get(
    '/download/report',
    {
      schema: {
        ...signedInCall('customers', 'Every customer as an Excel file (customer-report.xlsx)'),
        response: {
          200: binaryAnswer(CUSTOMER_REPORT_FILE_NAME, [XLSX_CONTENT_TYPE]),
          ...errorAnswers(401, 403),
        },
      },
      onRequest: canRead,
      // Already compressed (a zip), and compressing would drop the Content-Length the progress bar needs.
      compress: false,
    },
    async (request, reply) => {
      let report;
      try {
        const { db, id: organisationId } = scopeOf(request);
        report = await createCustomersReport(db, organisationId, path.join(config.dataDir, 'tmp'));
      } catch (error) {
        request.log.error({ err: error }, 'customer report failed');
        throw new AppError(500, REPORT_FAILED);
      }
      return sendTemporaryFile(namedDownload(reply, CUSTOMER_REPORT_FILE_NAME), report, XLSX_CONTENT_TYPE);
    },
  );
};
