CREATE TABLE "product_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	"effective_from" date,
	"effective_to" date,
	"definition" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "attributes" jsonb DEFAULT '{"high_availability":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_rules" ADD CONSTRAINT "product_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_rules_name_key" ON "product_rules" USING btree (lower("name"));--> statement-breakpoint
-- Pricing reads the rules with the rest of the reference data (apps/server/src/lib/reference-data.ts).
CREATE TRIGGER "product_rules_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_rules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();
