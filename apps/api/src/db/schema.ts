/**
 * The database schema of the whole product, one pg-core schema for both drivers
 * (embedded PGlite and a PostgreSQL server). Constraints live here, not only in code:
 * what the database refuses cannot be written by a bug.
 *
 * Things drizzle-kit cannot express (extensions, the accent-insensitive trigram index,
 * seed rows) are in the hand-written migrations of ../../drizzle.
 */
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  INVOICE_EVENT_ACTIONS,
  INVOICE_SERVICES_MAX_LENGTH,
  INVOICE_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Bytes: both drivers give and take a bytea as a Node Buffer (a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Every timestamp is a timestamptz, stored as UTC, given to code as a Date. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const userRef = (name = 'user_id') =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references((): AnyPgColumn => users.id, { onDelete: 'cascade' });
/** The organisation a row belongs to (a business: its customers, invoices and totals, and its people). */
const organisationRef = () =>
  bigint('organisation_id', { mode: 'number' })
    .notNull()
    .references((): AnyPgColumn => organisations.id, { onDelete: 'cascade' });
/**
 * The organisation a business row belongs to: by default the one the writing connection is set to
 * (current_organisation_id(), drizzle/0012), whose row-level security policy refuses any other.
 */
const businessOrganisationRef = () => organisationRef().default(sql`current_organisation_id()`);

// The customer types and statuses and the invoice statuses are the contracts' lists, the ones the API validates
// with and the web offers; the checks below hold the database to them (drizzle/0001_schema.sql wrote the same values).
export const OUTBOX_CHANNELS = ['EMAIL', 'SMS'] as const;
export const OUTBOX_STATES = ['PENDING', 'SENT', 'FAILED'] as const;

/** `column IN ('A','B')` for an enum check, written once. */
function oneOf(column: { name: string }, values: readonly string[]) {
  return sql.raw(`"${column.name}" IN (${values.map((v) => `'${v}'`).join(', ')})`);
}

export const roles = pgTable('roles', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Comma-separated permissions, as the API sends them (e.g. "READ:USER,READ:CUSTOMER"). */
  permission: text('permission').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    address: text('address'),
    phone: text('phone'),
    title: text('title'),
    bio: text('bio'),
    imageUrl: text('image_url'),
    enabled: boolean('enabled').notNull().default(false),
    notLocked: boolean('not_locked').notNull().default(true),
    usingMfa: boolean('using_mfa').notNull().default(false),
    /** When the owner confirmed the e-mail address; null until then (an unconfirmed account cannot log in). */
    confirmedAt: timestamptz('confirmed_at'),
    /**
     * The organisation the user works in now (chosen from the profile menu): their role there is their role.
     * Always one of their memberships (the foreign key below); null only while the account is being created.
     */
    currentOrganisationId: bigint('current_organisation_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'users_current_membership_fk',
      columns: [t.currentOrganisationId, t.id],
      foreignColumns: [memberships.organisationId, memberships.userId],
    }),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_first_name_length', sql`char_length(${t.firstName}) BETWEEN 1 AND 100`),
    check('users_last_name_length', sql`char_length(${t.lastName}) BETWEEN 1 AND 100`),
  ],
);

/**
 * A business: its customers, invoices, totals and invoice numbers are its own, and PostgreSQL's row-level
 * security keeps them apart (drizzle/0012_organisations.sql, decision 17). Registering creates one.
 */
export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('organisations_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 100`)],
);

