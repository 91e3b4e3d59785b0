-- Who an organisation's invoices are from, written by its owner (issue 24). Organisations that had printed the
-- server's COMPANY_* settings (sample details unless set) print their own name alone until their owner writes theirs.
CREATE TABLE "business_details" (
	"organisation_id" bigint PRIMARY KEY DEFAULT current_organisation_id() NOT NULL,
	"name" text NOT NULL,
	"address_lines" text[] NOT NULL,
	"phone" text NOT NULL,
	"fax" text NOT NULL,
	"website" text NOT NULL,
	"billing_email" text NOT NULL,
	"logo" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	CONSTRAINT "business_details_name_length" CHECK (char_length("business_details"."name") BETWEEN 1 AND 100),
	CONSTRAINT "business_details_logo_length" CHECK (char_length("business_details"."logo") <= 140000)
);
--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each business's details are its own, as its customers and invoices are (0012).
ALTER TABLE "business_details" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "business_details_of_current_organisation" ON "business_details"
  USING ("organisation_id" = current_organisation_id()) WITH CHECK ("organisation_id" = current_organisation_id());
