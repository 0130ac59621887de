CREATE TABLE "approval_skus" (
	"sku" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bundle_components" (
	"bundle_sku" text NOT NULL,
	"component_sku" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "bundle_components_bundle_sku_component_sku_pk" PRIMARY KEY("bundle_sku","component_sku")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency_code" text PRIMARY KEY NOT NULL,
	"units_per_usd" numeric(18, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mc_cost_lookups" (
	"family_id" text NOT NULL,
	"product_kind" text DEFAULT 'ANY' NOT NULL,
	"cost_percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "mc_cost_lookups_family_id_product_kind_pk" PRIMARY KEY("family_id","product_kind")
);
--> statement-breakpoint
CREATE TABLE "mc_duration_depreciation" (
	"product_kind" text NOT NULL,
	"year" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "mc_duration_depreciation_product_kind_year_pk" PRIMARY KEY("product_kind","year"),
	CONSTRAINT "mc_duration_depreciation_year" CHECK ("mc_duration_depreciation"."year" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "mc_hw_sku_costs" (
	"sku" text PRIMARY KEY NOT NULL,
	"unit_cost_usd_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mc_markups" (
	"product_kind" text PRIMARY KEY NOT NULL,
	"percent" numeric(5, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_discounts" (
	"sales_channel" text NOT NULL,
	"partner_type" text NOT NULL,
	"product_kind" text NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "partner_discounts_sales_channel_partner_type_product_kind_pk" PRIMARY KEY("sales_channel","partner_type","product_kind")
);
--> statement-breakpoint
CREATE TABLE "product_families" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_hierarchy_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"family_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"currency_code" text NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sku_prices_positive" CHECK ("sku_prices"."unit_price_minor" >= 0),
	CONSTRAINT "sku_prices_range" CHECK ("sku_prices"."effective_to" is null or "sku_prices"."effective_to" > "sku_prices"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "sku_volume_tiers" (
	"sku" text NOT NULL,
	"min_quantity" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "sku_volume_tiers_sku_min_quantity_pk" PRIMARY KEY("sku","min_quantity")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"sku" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"billing" text NOT NULL,
	"family_id" text NOT NULL,
	"hierarchy_node_id" uuid,
	"size" text,
	"pricing_model" text,
	"is_shippable" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"parent_line_id" uuid,
	"y1" integer DEFAULT 0 NOT NULL,
	"y2" integer DEFAULT 0 NOT NULL,
	"y3" integer DEFAULT 0 NOT NULL,
	"y4" integer DEFAULT 0 NOT NULL,
	"y5" integer DEFAULT 0 NOT NULL,
	"manual_discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "quote_lines_quantities" CHECK ("quote_lines"."y1" >= 0 and "quote_lines"."y2" >= 0 and "quote_lines"."y3" >= 0 and "quote_lines"."y4" >= 0 and "quote_lines"."y5" >= 0),
	CONSTRAINT "quote_lines_discount" CHECK ("quote_lines"."manual_discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "price_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "secure_access" jsonb;--> statement-breakpoint
ALTER TABLE "approval_skus" ADD CONSTRAINT "approval_skus_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_bundle_sku_skus_sku_fk" FOREIGN KEY ("bundle_sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_component_sku_skus_sku_fk" FOREIGN KEY ("component_sku") REFERENCES "public"."skus"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_cost_lookups" ADD CONSTRAINT "mc_cost_lookups_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_hw_sku_costs" ADD CONSTRAINT "mc_hw_sku_costs_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hierarchy_nodes" ADD CONSTRAINT "product_hierarchy_nodes_parent_id_product_hierarchy_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_hierarchy_nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_hierarchy_nodes" ADD CONSTRAINT "product_hierarchy_nodes_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_prices" ADD CONSTRAINT "sku_prices_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_prices" ADD CONSTRAINT "sku_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_volume_tiers" ADD CONSTRAINT "sku_volume_tiers_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_hierarchy_node_id_product_hierarchy_nodes_id_fk" FOREIGN KEY ("hierarchy_node_id") REFERENCES "public"."product_hierarchy_nodes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_parent_line_id_quote_lines_id_fk" FOREIGN KEY ("parent_line_id") REFERENCES "public"."quote_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_hierarchy_parent_idx" ON "product_hierarchy_nodes" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "product_hierarchy_sibling_name_idx" ON "product_hierarchy_nodes" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "sku_prices_lookup_idx" ON "sku_prices" USING btree ("sku","currency_code","effective_from");--> statement-breakpoint
CREATE INDEX "skus_family_idx" ON "skus" USING btree ("family_id","sku");--> statement-breakpoint
CREATE INDEX "skus_hierarchy_idx" ON "skus" USING btree ("hierarchy_node_id");--> statement-breakpoint
CREATE INDEX "skus_search_trgm_idx" ON "skus" USING gin (("sku" || ' ' || "name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");