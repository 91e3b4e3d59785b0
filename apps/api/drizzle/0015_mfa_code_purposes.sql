-- A code sent for a change of the account (step-up.ts) must never complete a login's second step, nor the reverse:
-- each user has one pending step per purpose. Pending codes so far were all logins'.
ALTER TABLE "mfa_codes" ADD COLUMN "purpose" text DEFAULT 'LOGIN' NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_codes" DROP CONSTRAINT "mfa_codes_pkey";--> statement-breakpoint
ALTER TABLE "mfa_codes" ADD CONSTRAINT "mfa_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose");--> statement-breakpoint
ALTER TABLE "mfa_codes" ADD CONSTRAINT "mfa_codes_purpose_check" CHECK ("purpose" IN ('LOGIN', 'CHANGE'));