/** Who belongs to an organisation, with one role there: the primary key makes a second row impossible. */
export const memberships = pgTable(
  'memberships',
  {
    organisationId: organisationRef(),
    userId: userRef(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * A person invited by e-mail into an organisation with a role: the link's key is single use and expires;
 * only a hash of it is stored. A new invitation of the same address replaces the pending one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organisationId: organisationRef(),
    email: text('email').notNull(),
    roleId: smallint('role_id')
      .notNull()
      .references(() => roles.id),
    invitedBy: userRef('invited_by'),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_organisation_idx').on(t.organisationId, t.createdAt.desc().nullsFirst()),
    // At most one pending invitation per address and organisation.
    uniqueIndex('invitations_pending_key')
      .on(t.organisationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
  ],
);

export const eventTypes = pgTable('event_types', {
  id: smallint('id').primaryKey(),
  type: text('type').notNull().unique(),
  description: text('description').notNull(),
});

export const userEvents = pgTable(
  'user_events',
  {
    id: id(),
    userId: userRef(),
    eventTypeId: smallint('event_type_id')
      .notNull()
      .references(() => eventTypes.id),
    device: text('device').notNull(),
    ipAddress: text('ip_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_events_user_recent_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** Single-use keys (account confirmation, password reset): only a hash of the key is stored. */
function oneTimeKeyTable(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      userId: userRef(),
      keyHash: text('key_hash').notNull().unique(),
      expiresAt: timestamptz('expires_at').notNull(),
      usedAt: timestamptz('used_at'),
      createdAt: createdAt(),
    },
    (t) => [index(`${name}_user_idx`).on(t.userId)],
  );
}

export const accountVerifications = oneTimeKeyTable('account_verifications');
export const passwordResets = oneTimeKeyTable('password_resets');
/**
 * The "this wasn't me" links sent to the address of an account whose e-mail, phone, password or MFA changed, with
 * the address they were sent to: a report gives the account back that address if it was changed since.
 */
export const changeReports = pgTable(
  'change_reports',
  {
    id: id(),
    userId: userRef(),
    notifiedEmail: text('notified_email').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('change_reports_user_idx').on(t.userId)],
);

/** A new e-mail address waiting for its owner to confirm it by the link sent to it; the key is hashed. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: userRef(),
    newEmail: text('new_email').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

export const MFA_FACTORS = ['SMS', 'TOTP'] as const;
/** What a code proves: a login's second step, or the owner's presence for a change of the account (step-up.ts). */
export const MFA_PURPOSES = ['LOGIN', 'CHANGE'] as const;

/**
 * A pending second-factor step: at most one per user and purpose, short-lived, with a try counter. For SMS it holds
 * the hash of the code sent; for TOTP (an authenticator app) no code is sent, and the row only says that the
 * password step of a login was passed. A code sent for a change never completes a login, nor the reverse.
 */
export const mfaCodes = pgTable(
  'mfa_codes',
  {
    userId: userRef(),
    purpose: text('purpose').notNull().default('LOGIN'),
    factor: text('factor').notNull().default('SMS'),
    codeHash: text('code_hash'),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purpose] }),
    check('mfa_codes_attempts_range', sql`${t.attempts} >= 0`),
    check('mfa_codes_factor_check', oneOf(t.factor, MFA_FACTORS)),
    check('mfa_codes_purpose_check', oneOf(t.purpose, MFA_PURPOSES)),
    check('mfa_codes_sms_has_code', sql`${t.factor} <> 'SMS' OR ${t.codeHash} IS NOT NULL`),
  ],
);

/**
 * Refresh tokens, rotated on every use. Tokens issued from one login share a family;
 * presenting a token that was already used revokes the whole family (theft detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: userRef(),
    /** The session (sessions.id) the token belongs to. */
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const GUESS_KINDS = ['LOGIN', 'CODE', 'CURRENT_PASSWORD'] as const;

/**
 * Counts of wrong guesses of a secret, by kind: LOGIN by e-mail address (whether or not an account has it: the
 * lockout must answer the same for both, or it would tell a stranger which addresses have accounts), CODE (the
 * second factor) and CURRENT_PASSWORD (re-entered to change the account) by user id. An attempt is counted as
 * pending before its secret is checked, so guesses sent at once cannot all be checked (guess-limits.ts).
 */
