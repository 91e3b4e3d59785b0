CREATE TABLE "invoice_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint DEFAULT current_organisation_id() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" bigint,
	"action" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "invoice_events_action_check" CHECK ("action" IN ('CREATED', 'PAYMENT_RECORDED', 'REFUND_RECORDED', 'STATUS_CHANGED', 'CANCELED'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"organisation_id" bigint DEFAULT current_organisation_id() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_position_pk" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "invoice_lines_position_range" CHECK ("invoice_lines"."position" BETWEEN 1 AND 100),
	CONSTRAINT "invoice_lines_description_length" CHECK (char_length("description") BETWEEN 1 AND 2000),
	CONSTRAINT "invoice_lines_quantity_positive" CHECK ("invoice_lines"."quantity" > 0),
	CONSTRAINT "invoice_lines_unit_price_not_negative" CHECK ("invoice_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint DEFAULT current_organisation_id() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_kind_check" CHECK ("kind" IN ('PAYMENT', 'REFUND')),
	CONSTRAINT "invoice_payments_method_check" CHECK ("method" IN ('BANK_TRANSFER', 'CARD', 'CASH', 'CHEQUE', 'OTHER')),
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount" > 0),
	CONSTRAINT "invoice_payments_note_length" CHECK (char_length("invoice_payments"."note") <= 500)
);
--> statement-breakpoint
-- What the foreign keys of an invoice's lines, payments and history name: made before them.
CREATE UNIQUE INDEX "invoices_organisation_id_key" ON "invoices" USING btree ("organisation_id","id");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "invoices_pending_date_idx" ON "invoices" USING btree ("date") WHERE "invoices"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_amount_paid_not_negative" CHECK ("invoices"."amount_paid" >= 0);--> statement-breakpoint
-- The invoices cancelled before a reason was asked for say so.
UPDATE "invoices" SET "cancel_reason" = 'Cancelled before reasons were recorded' WHERE "status" = 'CANCELED';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cancel_reason_when_canceled" CHECK (("invoices"."status" = 'CANCELED') = ("invoices"."cancel_reason" IS NOT NULL));--> statement-breakpoint
-- Each business's rows are its own, as for customers and invoices (0012).
ALTER TABLE "invoice_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_lines_of_current_organisation" ON "invoice_lines"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
ALTER TABLE "invoice_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_payments_of_current_organisation" ON "invoice_payments"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
ALTER TABLE "invoice_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_events_of_current_organisation" ON "invoice_events"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
-- The lines of the invoices written before lines existed, read from their services text as the server reads a
-- template-style invoice (packages/contracts/src/invoice-lines.ts, linesOfServices): when every entry is
-- "number description amount" and the amounts add up to the total, one line per entry; otherwise one line, the
-- whole text, at the total, so every invoice still adds up and no text is lost.
INSERT INTO "invoice_lines" ("organisation_id", "invoice_id", "position", "description", "quantity", "unit_price")
  WITH "entries" AS (
    SELECT i."organisation_id", i."id" AS "invoice_id", i."total", e."position",
           regexp_match(trim(e."entry"), '^\d+\s+(.+?)\s+\$?(\d+(\.\d{1,2})?)$') AS "parts"
    FROM "invoices" i, regexp_split_to_table(i."services", ',') WITH ORDINALITY AS e("entry", "position")
    WHERE trim(e."entry") <> ''
  ), "read_by_entry" AS (
    SELECT "invoice_id" FROM "entries" GROUP BY "invoice_id", "total"
    HAVING bool_and("parts" IS NOT NULL) AND count(*) <= 100 AND sum(("parts")[2]::numeric) = "total"
  )
  SELECT e."organisation_id", e."invoice_id", row_number() OVER (PARTITION BY e."invoice_id" ORDER BY e."position"),
         trim((e."parts")[1]), 1, (e."parts")[2]::numeric
  FROM "entries" e WHERE e."invoice_id" IN (SELECT "invoice_id" FROM "read_by_entry")
  UNION ALL
  SELECT i."organisation_id", i."id", 1, trim(i."services"), 1, i."total"
  FROM "invoices" i WHERE i."id" NOT IN (SELECT "invoice_id" FROM "read_by_entry");--> statement-breakpoint
-- The invoices marked paid before payments were recorded: paid in full (the total and its 5.4% tax) on their date.
UPDATE "invoices" SET "amount_paid" = "total" + round("total" * 0.054, 2) WHERE "status" = 'PAID';--> statement-breakpoint
INSERT INTO "invoice_payments" ("organisation_id", "invoice_id", "kind", "date", "amount", "method", "note")
  SELECT "organisation_id", "id", 'PAYMENT', "date", "amount_paid", 'OTHER', 'Marked paid before payments were recorded'
  FROM "invoices" WHERE "status" = 'PAID';--> statement-breakpoint
INSERT INTO "invoice_events" ("organisation_id", "invoice_id", "at", "action", "description")
  SELECT "organisation_id", "id", "created_at", 'CREATED', 'Created as ' || "status" || ', before the history was kept'
  FROM "invoices";--> statement-breakpoint
-- Total Billed leaves out cancelled invoices: an invoice counts for its total unless it is CANCELED.
CREATE OR REPLACE FUNCTION customer_totals_count_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_totals SET invoices = 0, billed = 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE customer_totals t SET invoices = t.invoices + d.n, billed = t.billed + d.amount
    FROM (
      SELECT organisation_id, count(*) AS n,
             coalesce(sum(CASE WHEN status = 'CANCELED' THEN 0 ELSE total END), 0) AS amount
      FROM new_rows GROUP BY organisation_id
    ) d
    WHERE t.organisation_id = d.organisation_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE customer_totals t SET invoices = t.invoices - d.n, billed = t.billed - d.amount
    FROM (
      SELECT organisation_id, count(*) AS n,
             coalesce(sum(CASE WHEN status = 'CANCELED' THEN 0 ELSE total END), 0) AS amount
      FROM old_rows GROUP BY organisation_id
    ) d
    WHERE t.organisation_id = d.organisation_id;
  ELSE
    -- An update that changes no billed amount (a payment, a new status other than CANCELED) leaves the rows
    -- alone, so it takes no lock on them.
    UPDATE customer_totals t SET billed = t.billed + d.amount
    FROM (
      SELECT organisation_id, sum(amount) AS amount FROM (
        SELECT organisation_id, CASE WHEN status = 'CANCELED' THEN 0 ELSE total END AS amount FROM new_rows
        UNION ALL SELECT organisation_id, CASE WHEN status = 'CANCELED' THEN 0 ELSE -total END FROM old_rows
      ) moved GROUP BY organisation_id
    ) d
    WHERE t.organisation_id = d.organisation_id AND d.amount <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE customer_totals t SET billed = coalesce(
  (SELECT sum(total) FROM invoices i WHERE i.organisation_id = t.organisation_id AND i.status <> 'CANCELED'), 0);
--> statement-breakpoint
-- Marks OVERDUE every PENDING invoice whose due date (its date + 30 days) is before `today` with a balance due, in
-- every organisation, and writes the change in each one's history; gives how many. As the tables' owner: the server
-- calls it on no organisation's behalf. Several instances may call it at once: the second waits for the first's row
-- locks, then finds those invoices no longer PENDING, so each change is made and written once.
CREATE FUNCTION mark_overdue_invoices(today date) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
DECLARE
  marked integer;
BEGIN
  WITH overdue AS (
    UPDATE public.invoices SET status = 'OVERDUE'
    WHERE status = 'PENDING' AND date + 30 < today AND amount_paid < total + round(total * 0.054, 2)
    RETURNING organisation_id, id
  ), written AS (
    INSERT INTO public.invoice_events (organisation_id, invoice_id, action, description)
    SELECT organisation_id, id, 'STATUS_CHANGED', 'Overdue: the due date passed with a balance due' FROM overdue
    RETURNING 1
  )
  SELECT count(*) INTO marked FROM written;
  RETURN marked;
END $$;
