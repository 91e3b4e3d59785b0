-- The searched form of the name, stored: a search then rechecks its candidate rows by reading it instead of
-- calling unaccent() on each (4 times faster counts of a common name at 100 000 customers).
ALTER TABLE "customers" ADD COLUMN "search_name" text GENERATED ALWAYS AS (search_text(name)) STORED;
--> statement-breakpoint
CREATE INDEX customers_search_name_idx ON customers USING gin (search_name gin_trgm_ops);
--> statement-breakpoint
DROP INDEX customers_name_search_idx;
