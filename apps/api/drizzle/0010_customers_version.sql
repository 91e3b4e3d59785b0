ALTER TABLE "customer_totals" ADD COLUMN "customers_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Adding or removing customers also moves the version (same statement-level trigger as the count).
CREATE OR REPLACE FUNCTION customer_totals_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_totals SET customers = 0, customers_version = customers_version + 1;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO delta FROM new_rows;
  ELSE
    SELECT -count(*) INTO delta FROM old_rows;
  END IF;
  IF delta <> 0 THEN
    UPDATE customer_totals SET customers = customers + delta, customers_version = customers_version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves it only when a name or a creation time changed: a new phone number changes neither what a
-- search finds nor the list's order, and takes no lock on the totals row.
CREATE FUNCTION customer_totals_on_customer_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.search_name IS DISTINCT FROM o.search_name OR n.created_at IS DISTINCT FROM o.created_at
  ) THEN
    UPDATE customer_totals SET customers_version = customers_version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_totals_on_customer_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_totals_on_customer_update();
