-- Trigram matching and accent folding for customer-name search.
-- Both extensions are "trusted": the owner of the database may create them without being superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
