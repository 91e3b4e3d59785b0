-- The name search within one organisation (customers_whose_search_name_contains, drizzle/0012) finds its candidates
-- in a trigram index that also holds the organisation: the other organisations' names are no longer candidates to
-- read and recheck (btree_gin lets a GIN index hold the organisation id beside the trigrams). btree_gin is a
-- "trusted" extension, like pg_trgm.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX customers_organisation_search_name_idx ON customers USING gin (organisation_id, search_name gin_trgm_ops);
--> statement-breakpoint
DROP INDEX customers_search_name_idx;
