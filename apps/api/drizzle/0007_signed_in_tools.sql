CREATE TABLE "lesson_progress" (
	"user_id" bigint NOT NULL,
	"lesson_slug" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_progress_user_id_lesson_slug_pk" PRIMARY KEY("user_id","lesson_slug"),
	CONSTRAINT "lesson_progress_slug_length" CHECK (char_length("lesson_progress"."lesson_slug") BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "user_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "user_files_size_positive" CHECK ("user_files"."size_bytes" > 0),
	CONSTRAINT "user_files_name_length" CHECK (char_length("user_files"."name") BETWEEN 1 AND 255)
);
--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_files" ADD CONSTRAINT "user_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_files_owner_idx" ON "user_files" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);