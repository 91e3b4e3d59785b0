CREATE INDEX "customers_name_idx" ON "customers" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("organisation_id","total","id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE INDEX "invoices_balance_idx" ON "invoices" USING btree ("organisation_id",(CASE WHEN "status" = 'CANCELED' THEN 0 ELSE "total" + round("total" * 0.054, 2) - "amount_paid" END),"id");