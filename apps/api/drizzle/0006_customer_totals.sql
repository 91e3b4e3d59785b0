CREATE TABLE "customer_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"customers" bigint DEFAULT 0 NOT NULL,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"billed" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "customer_totals_single_row" CHECK ("customer_totals"."id")
);
--> statement-breakpoint
-- The totals are kept by statement-level triggers with transition tables: one update of the row per statement,
-- however many rows it touched (a bulk import of 500 000 invoices costs one update, not 500 000). A statement
-- that changes nothing leaves the row alone, so it takes no lock on it.
CREATE FUNCTION customer_totals_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_totals SET customers = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    UPDATE customer_totals SET customers = customers + delta;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_totals_count_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
  amount numeric := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_totals SET invoices = 0, billed = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT delta + count(*), amount + coalesce(sum(total), 0) INTO delta, amount FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT delta - count(*), amount - coalesce(sum(total), 0) INTO delta, amount FROM old_rows;
  END IF;
  IF delta <> 0 OR amount <> 0 THEN
    UPDATE customer_totals SET invoices = invoices + delta, billed = billed + amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_customers();
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_customers();
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_customers();
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_invoices();
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_invoices();
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_invoices();
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_count_invoices();
--> statement-breakpoint
-- Counted after the triggers exist: creating them locked both tables, so no row is missed or counted twice.
INSERT INTO customer_totals (customers, invoices, billed)
SELECT (SELECT count(*) FROM customers), (SELECT count(*) FROM invoices), (SELECT coalesce(sum(total), 0) FROM invoices);
