-- A search for a common name walks customers_recent_idx newest first and tests each name from the index alone
-- (an index-only scan), instead of reading the table row of every customer it passes.
DROP INDEX "customers_recent_idx";--> statement-breakpoint
CREATE INDEX "customers_recent_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_name");
