-- The invoice list filtered and sorted (issue 24): an index for each order, and the same within each status; the
-- total in cents, whose comparisons row-level security lets an index serve (numeric ones it does not, as they are
-- not leakproof).
ALTER TABLE "invoices" ADD COLUMN "total_cents" bigint GENERATED ALWAYS AS ((total * 100)::bigint) STORED;--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("organisation_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_balance_idx" ON "invoices" USING btree ("organisation_id",(CASE WHEN "status" = 'CANCELED' THEN 0 ELSE "total" + round("total" * 0.054, 2) - "amount_paid" END),"id");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("organisation_id","status","invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_status_date_idx" ON "invoices" USING btree ("organisation_id","status","date","id");--> statement-breakpoint
CREATE INDEX "invoices_status_total_idx" ON "invoices" USING btree ("organisation_id","status","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_status_balance_idx" ON "invoices" USING btree ("organisation_id","status",(CASE WHEN "status" = 'CANCELED' THEN 0 ELSE "total" + round("total" * 0.054, 2) - "amount_paid" END),"id");