export const guessCounts = pgTable(
  'guess_counts',
  {
    kind: text('kind').notNull(),
    /** lower(e-mail) for LOGIN, the user's id for the others. */
    subject: text('subject').notNull(),
    failures: integer('failures').notNull().default(0),
    /** Attempts being checked now; each is settled as a failure or taken back when it succeeds. */
    pending: integer('pending').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
    lastAttemptAt: timestamptz('last_attempt_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subject] }),
    check('guess_counts_kind_check', oneOf(t.kind, GUESS_KINDS)),
    check('guess_counts_counts_range', sql`${t.failures} >= 0 AND ${t.pending} >= 0`),
  ],
);

/**
 * A login: its device and address, when it began and was last used, and the absolute end of its life whatever
 * its use. Its refresh tokens (a family) rotate within it; ending it ends them and its access tokens.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: userRef(),
    device: text('device').notNull(),
    ipAddress: text('ip_address').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastUsedAt.desc().nullsFirst())],
);

/**
 * The authenticator-app factor (TOTP, RFC 6238) of a user: the shared secret, encrypted with a key from the
 * configuration; confirmed once the user entered a first code. The last time step used makes each code single use.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: userRef().primaryKey(),
  encryptedSecret: text('encrypted_secret').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of the authenticator-app factor, shown once; only their hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: userRef(),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A retried create call (Idempotency-Key header): the first answer, given again to a retry with the same key and
 * request, so the retry creates nothing. Keys are the caller's own and kept a day.
 */
export const idempotentAnswers = pgTable(
  'idempotent_answers',
  {
    userId: userRef(),
    key: text('key').notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    statusCode: smallint('status_code').notNull(),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('idempotent_answers_key_length', sql`char_length(${t.key}) BETWEEN 1 AND 255`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    organisationId: businessOrganisationRef(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAt(),
    /**
     * The name as searched: lower case, accents removed (search_text(), drizzle/0002). Stored, so a search
     * reads it instead of computing unaccent() again for every candidate row; GIN trigram index in 0008.
     */
    searchName: text('search_name').generatedAlwaysAs(sql`search_text(name)`),
    /**
     * What the customer was billed, in cents: the totals of its invoices but the cancelled ones, as the card's Total
     * Billed. Kept by triggers on invoices (drizzle/0025), so the customer list can be sorted by it through an index.
     */
    billedCents: bigint('billed_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('customers_type_check', oneOf(t.type, CUSTOMER_TYPES)),
    check('customers_status_check', oneOf(t.status, CUSTOMER_STATUSES)),
    check('customers_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 200`),
    // What an invoice's foreign key names: its customer within its own organisation.
    uniqueIndex('customers_organisation_id_key').on(t.organisationId, t.id),
    // An organisation's list is shown newest first with the id as tie-break. The search name rides along (last,
    // so the order is unchanged): a search for a common name walks this index newest first and reads no table row.
    index('customers_recent_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.searchName,
    ),
    // The customer list sorted by name as read (case and accents aside), or by what each was billed, and counted or
    // read by status and type (customer-filters.ts).
    index('customers_search_name_idx').on(t.organisationId, t.searchName, t.id),
    index('customers_billed_idx').on(t.organisationId, t.billedCents, t.id),
    index('customers_status_type_idx').on(t.organisationId, t.status, t.type),
    // The forms ask before a second customer is saved with an e-mail already used (GET /customer/with-email).
    index('customers_email_idx').on(t.organisationId, sql`lower(${t.email})`),
  ],
);

/**
 * What is still owed for an invoice: its total with the 5.4 % tax, less what was paid; nothing once cancelled. One
 * expression for the queries (invoice-amounts.ts) and, in cents, for the invoices' balance_cents.
 */
export const balanceDueOf = (t: { status: AnyPgColumn; total: AnyPgColumn; amountPaid: AnyPgColumn }) =>
  sql`(CASE WHEN ${t.status} = 'CANCELED' THEN 0 ELSE ${t.total} + round(${t.total} * 0.054, 2) - ${t.amountPaid} END)`;

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    organisationId: businessOrganisationRef(),
    /**
     * Readable (INV-000042), gapless and unique within the organisation: given by a trigger from the
     * organisation's counter in customer_totals, in the inserting transaction (drizzle/0012_organisations.sql).
     */
    invoiceNumber: text('invoice_number')
      .notNull()
      .default(sql`NULL`),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    services: text('services').notNull(),
    /** A calendar date (the invoice date printed on the invoice), not an instant. */
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    /** The sum of the lines' amounts (invoice_lines), computed by the server. */
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    /**
     * The total in cents, for the list's filter by amount: a bigint comparison is leakproof, so under row-level
     * security the planner may use it in an index scan; numeric comparisons are not, and would read every row.
     */
    totalCents: bigint('total_cents', { mode: 'number' }).generatedAlwaysAs(sql`(total * 100)::bigint`),
    /** Payments less refunds (invoice_payments), kept with them in one transaction. */
    amountPaid: numeric('amount_paid', { precision: 12, scale: 2 }).notNull().default('0'),
    /**
     * balanceDueOf in cents (the balance has two decimals, so the order is the same): the list sorted by balance
     * walks an index of it, and a bigint bound on it is leakproof where a numeric one is not (as total_cents).
     */
    balanceCents: bigint('balance_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`((CASE WHEN status = 'CANCELED' THEN 0 ELSE total + round(total * 0.054, 2) - amount_paid END) * 100)::bigint`,
    ),
    /**
     * The customer's name, so that the list sorted by customer walks one index of the invoices instead of every
     * customer by name and each one's invoices. Kept equal to customers.name by triggers (drizzle/0026): set on
     * insert from the customer's row, which the inserting transaction locks, and rewritten when it is renamed.
     */
    customerName: text('customer_name')
      .notNull()
      .default(sql`NULL`),
    /** Why the invoice was cancelled: set exactly when its status is CANCELED. */
    cancelReason: text('cancel_reason'),
    /** The reminders sent for this invoice once overdue (invoice-reminders.ts), and the day of the last. */
    remindersSent: integer('reminders_sent').notNull().default(0),
    lastReminderOn: date('last_reminder_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_status_check', oneOf(t.status, INVOICE_STATUSES)),
    check('invoices_total_positive', sql`${t.total} > 0`),
    check('invoices_amount_paid_not_negative', sql`${t.amountPaid} >= 0`),
    check(
      'invoices_cancel_reason_when_canceled',
      sql`(${t.status} = 'CANCELED') = (${t.cancelReason} IS NOT NULL)`,
    ),
    // What the foreign keys of its lines, payments and history name: the invoice within its organisation.
    uniqueIndex('invoices_organisation_id_key').on(t.organisationId, t.id),
    // An invoice's customer is one of its own organisation's.
    foreignKey({
      name: 'invoices_customer_fk',
      columns: [t.organisationId, t.customerId],
      foreignColumns: [customers.organisationId, customers.id],
    }).onDelete('restrict'),
    uniqueIndex('invoices_organisation_number_key').on(t.organisationId, t.invoiceNumber),
    index('invoices_recent_idx').on(
      t.organisationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('invoices_customer_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    // The calendar reads a range of invoice dates (and of due dates, 30 days later).
    index('invoices_date_idx').on(t.organisationId, t.date, t.id),
    // The invoices that may fall overdue, oldest first (mark_overdue_invoices, drizzle/0018).
    index('invoices_pending_date_idx')
      .on(t.date)
      .where(sql`${t.status} = 'PENDING'`),
    // The invoice list filtered or sorted (invoice-list.ts, decision 25): for each order, an index within each status
    // (the list walks each status asked for, or all four, and merges them), the id breaking ties, then the date and
    // total the filters test, read from the index instead of the table.
    index('invoices_status_number_idx').on(
      t.organisationId,
      t.status,
      t.invoiceNumber,
      t.id,
      t.date,
      t.totalCents,
    ),
    index('invoices_status_customer_idx').on(
      t.organisationId,
      t.status,
      t.customerName,
      t.id,
      t.date,
      t.totalCents,
    ),
    index('invoices_status_idx').on(t.organisationId, t.status, t.id, t.date, t.totalCents),
    index('invoices_status_date_idx').on(t.organisationId, t.status, t.date, t.id, t.totalCents),
    index('invoices_status_total_idx').on(t.organisationId, t.status, t.totalCents, t.id, t.date),
    // By balance in two parts, the invoices nothing was paid for (their balance follows their total) and the others.
    index('invoices_status_balance_unpaid_idx')
      .on(t.organisationId, t.status, t.balanceCents, t.id, t.date, t.totalCents)
      .where(sql`${t.amountPaid} = 0`),
    index('invoices_status_balance_paid_idx')
      .on(t.organisationId, t.status, t.balanceCents, t.id, t.date, t.totalCents)
      .where(sql`${t.amountPaid} > 0`),
    // What is owed, and by whom: the dashboard reads the open invoices from the index alone.
    index('invoices_open_idx')
      .on(t.organisationId, t.customerId, t.status, t.total, t.amountPaid)
      .where(sql`${t.status} IN ('PENDING', 'OVERDUE')`),
  ],
);

/**
 * An organisation's invoices of one status and one invoice date: how many, and the smallest and largest id and
 * number among them. Kept by statement-level triggers on invoices (drizzle/0026), in the writing transaction, so
 * the count is exact: the invoice list counts a filter by statuses and dates from here (decision 25). The ids and
 * numbers only widen while the day has invoices (they start afresh when one joins a day left empty): bounds, not
 * exact values, that let a list sorted by number or by id start its walk at the dates asked for.
 */
export const invoiceDays = pgTable(
  'invoice_days',
  {
    organisationId: businessOrganisationRef(),
    status: text('status').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    invoices: integer('invoices').notNull(),
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    firstNumber: text('first_number').notNull(),
    lastNumber: text('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.status, t.date] }),
    check('invoice_days_invoices_not_negative', sql`${t.invoices} >= 0`),
    // Everything the list reads of a day (its count and bounds) from the index alone.
    index('invoice_days_read_idx').on(
      t.organisationId,
      t.status,
      t.date,
      t.invoices,
      t.firstId,
      t.lastId,
      t.firstNumber,
      t.lastNumber,
    ),
  ],
);

/** The foreign key of a row that belongs to an invoice, within the invoice's own organisation. */
const ofInvoice = (t: { organisationId: AnyPgColumn; invoiceId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.organisationId, t.invoiceId],
    foreignColumns: [invoices.organisationId, invoices.id],
  }).onDelete('cascade');

/** An invoice's lines, in their order (issue 24): the invoice's total is the sum of their amounts. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    organisationId: businessOrganisationRef(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    /** As typed; a template-style invoice without amounts keeps its whole services text as one line. */
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.position] }),
    ofInvoice(t, 'invoice_lines_invoice_fk'),
    check('invoice_lines_position_range', sql`${t.position} BETWEEN 1 AND 100`),
    check(
      'invoice_lines_description_length',
      sql.raw(`char_length("description") BETWEEN 1 AND ${INVOICE_SERVICES_MAX_LENGTH}`),
    ),
    check('invoice_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('invoice_lines_unit_price_not_negative', sql`${t.unitPrice} >= 0`),
  ],
);

/** Money received for an invoice, and refunded (a refund is a row of its own, never an edit). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    organisationId: businessOrganisationRef(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** The day the money moved, as the user gives it. */
    date: date('date', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    method: text('method').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    ofInvoice(t, 'invoice_payments_invoice_fk'),
    check('invoice_payments_kind_check', oneOf(t.kind, PAYMENT_KINDS)),
    check('invoice_payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('invoice_payments_amount_positive', sql`${t.amount} > 0`),
    check('invoice_payments_note_length', sql`char_length(${t.note}) <= 500`),
    index('invoice_payments_invoice_idx').on(t.invoiceId, t.id),
    // The dashboard adds up an organisation's payments month by month (dashboard.repository.ts).
    index('invoice_payments_date_idx').on(t.organisationId, t.date),
  ],
);

/**
 * An invoice's history: every change, who made it (none when the server did, as for OVERDUE) and when, and
 * what, as a sentence written at the time. Rows are only ever added.
 */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: id(),
    organisationId: businessOrganisationRef(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    action: text('action').notNull(),
    description: text('description').notNull(),
  },
  (t) => [
    ofInvoice(t, 'invoice_events_invoice_fk'),
    check('invoice_events_action_check', oneOf(t.action, INVOICE_EVENT_ACTIONS)),
    index('invoice_events_invoice_idx').on(t.invoiceId, t.id),
  ],
);

