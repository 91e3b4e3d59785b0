-- unaccent() is only STABLE (its dictionary could change), so it cannot back an index.
-- This wrapper names the dictionary explicitly and is declared IMMUTABLE, the usual way to index it.
CREATE OR REPLACE FUNCTION search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
-- Case- and accent-insensitive substring search on customer names: search_text(name) LIKE '%' || search_text($1) || '%'.
CREATE INDEX customers_name_search_idx ON customers USING gin (search_text(name) gin_trgm_ops);
--> statement-breakpoint
INSERT INTO roles (id, name, permission) VALUES
  (1, 'ROLE_USER', 'READ:USER,READ:CUSTOMER'),
  (2, 'ROLE_MANAGER', 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER'),
  (3, 'ROLE_ADMIN', 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER'),
  (4, 'ROLE_SYSADMIN', 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER,DELETE:USER,DELETE:CUSTOMER');
--> statement-breakpoint
INSERT INTO event_types (id, type, description) VALUES
  (1, 'LOGIN_ATTEMPT', 'You tried to log in'),
  (2, 'LOGIN_ATTEMPT_FAILURE', 'You tried to log in and you failed'),
  (3, 'LOGIN_ATTEMPT_SUCCESS', 'You tried to log in and you succeeded'),
  (4, 'PROFILE_UPDATE', 'You updated your profile information'),
  (5, 'PROFILE_PICTURE_UPDATE', 'You updated your profile picture'),
  (6, 'ROLE_UPDATE', 'You updated your role and permissions'),
  (7, 'ACCOUNT_SETTINGS_UPDATE', 'You updated your account settings'),
  (8, 'PASSWORD_UPDATE', 'You updated your password'),
  (9, 'MFA_UPDATE', 'You updated your MFA settings');
