-- The invoice list filtered and sorted at scale (issue 24, decision 25): every filter and order answered from indexes
-- walked a few hundred entries at most, counted without reading a thousand index entries where it can.
-- - Each order has one index within each status, with the date and total after the id, so a walk tests the filters
--   in the index instead of the table; a list of several statuses (or of all four) merges their walks. The indexes of
--   0022 without the status, and customers_name_idx (the list walked the customers by name), are no longer read.
-- - balance_cents: the balance in cents, a bigint whose bounds are leakproof under row-level security (as
--   total_cents), indexed in two parts: the invoices nothing was paid for owe their total with tax, so a walk by
--   balance among them starts at what the smallest total asked owes; customer_name: the customer's name on each
--   invoice, so that the list sorted by customer walks one index instead of every customer and their invoices.
-- - invoice_days: each organisation's invoices by status and date, counted and bounded by triggers; the list counts
--   a filter by statuses and dates there, and starts a walk by number or id at the ids and numbers of the dates asked.
DROP INDEX "customers_name_idx";--> statement-breakpoint
DROP INDEX "invoices_total_idx";--> statement-breakpoint
DROP INDEX "invoices_balance_idx";--> statement-breakpoint
DROP INDEX "invoices_status_idx";--> statement-breakpoint
DROP INDEX "invoices_status_number_idx";--> statement-breakpoint
DROP INDEX "invoices_status_date_idx";--> statement-breakpoint
DROP INDEX "invoices_status_total_idx";--> statement-breakpoint
DROP INDEX "invoices_status_balance_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "balance_cents" bigint GENERATED ALWAYS AS (((CASE WHEN status = 'CANCELED' THEN 0 ELSE total + round(total * 0.054, 2) - amount_paid END) * 100)::bigint) STORED;--> statement-breakpoint
-- Filled from the customers before it is required, then kept by the triggers below.
ALTER TABLE "invoices" ADD COLUMN "customer_name" text;--> statement-breakpoint
UPDATE "invoices" i SET "customer_name" = c."name"
FROM "customers" c WHERE c."organisation_id" = i."organisation_id" AND c."id" = i."customer_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "customer_name" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_status_customer_idx" ON "invoices" USING btree ("organisation_id","status","customer_name","id","date","total_cents");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("organisation_id","status","id","date","total_cents");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("organisation_id","status","invoice_number","id","date","total_cents");--> statement-breakpoint
CREATE INDEX "invoices_status_date_idx" ON "invoices" USING btree ("organisation_id","status","date","id","total_cents");--> statement-breakpoint
CREATE INDEX "invoices_status_total_idx" ON "invoices" USING btree ("organisation_id","status","total_cents","id","date");--> statement-breakpoint
CREATE INDEX "invoices_status_balance_unpaid_idx" ON "invoices" USING btree ("organisation_id","status","balance_cents","id","date","total_cents") WHERE "invoices"."amount_paid" = 0;--> statement-breakpoint
CREATE INDEX "invoices_status_balance_paid_idx" ON "invoices" USING btree ("organisation_id","status","balance_cents","id","date","total_cents") WHERE "invoices"."amount_paid" > 0;--> statement-breakpoint
-- An invoice takes its customer's name from the customer's row, which it locks as a rename does: a rename
-- committing meanwhile is waited for and its name read, and a rename that comes after waits for this transaction,
-- then rewrites its invoices too. Named to fire before invoices_take_number: an insert takes the customer's row,
-- then the organisation's totals row, in the order a rename takes them (its customers_version), so the two never
-- wait for each other in a circle. A customer this role cannot see leaves the name empty, and the foreign key
-- refuses the invoice as before.
CREATE FUNCTION invoices_customer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.name INTO NEW.customer_name FROM customers c
  WHERE c.organisation_id = NEW.organisation_id AND c.id = NEW.customer_id
  FOR NO KEY UPDATE;
  NEW.customer_name := coalesce(NEW.customer_name, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_customer_name BEFORE INSERT OR UPDATE OF customer_id ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_customer_name();--> statement-breakpoint
CREATE FUNCTION invoices_follow_customer_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoices SET customer_name = NEW.name
  WHERE organisation_id = NEW.organisation_id AND customer_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_follow_customer_name AFTER UPDATE OF name ON customers
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION invoices_follow_customer_name();--> statement-breakpoint
CREATE TABLE "invoice_days" (
	"organisation_id" bigint DEFAULT current_organisation_id() NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"invoices" integer NOT NULL,
	"first_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"first_number" text NOT NULL,
	"last_number" text NOT NULL,
	CONSTRAINT "invoice_days_organisation_id_status_date_pk" PRIMARY KEY("organisation_id","status","date"),
	CONSTRAINT "invoice_days_invoices_not_negative" CHECK ("invoice_days"."invoices" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_days" ADD CONSTRAINT "invoice_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_days_read_idx" ON "invoice_days" USING btree ("organisation_id","status","date","invoices","first_id","last_id","first_number","last_number");--> statement-breakpoint
ALTER TABLE "invoice_days" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_days_of_current_organisation" ON "invoice_days"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
-- Statement-level, as customer_totals' triggers: an import of many invoices writes each day once. An update that
-- moves no invoice to another status or date (a payment that leaves it open, a reminder) writes nothing. A day's
-- count is taken down first, then the days invoices join are added to; a day's row stays when its count falls to 0,
-- and its ids and numbers start afresh when an invoice joins it again (until then they only widen).
CREATE FUNCTION invoice_days_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM invoice_days;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE invoice_days d SET invoices = d.invoices - l.n
    FROM (SELECT organisation_id, status, date, count(*) AS n FROM old_rows GROUP BY 1, 2, 3) l
    WHERE d.organisation_id = l.organisation_id AND d.status = l.status AND d.date = l.date;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_days AS d (organisation_id, status, date, invoices, first_id, last_id, first_number, last_number)
    SELECT organisation_id, status, date, count(*), min(id), max(id), min(invoice_number), max(invoice_number)
    FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (organisation_id, status, date) DO UPDATE SET
      invoices = d.invoices + excluded.invoices,
      first_id = CASE WHEN d.invoices = 0 THEN excluded.first_id ELSE least(d.first_id, excluded.first_id) END,
      last_id = CASE WHEN d.invoices = 0 THEN excluded.last_id ELSE greatest(d.last_id, excluded.last_id) END,
      first_number = CASE WHEN d.invoices = 0 THEN excluded.first_number ELSE least(d.first_number, excluded.first_number) END,
      last_number = CASE WHEN d.invoices = 0 THEN excluded.last_number ELSE greatest(d.last_number, excluded.last_number) END;
  ELSE
    -- Only the invoices whose status, date or number changed move from one day to another.
    UPDATE invoice_days d SET invoices = d.invoices - l.n
    FROM (
      SELECT o.organisation_id, o.status, o.date, count(*) AS n FROM old_rows o JOIN new_rows m ON m.id = o.id
      WHERE (m.organisation_id, m.status, m.date, m.invoice_number)
        IS DISTINCT FROM (o.organisation_id, o.status, o.date, o.invoice_number)
      GROUP BY 1, 2, 3
    ) l
    WHERE d.organisation_id = l.organisation_id AND d.status = l.status AND d.date = l.date;
    INSERT INTO invoice_days AS d (organisation_id, status, date, invoices, first_id, last_id, first_number, last_number)
    SELECT m.organisation_id, m.status, m.date, count(*), min(m.id), max(m.id), min(m.invoice_number), max(m.invoice_number)
    FROM new_rows m JOIN old_rows o ON o.id = m.id
    WHERE (m.organisation_id, m.status, m.date, m.invoice_number)
      IS DISTINCT FROM (o.organisation_id, o.status, o.date, o.invoice_number)
    GROUP BY 1, 2, 3
    ON CONFLICT (organisation_id, status, date) DO UPDATE SET
      invoices = d.invoices + excluded.invoices,
      first_id = CASE WHEN d.invoices = 0 THEN excluded.first_id ELSE least(d.first_id, excluded.first_id) END,
      last_id = CASE WHEN d.invoices = 0 THEN excluded.last_id ELSE greatest(d.last_id, excluded.last_id) END,
      first_number = CASE WHEN d.invoices = 0 THEN excluded.first_number ELSE least(d.first_number, excluded.first_number) END,
      last_number = CASE WHEN d.invoices = 0 THEN excluded.last_number ELSE greatest(d.last_number, excluded.last_number) END;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_days_on_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_days_count();--> statement-breakpoint
CREATE TRIGGER invoice_days_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_days_count();--> statement-breakpoint
CREATE TRIGGER invoice_days_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION invoice_days_count();--> statement-breakpoint
CREATE TRIGGER invoice_days_on_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_days_count();--> statement-breakpoint
-- Counted after the triggers exist: creating them locked the table, so no invoice is missed or counted twice.
INSERT INTO "invoice_days" ("organisation_id", "status", "date", "invoices", "first_id", "last_id", "first_number", "last_number")
SELECT "organisation_id", "status", "date", count(*), min("id"), max("id"), min("invoice_number"), max("invoice_number")
FROM "invoices" GROUP BY "organisation_id", "status", "date";
