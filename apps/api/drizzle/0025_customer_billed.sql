-- What each customer was billed, kept on its row so the customer list can be sorted by it (issue 24): the totals of its
-- invoices but the cancelled ones, in cents, as the customer card's Total Billed and the dashboard's (0018). An index
-- by status and type lets the list count and read a filter's customers without walking every row; one by the name as
-- searched sorts it by name as people read it, case and accents aside.
ALTER TABLE "customers" ADD COLUMN "billed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_search_name_idx" ON "customers" USING btree ("organisation_id","search_name","id");--> statement-breakpoint
CREATE INDEX "customers_billed_idx" ON "customers" USING btree ("organisation_id","billed_cents","id");--> statement-breakpoint
CREATE INDEX "customers_status_type_idx" ON "customers" USING btree ("organisation_id","status","type");--> statement-breakpoint
-- Statement-level, as customer_totals' triggers: an import of many invoices updates each customer once. An update that
-- moves no billed amount (a payment, OVERDUE) takes no lock on the customers.
CREATE FUNCTION customers_count_billed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customers SET billed_cents = 0 WHERE billed_cents <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE customers c SET billed_cents = c.billed_cents + d.cents
    FROM (
      SELECT customer_id, sum(total_cents) AS cents FROM new_rows WHERE status <> 'CANCELED' GROUP BY customer_id
    ) d
    WHERE c.id = d.customer_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE customers c SET billed_cents = c.billed_cents - d.cents
    FROM (
      SELECT customer_id, sum(total_cents) AS cents FROM old_rows WHERE status <> 'CANCELED' GROUP BY customer_id
    ) d
    WHERE c.id = d.customer_id;
  ELSE
    UPDATE customers c SET billed_cents = c.billed_cents + d.cents
    FROM (
      SELECT customer_id, sum(cents) AS cents FROM (
        SELECT customer_id, CASE WHEN status = 'CANCELED' THEN 0 ELSE total_cents END AS cents FROM new_rows
        UNION ALL SELECT customer_id, CASE WHEN status = 'CANCELED' THEN 0 ELSE -total_cents END FROM old_rows
      ) moved GROUP BY customer_id
    ) d
    WHERE c.id = d.customer_id AND d.cents <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customers_billed_on_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customers_count_billed();--> statement-breakpoint
CREATE TRIGGER customers_billed_on_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customers_count_billed();--> statement-breakpoint
CREATE TRIGGER customers_billed_on_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customers_count_billed();--> statement-breakpoint
CREATE TRIGGER customers_billed_on_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION customers_count_billed();--> statement-breakpoint
UPDATE customers c SET billed_cents = d.cents
FROM (SELECT customer_id, sum(total_cents) AS cents FROM invoices WHERE status <> 'CANCELED' GROUP BY customer_id) d
WHERE c.id = d.customer_id;
