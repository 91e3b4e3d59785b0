-- Organisations (decision 17): every customer, invoice, total and invoice number belongs to one business, and
-- people belong to businesses with a role there. The API's database role is not the tables' owner, and row-level
-- security refuses it the rows of any organisation but the one its connection is set to (app.organisation_id).
CREATE TABLE "organisations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_name_length" CHECK (char_length("organisations"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"organisation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"role_id" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organisation_id" bigint NOT NULL,
	"email" text NOT NULL,
	"role_id" smallint NOT NULL,
	"invited_by" bigint NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_organisation_idx" ON "invitations" USING btree ("organisation_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_pending_key" ON "invitations" USING btree ("organisation_id",lower("email")) WHERE "invitations"."accepted_at" IS NULL AND "invitations"."revoked_at" IS NULL;--> statement-breakpoint
-- An existing database's data becomes one organisation's, whose members are its users with their roles.
-- A database without users or customers gets no organisation: each account that registers creates its own.
INSERT INTO "organisations" ("name")
  SELECT 'Coran-Hadith, Inc.' WHERE EXISTS (SELECT 1 FROM "users") OR EXISTS (SELECT 1 FROM "customers");--> statement-breakpoint
INSERT INTO "memberships" ("organisation_id", "user_id", "role_id", "created_at")
  SELECT o."id", r."user_id", r."role_id", u."created_at"
  FROM "user_roles" r JOIN "users" u ON u."id" = r."user_id" CROSS JOIN "organisations" o;--> statement-breakpoint
DROP TABLE "user_roles";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "current_organisation_id" bigint;--> statement-breakpoint
UPDATE "users" u SET "current_organisation_id" = m."organisation_id" FROM "memberships" m WHERE m."user_id" = u."id";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_current_membership_fk" FOREIGN KEY ("current_organisation_id","id") REFERENCES "public"."memberships"("organisation_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "organisation_id" bigint;--> statement-breakpoint
UPDATE "customers" SET "organisation_id" = (SELECT min("id") FROM "organisations");--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_organisation_id_key" ON "customers" USING btree ("organisation_id","id");--> statement-breakpoint
DROP INDEX "customers_recent_idx";--> statement-breakpoint
CREATE INDEX "customers_recent_idx" ON "customers" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_name");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "organisation_id" bigint;--> statement-breakpoint
UPDATE "invoices" i SET "organisation_id" = c."organisation_id" FROM "customers" c WHERE c."id" = i."customer_id";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_fk" FOREIGN KEY ("organisation_id","customer_id") REFERENCES "public"."customers"("organisation_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_invoice_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_organisation_number_key" ON "invoices" USING btree ("organisation_id","invoice_number");--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_number" SET DEFAULT NULL;--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";--> statement-breakpoint
DROP INDEX "invoices_recent_idx";--> statement-breakpoint
CREATE INDEX "invoices_recent_idx" ON "invoices" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX "invoices_date_idx";--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("organisation_id","date","id");--> statement-breakpoint
-- The totals row becomes the organisation's; its invoice numbers go on from the highest one given so far.
ALTER TABLE "customer_totals" ADD COLUMN "organisation_id" bigint;--> statement-breakpoint
ALTER TABLE "customer_totals" ADD COLUMN "last_invoice_number" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "customer_totals" SET
  "organisation_id" = (SELECT min("id") FROM "organisations"),
  "last_invoice_number" = coalesce(
    (SELECT max(substring("invoice_number" FROM 5)::bigint) FROM "invoices" WHERE "invoice_number" ~ '^INV-[0-9]{1,18}$'), 0);--> statement-breakpoint
DELETE FROM "customer_totals" WHERE "organisation_id" IS NULL;--> statement-breakpoint
ALTER TABLE "customer_totals" DROP CONSTRAINT "customer_totals_single_row";--> statement-breakpoint
ALTER TABLE "customer_totals" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "customer_totals" ADD PRIMARY KEY ("organisation_id");--> statement-breakpoint
ALTER TABLE "customer_totals" ADD CONSTRAINT "customer_totals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each organisation has its totals row from the start. The trigger runs as the tables' owner (SECURITY DEFINER):
-- the row is the new organisation's, which no connection can be set to before it exists.
CREATE FUNCTION organisations_create_totals() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
BEGIN
  INSERT INTO public.customer_totals (organisation_id) VALUES (NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organisations_create_totals AFTER INSERT ON "organisations"
  FOR EACH ROW EXECUTE FUNCTION organisations_create_totals();
--> statement-breakpoint
-- The totals triggers of 0006 and 0010, per organisation: one update of each organisation's row per statement.
CREATE OR REPLACE FUNCTION customer_totals_count_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_totals SET customers = 0, customers_version = customers_version + 1;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE customer_totals t SET customers = t.customers + d.n, customers_version = t.customers_version + 1
    FROM (SELECT organisation_id, count(*) AS n FROM new_rows GROUP BY organisation_id) d
    WHERE t.organisation_id = d.organisation_id;
  ELSE
    UPDATE customer_totals t SET customers = t.customers - d.n, customers_version = t.customers_version + 1
    FROM (SELECT organisation_id, count(*) AS n FROM old_rows GROUP BY organisation_id) d
    WHERE t.organisation_id = d.organisation_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_totals_on_customer_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_totals t SET customers_version = t.customers_version + 1
  WHERE t.organisation_id IN (
    SELECT n.organisation_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.search_name IS DISTINCT FROM o.search_name OR n.created_at IS DISTINCT FROM o.created_at
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_totals_count_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE customer_totals SET invoices = 0, billed = 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE customer_totals t SET invoices = t.invoices + d.n, billed = t.billed + d.amount
    FROM (SELECT organisation_id, count(*) AS n, coalesce(sum(total), 0) AS amount FROM new_rows GROUP BY organisation_id) d
    WHERE t.organisation_id = d.organisation_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE customer_totals t SET invoices = t.invoices - d.n, billed = t.billed - d.amount
    FROM (SELECT organisation_id, count(*) AS n, coalesce(sum(total), 0) AS amount FROM old_rows GROUP BY organisation_id) d
    WHERE t.organisation_id = d.organisation_id;
  ELSE
    -- An update that changes no amount (a new status) leaves the rows alone, so it takes no lock on them.
    UPDATE customer_totals t SET billed = t.billed + d.amount
    FROM (
      SELECT organisation_id, sum(amount) AS amount FROM (
        SELECT organisation_id, total AS amount FROM new_rows
        UNION ALL SELECT organisation_id, -total FROM old_rows
      ) moved GROUP BY organisation_id
    ) d
    WHERE t.organisation_id = d.organisation_id AND d.amount <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An invoice takes the next number of its organisation from the totals row, which the inserting transaction then
-- holds until it ends: a rolled-back invoice gives its number back, so an organisation's numbers have no gaps.
CREATE FUNCTION invoices_take_number() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  UPDATE customer_totals SET last_invoice_number = last_invoice_number + 1
  WHERE organisation_id = NEW.organisation_id
  RETURNING last_invoice_number INTO taken;
  IF taken IS NULL THEN
    RAISE EXCEPTION 'organisation % has no totals row', NEW.organisation_id;
  END IF;
  NEW.invoice_number := 'INV-' || lpad(taken::text, 6, '0');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_take_number BEFORE INSERT ON "invoices"
  FOR EACH ROW WHEN (NEW.invoice_number IS NULL) EXECUTE FUNCTION invoices_take_number();
--> statement-breakpoint
-- The role the API works as. Roles belong to the whole server, so another database may have created it already.
DO $$
BEGIN
  CREATE ROLE coran_hadith_api NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- The migrating user (the tables' owner) may switch to it: each API connection does, once, when it opens.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'coran_hadith_api', 'MEMBER') THEN
    GRANT coran_hadith_api TO CURRENT_USER;
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO coran_hadith_api;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO coran_hadith_api;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO coran_hadith_api;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO coran_hadith_api;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO coran_hadith_api;--> statement-breakpoint
-- The organisation a connection works for; none (no business row at all) unless set.
CREATE FUNCTION current_organisation_id() RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT nullif(current_setting('app.organisation_id', true), '')::bigint $$;
--> statement-breakpoint
-- A row written on a connection set to an organisation is that organisation's unless the statement says otherwise
-- (and the policies below refuse any other); on a connection set to none, the NOT NULL refuses it.
ALTER TABLE "customers" ALTER COLUMN "organisation_id" SET DEFAULT current_organisation_id();--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "organisation_id" SET DEFAULT current_organisation_id();--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "customers_of_current_organisation" ON "customers"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoices_of_current_organisation" ON "invoices"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
ALTER TABLE "customer_totals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "customer_totals_of_current_organisation" ON "customer_totals"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
-- Under row-level security, PostgreSQL tests a condition that could reveal what it reads (LIKE is one) only after
-- the policy's, so the trigram index cannot serve a name search made as the API's role. This function makes that
-- search as the tables' owner, within the connection's current organisation only, and gives back the matches'
-- ids and creation times; the caller then reads their rows under the policy. `needle` is search_text() of the name.
-- PL/pgSQL keeps the statement's plan for the session (an SQL function would plan it again on every call).
CREATE FUNCTION customers_whose_search_name_contains(needle text)
  RETURNS TABLE (id bigint, created_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
BEGIN
  RETURN QUERY
    SELECT c.id, c.created_at FROM public.customers c
    WHERE c.organisation_id = public.current_organisation_id()
      AND c.search_name LIKE '%' || replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';
END $$;
