CREATE TABLE "change_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"notified_email" text NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "change_reports_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"new_email" text NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "guess_counts" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guess_counts_kind_subject_pk" PRIMARY KEY("kind","subject"),
	CONSTRAINT "guess_counts_kind_check" CHECK ("kind" IN ('LOGIN', 'CODE', 'CURRENT_PASSWORD')),
	CONSTRAINT "guess_counts_counts_range" CHECK ("guess_counts"."failures" >= 0 AND "guess_counts"."pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotent_answers" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"request_fingerprint" text NOT NULL,
	"status_code" smallint NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_answers_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotent_answers_key_length" CHECK (char_length("idempotent_answers"."key") BETWEEN 1 AND 255)
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"device" text NOT NULL,
	"ip_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "totp_factors" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"encrypted_secret" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Failed logins keep counting under the new name, with the same e-mail keys and locks.
INSERT INTO "guess_counts" ("kind", "subject", "failures", "locked_until", "last_attempt_at")
  SELECT 'LOGIN', "email_key", "failures", "locked_until", "last_failure_at" FROM "login_failures";--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "mfa_codes" ALTER COLUMN "code_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
-- What was already sent or given up on holds links and codes nobody needs any more.
UPDATE "outbox" SET "body" = NULL WHERE "state" <> 'PENDING';--> statement-breakpoint
ALTER TABLE "mfa_codes" ADD COLUMN "factor" text DEFAULT 'SMS' NOT NULL;--> statement-breakpoint
ALTER TABLE "change_reports" ADD CONSTRAINT "change_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotent_answers" ADD CONSTRAINT "idempotent_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_factors" ADD CONSTRAINT "totp_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_reports_user_idx" ON "change_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_used_at" DESC NULLS FIRST);--> statement-breakpoint
-- Every open login becomes a session: its device and address were not recorded, and it lives 30 days from its start.
INSERT INTO "sessions" ("id", "user_id", "device", "ip_address", "created_at", "last_used_at", "expires_at", "ended_at")
  SELECT "family_id", min("user_id"), 'Unknown device', 'unknown', min("created_at"), max(coalesce("used_at", "created_at")),
    min("created_at") + interval '30 days',
    CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
  FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_codes" ADD CONSTRAINT "mfa_codes_factor_check" CHECK ("factor" IN ('SMS', 'TOTP'));--> statement-breakpoint
ALTER TABLE "mfa_codes" ADD CONSTRAINT "mfa_codes_sms_has_code" CHECK ("mfa_codes"."factor" <> 'SMS' OR "mfa_codes"."code_hash" IS NOT NULL);--> statement-breakpoint
-- Phones in E.164 (+ and digits): separators go, 00 becomes +, and a French national number (0 and nine digits)
-- gets +33, the site's country. A number that still does not fit is left as it was, for its owner to correct.
UPDATE "users" SET "phone" = CASE
    WHEN digits ~ '^\+[1-9][0-9]{6,14}$' THEN digits
    WHEN digits ~ '^00[1-9][0-9]{6,14}$' THEN '+' || substr(digits, 3)
    WHEN digits ~ '^0[1-9][0-9]{8}$' THEN '+33' || substr(digits, 2)
    ELSE "phone" END
  FROM (SELECT "id" AS user_id, regexp_replace("phone", '[ ().-]', '', 'g') AS digits FROM "users" WHERE "phone" IS NOT NULL) AS cleaned
  WHERE "users"."id" = cleaned.user_id;
