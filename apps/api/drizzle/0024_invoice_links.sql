-- The links an e-mailed invoice carries (issue 24): the customer opens its PDF without an account until the link
-- expires; only each key's SHA-256 is kept. Each business's links are its own (row-level security, as 0012).
CREATE TABLE "invoice_links" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"organisation_id" bigint DEFAULT current_organisation_id() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_links_expires_idx" ON "invoice_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "invoice_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "invoice_links_of_current_organisation" ON "invoice_links"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());--> statement-breakpoint
-- The invoice a link's key opens, while the link lasts: asked by a caller who belongs to no business (the
-- customer), so it reads across businesses as the tables' owner, and gives only the two numbers.
CREATE FUNCTION invoice_link_target(key_hash text)
  RETURNS TABLE (organisation_id bigint, invoice_id bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    SELECT l.organisation_id, l.invoice_id FROM public.invoice_links l
    WHERE l.key_hash = invoice_link_target.key_hash AND l.expires_at > now()
  $$;