/**
 * The links an e-mailed invoice carries (invoice-sending.ts): the customer opens the invoice's PDF with one,
 * without an account, until it expires. Only the key's SHA-256 is kept, so a copy of the database opens nothing.
 * invoice_link_target (drizzle/0024) finds a key's invoice across businesses, for a caller that has no organisation.
 */
export const invoiceLinks = pgTable(
  'invoice_links',
  {
    keyHash: text('key_hash').primaryKey(),
    organisationId: businessOrganisationRef(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [ofInvoice(t, 'invoice_links_invoice_fk'), index('invoice_links_expires_idx').on(t.expiresAt)],
);

/**
 * Who an organisation's invoices are from (issue 24): written by its owner in the app, read into every invoice
 * answer. No row until then, and the invoices print the organisation's name alone. The logo is a data: URL (PNG or
 * JPEG, at most 100 KB as bytes, so about 137 000 characters), checked by the API and bounded here.
 */
export const businessDetails = pgTable(
  'business_details',
  {
    organisationId: businessOrganisationRef().primaryKey(),
    name: text('name').notNull(),
    addressLines: text('address_lines').array().notNull(),
    phone: text('phone').notNull(),
    fax: text('fax').notNull(),
    website: text('website').notNull(),
    billingEmail: text('billing_email').notNull(),
    logo: text('logo'),
    /**
     * Reminders of overdue invoices (decision 24): one every `reminder_every_days` days after the due date, at
     * most `reminder_limit`; none while `reminder_every_days` is null, as a business has not turned them on.
     */
    reminderEveryDays: integer('reminder_every_days'),
    reminderLimit: integer('reminder_limit').notNull().default(3),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('business_details_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 100`),
    check('business_details_logo_length', sql`char_length(${t.logo}) <= 140000`),
    check('business_details_reminder_every_days_range', sql`${t.reminderEveryDays} BETWEEN 1 AND 90`),
    check('business_details_reminder_limit_range', sql`${t.reminderLimit} BETWEEN 1 AND 10`),
  ],
);

/**
 * An organisation's home-screen totals in one row, kept exact by triggers on customers and invoices
 * (drizzle/0006_customer_totals.sql, per organisation since 0012): the stats and the customer list's page count
 * are read here instead of being aggregated over 100 000 customers and 500 000 invoices on every call. Each
 * insert or delete of a customer or an invoice updates the row in its own transaction, so a reader sees exactly
 * the committed rows. The row is created with its organisation (a trigger on organisations).
 */
export const customerTotals = pgTable('customer_totals', {
  organisationId: bigint('organisation_id', { mode: 'number' })
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  customers: bigint('customers', { mode: 'number' }).notNull().default(0),
  invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
  /** Sum of invoices.total; unbounded numeric, as the sum of numeric(12,2) can exceed 12 digits. */
  billed: numeric('billed').notNull().default('0'),
  /**
   * Goes up with every statement that adds, removes, renames or re-dates customers: what decides which
   * customers a search finds and in which order the list shows them. A process may keep what it learnt of
   * the list (customer-list-memory.ts) while the version it read it at is still current.
   */
  customersVersion: bigint('customers_version', { mode: 'number' }).notNull().default(0),
  /**
   * The last invoice number given in the organisation. Taken by the inserting transaction, which holds the row
   * until it ends: a rolled-back invoice gives its number back, so numbers have no gaps.
   */
  lastInvoiceNumber: bigint('last_invoice_number', { mode: 'number' }).notNull().default(0),
});

/**
 * E-mails and SMS to deliver. A message is written in the same transaction as what it belongs to,
 * then sent by the dispatcher, which claims rows with a lease so two processes never send one twice.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    /** What is sent; cleared once sent or given up, so links and codes are not kept readable. */
    body: text('body'),
    /** A file sent with an e-mail (an invoice's PDF), cleared with the body. */
    attachmentName: text('attachment_name'),
    attachment: bytea('attachment'),
    state: text('state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: timestamptz('lease_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    check('outbox_channel_check', oneOf(t.channel, OUTBOX_CHANNELS)),
    check('outbox_state_check', oneOf(t.state, OUTBOX_STATES)),
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'PENDING'`),
  ],
);

/**
 * What the public content services (Quran, hadith) answered, by request, when CONTENT_SOURCE=upstream:
 * read first, so each text is fetched once and still served when the service is down.
 * The texts do not change, so rows are kept; fetched_at says how old a copy is.
 */
export const contentCache = pgTable('content_cache', {
  /** What was asked, e.g. `quran:surah:2`; the owning module names its keys. */
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  fetchedAt: timestamptz('fetched_at').notNull().defaultNow(),
});

/**
 * Mes classes: the lessons of the Arabic course (public/assets/coursArabe.json, by slug) a user has marked
 * done. One row per lesson and user; marking it again keeps the first date.
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: userRef(),
    lessonSlug: text('lesson_slug').notNull(),
    completedAt: timestamptz('completed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonSlug] }),
    check('lesson_progress_slug_length', sql`char_length(${t.lessonSlug}) BETWEEN 1 AND 100`),
  ],
);

/** What the Quran reader keeps on a user's account (the reciter they chose), one row per user who chose. */
export const readerPreferences = pgTable(
  'reader_preferences',
  {
    userId: userRef().primaryKey(),
    reciter: text('reciter').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('reader_preferences_reciter_length', sql`char_length(${t.reciter}) BETWEEN 1 AND 100`)],
);

/**
 * Mes Fichiers: the files a user keeps. The row holds what is shown and checked; the bytes are stored
 * under DATA_DIR by `storage_key` (random, never derived from the user's file name).
 */
export const userFiles = pgTable(
  'user_files',
  {
    id: id(),
    userId: userRef(),
    /** The name the user gave the file, shown and used on download. */
    name: text('name').notNull(),
    /** The type found from the bytes, not the one the browser claimed. */
    mediaType: text('media_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('user_files_size_positive', sql`${t.sizeBytes} > 0`),
    check('user_files_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 255`),
    index('user_files_owner_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
