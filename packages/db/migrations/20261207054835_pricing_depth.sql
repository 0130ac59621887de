CREATE TABLE "currency_rate_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency_code" text NOT NULL,
	"units_per_usd" numeric(18, 6) NOT NULL,
	"effective_from" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rate_history_positive" CHECK ("currency_rate_history"."units_per_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "discount_schedule_tiers" (
	"schedule_id" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "discount_schedule_tiers_schedule_id_min_quantity_pk" PRIMARY KEY("schedule_id","min_quantity")
);
--> statement-breakpoint
CREATE TABLE "discount_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"schedule_type" text NOT NULL,
	"aggregate" text DEFAULT 'SKU' NOT NULL,
	"include_installed_base" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_book_entries" (
	"price_book_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"currency_code" text NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	CONSTRAINT "price_book_entries_price_book_id_sku_currency_code_pk" PRIMARY KEY("price_book_id","sku","currency_code"),
	CONSTRAINT "price_book_entries_positive" CHECK ("price_book_entries"."unit_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"segment" text,
	"region" text,
	"sales_channel" text,
	"partner_type" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_books_range" CHECK ("price_books"."effective_to" is null or "price_books"."effective_to" > "price_books"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "sku_discount_schedules" (
	"sku" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_price_blocks" (
	"sku" text NOT NULL,
	"currency_code" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer,
	"price_minor" bigint NOT NULL,
	CONSTRAINT "sku_price_blocks_sku_currency_code_min_quantity_pk" PRIMARY KEY("sku","currency_code","min_quantity"),
	CONSTRAINT "sku_price_blocks_band" CHECK ("sku_price_blocks"."min_quantity" >= 0 and ("sku_price_blocks"."max_quantity" is null or "sku_price_blocks"."max_quantity" >= "sku_price_blocks"."min_quantity") and "sku_price_blocks"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sku_pricing_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"method" text NOT NULL,
	"percent" numeric(7, 2),
	"covers" jsonb,
	"floor_usd_minor" bigint,
	"ceiling_usd_minor" bigint,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sku_pricing_methods_range" CHECK ("sku_pricing_methods"."effective_to" is null or "sku_pricing_methods"."effective_to" > "sku_pricing_methods"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "term_discounts" (
	"product_kind" text NOT NULL,
	"min_months" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "term_discounts_product_kind_min_months_pk" PRIMARY KEY("product_kind","min_months"),
	CONSTRAINT "term_discounts_months" CHECK ("term_discounts"."min_months" between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "crm_accounts" ADD COLUMN "segment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "price_book_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "price_book_name" text;--> statement-breakpoint
ALTER TABLE "currency_rate_history" ADD CONSTRAINT "currency_rate_history_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_schedule_tiers" ADD CONSTRAINT "discount_schedule_tiers_schedule_id_discount_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."discount_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_book_entries" ADD CONSTRAINT "price_book_entries_price_book_id_price_books_id_fk" FOREIGN KEY ("price_book_id") REFERENCES "public"."price_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_book_entries" ADD CONSTRAINT "price_book_entries_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_books" ADD CONSTRAINT "price_books_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_discount_schedules" ADD CONSTRAINT "sku_discount_schedules_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_discount_schedules" ADD CONSTRAINT "sku_discount_schedules_schedule_id_discount_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."discount_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_price_blocks" ADD CONSTRAINT "sku_price_blocks_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_pricing_methods" ADD CONSTRAINT "sku_pricing_methods_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_pricing_methods" ADD CONSTRAINT "sku_pricing_methods_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "currency_rate_history_day_idx" ON "currency_rate_history" USING btree ("currency_code","effective_from");--> statement-breakpoint
CREATE INDEX "price_book_entries_sku_idx" ON "price_book_entries" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "price_books_name_idx" ON "price_books" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sku_pricing_methods_sku_idx" ON "sku_pricing_methods" USING btree ("sku","effective_from");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_price_book_id_price_books_id_fk" FOREIGN KEY ("price_book_id") REFERENCES "public"."price_books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Pricing reads these with the rest of the reference data (apps/server/src/lib/reference-data.ts).
CREATE TRIGGER "sku_pricing_methods_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sku_pricing_methods" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "sku_price_blocks_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sku_price_blocks" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "discount_schedules_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "discount_schedule_tiers_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "discount_schedule_tiers" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "sku_discount_schedules_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sku_discount_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "term_discounts_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "term_discounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "price_books_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_books" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
CREATE TRIGGER "price_book_entries_bumps_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_book_entries" FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"();--> statement-breakpoint
-- The rates in use today become the first entry of their history.
INSERT INTO "currency_rate_history" ("currency_code", "units_per_usd", "effective_from", "note")
SELECT "currency_code", "units_per_usd", "updated_at"::date, 'Rate in use when rate history began' FROM "currency_rates";
