CREATE SEQUENCE "public"."contract_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_number" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"region" text NOT NULL,
	"opportunity_id" text,
	"currency_code" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"csm_name" text DEFAULT '' NOT NULL,
	"csm_email" text DEFAULT '' NOT NULL,
	"cam_name" text DEFAULT '' NOT NULL,
	"cam_email" text DEFAULT '' NOT NULL,
	"origin" text NOT NULL,
	"source_quote_id" uuid,
	"renewal_quote_id" uuid,
	"renewed_at" timestamp with time zone,
	"renewed_into_contract_id" uuid,
	"lost_at" timestamp with time zone,
	"lost_reason" text,
	"lost_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_contract_number_unique" UNIQUE("contract_number"),
	CONSTRAINT "contracts_dates" CHECK ("contracts"."end_date" >= "contracts"."start_date")
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"account_id" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"unit_net_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"source_quote_id" uuid,
	"source_line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_quantity" CHECK ("entitlements"."quantity" > 0),
	CONSTRAINT "entitlements_price" CHECK ("entitlements"."unit_net_minor" >= 0),
	CONSTRAINT "entitlements_dates" CHECK ("entitlements"."end_date" >= "entitlements"."start_date")
);
--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "successor_sku" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "entitlement_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "sku_type" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "prior_unit_net_minor" bigint;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "uplift_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "uplift_reason" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "measured_quantity" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "entitled_quantity" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "renewal" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_opportunity_id_crm_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."crm_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_source_quote_id_quotes_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_renewal_quote_id_quotes_id_fk" FOREIGN KEY ("renewal_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_renewed_into_contract_id_contracts_id_fk" FOREIGN KEY ("renewed_into_contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_lost_by_users_id_fk" FOREIGN KEY ("lost_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_sku_skus_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."skus"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_source_quote_id_quotes_id_fk" FOREIGN KEY ("source_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_source_line_id_quote_lines_id_fk" FOREIGN KEY ("source_line_id") REFERENCES "public"."quote_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_end_idx" ON "contracts" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "contracts_region_end_idx" ON "contracts" USING btree ("region","end_date","id");--> statement-breakpoint
CREATE INDEX "contracts_account_end_idx" ON "contracts" USING btree ("account_id","end_date","id");--> statement-breakpoint
CREATE INDEX "contracts_source_quote_idx" ON "contracts" USING btree ("source_quote_id");--> statement-breakpoint
CREATE INDEX "contracts_renewal_quote_idx" ON "contracts" USING btree ("renewal_quote_id");--> statement-breakpoint
CREATE INDEX "entitlements_contract_idx" ON "entitlements" USING btree ("contract_id","end_date");--> statement-breakpoint
CREATE INDEX "entitlements_account_idx" ON "entitlements" USING btree ("account_id","end_date");--> statement-breakpoint
CREATE INDEX "entitlements_source_quote_idx" ON "entitlements" USING btree ("source_quote_id");--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_successor_sku_skus_sku_fk" FOREIGN KEY ("successor_sku") REFERENCES "public"."skus"("sku") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_contract_idx" ON "quotes" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_uplift" CHECK ("quote_lines"."uplift_percent" between -100 and 100);--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_period" CHECK ("quote_lines"."period_end" >= "quote_lines"."period_start");--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_prior_price" CHECK ("quote_lines"."prior_unit_net_minor" >= 0);