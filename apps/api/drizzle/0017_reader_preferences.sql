CREATE TABLE "reader_preferences" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reciter" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reader_preferences_reciter_length" CHECK (char_length("reader_preferences"."reciter") BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "reader_preferences" ADD CONSTRAINT "reader_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;