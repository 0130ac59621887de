CREATE TABLE "quote_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"revision_number" integer NOT NULL,
	"name" text NOT NULL,
	"reason" text NOT NULL,
	"quote_version" integer NOT NULL,
	"status_id" text NOT NULL,
	"currency_code" text NOT NULL,
	"net_minor" bigint,
	"snapshot" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_documents" ADD COLUMN "revision_number" integer;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_revisions" ADD CONSTRAINT "quote_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quote_revisions_number_key" ON "quote_revisions" USING btree ("quote_id","revision_number");--> statement-breakpoint
CREATE INDEX "quote_revisions_version_idx" ON "quote_revisions" USING btree ("quote_id","quote_version");