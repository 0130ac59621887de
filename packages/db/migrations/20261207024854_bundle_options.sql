CREATE TABLE "bundle_features" (
	"bundle_sku" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"min_options" integer DEFAULT 0 NOT NULL,
	"max_options" integer,
	CONSTRAINT "bundle_features_bundle_sku_name_pk" PRIMARY KEY("bundle_sku","name"),
	CONSTRAINT "bundle_features_counts" CHECK ("bundle_features"."min_options" >= 0 AND ("bundle_features"."max_options" IS NULL OR "bundle_features"."max_options" >= GREATEST("bundle_features"."min_options", 1)))
);
--> statement-breakpoint
CREATE TABLE "product_rule_failures" (
	"rule_id" uuid PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bundle_components" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD COLUMN "feature" text;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD COLUMN "selection" text DEFAULT 'REQUIRED' NOT NULL;--> statement-breakpoint
ALTER TABLE "bundle_features" ADD CONSTRAINT "bundle_features_bundle_sku_skus_sku_fk" FOREIGN KEY ("bundle_sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_rule_failures" ADD CONSTRAINT "product_rule_failures_rule_id_product_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."product_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Pricing checks a bundle's options with the rest of the reference data (apps/server/src/lib/reference-data.ts).
CREATE TRIGGER "bundle_features_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_features" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "bundle_components_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_components" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();
