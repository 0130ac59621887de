CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "crm_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"billing_street" text DEFAULT '' NOT NULL,
	"billing_city" text DEFAULT '' NOT NULL,
	"billing_state" text DEFAULT '' NOT NULL,
	"billing_postal_code" text DEFAULT '' NOT NULL,
	"billing_country" text DEFAULT '' NOT NULL,
	"shipping_street" text DEFAULT '' NOT NULL,
	"shipping_city" text DEFAULT '' NOT NULL,
	"shipping_state" text DEFAULT '' NOT NULL,
	"shipping_postal_code" text DEFAULT '' NOT NULL,
	"shipping_country" text DEFAULT '' NOT NULL,
	"payment_term_days" integer,
	"payment_term_name" text,
	"partner_type" text,
	"is_public_sector" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_connection" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"adapter" text NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"synced_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_opportunities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"partner_account_id" text,
	"partner_contact_id" text,
	"distributor_account_id" text,
	"region" text NOT NULL,
	"sales_country" text DEFAULT '' NOT NULL,
	"is_named_account" boolean DEFAULT false NOT NULL,
	"stage" text DEFAULT '' NOT NULL,
	"deal_type" text NOT NULL,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"amount_to_be_renewed_minor" bigint,
	"close_date" date,
	"contract_start_date" date,
	"contract_sign_date" date,
	"agreement_name" text DEFAULT '' NOT NULL,
	"payment_term_days" integer,
	"payment_term_name" text,
	"partner_payment_term_days" integer,
	"partner_payment_term_name" text,
	"sla" text DEFAULT '' NOT NULL,
	"is_registered_deal" boolean DEFAULT false NOT NULL,
	"deal_reg" text DEFAULT '' NOT NULL,
	"is_public_sector" boolean DEFAULT false NOT NULL,
	"m_s_percentage" numeric(5, 2),
	"pod" text DEFAULT '' NOT NULL,
	"products_evaluated" text DEFAULT '' NOT NULL,
	"champion" text DEFAULT '' NOT NULL,
	"sales_director_name" text DEFAULT '' NOT NULL,
	"sales_director_email" text DEFAULT '' NOT NULL,
	"sales_director_phone" text DEFAULT '' NOT NULL,
	"se_name" text DEFAULT '' NOT NULL,
	"csm_id" text,
	"csm_name" text DEFAULT '' NOT NULL,
	"csm_email" text DEFAULT '' NOT NULL,
	"cam_id" text,
	"cam_name" text DEFAULT '' NOT NULL,
	"cam_email" text DEFAULT '' NOT NULL,
	"owner_email" text DEFAULT '' NOT NULL,
	"owner_name" text DEFAULT '' NOT NULL,
	"has_manual_product_lines" boolean DEFAULT false NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"modified_by" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"quote_number" text,
	"quote_status" text,
	"quote_amount_minor" bigint
);
--> statement-breakpoint
CREATE TABLE "crm_opportunity_line_items" (
	"id" text PRIMARY KEY NOT NULL,
	"opportunity_id" text NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_opportunity_team_members" (
	"opportunity_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	CONSTRAINT "crm_opportunity_team_members_opportunity_id_email_pk" PRIMARY KEY("opportunity_id","email")
);
--> statement-breakpoint
CREATE TABLE "quote_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quote_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_number" text NOT NULL,
	"opportunity_id" text,
	"account_id" text DEFAULT '' NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"quote_name" text NOT NULL,
	"quote_type" text NOT NULL,
	"deal_type" text NOT NULL,
	"status_id" text DEFAULT 'INCOMPLETE' NOT NULL,
	"pre_archive_status_id" text,
	"is_coterm" boolean DEFAULT false NOT NULL,
	"is_renewal" boolean DEFAULT false NOT NULL,
	"contract_length" integer NOT NULL,
	"sales_channel" text NOT NULL,
	"partner_type" text,
	"currency_code" text DEFAULT 'USD' NOT NULL,
	"total_amount_minor" bigint DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_quote_number_unique" UNIQUE("quote_number"),
	CONSTRAINT "quotes_contract_length_range" CHECK ("quotes"."contract_length" between 1 and 60),
	CONSTRAINT "quotes_version_positive" CHECK ("quotes"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_account_id_crm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."crm_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_account_id_crm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."crm_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_partner_account_id_crm_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."crm_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_partner_contact_id_crm_contacts_id_fk" FOREIGN KEY ("partner_contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunities" ADD CONSTRAINT "crm_opportunities_distributor_account_id_crm_accounts_id_fk" FOREIGN KEY ("distributor_account_id") REFERENCES "public"."crm_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunity_line_items" ADD CONSTRAINT "crm_opportunity_line_items_opportunity_id_crm_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."crm_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_opportunity_team_members" ADD CONSTRAINT "crm_opportunity_team_members_opportunity_id_crm_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."crm_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_history" ADD CONSTRAINT "quote_history_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_history" ADD CONSTRAINT "quote_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_opportunity_id_crm_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."crm_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_accounts_kind_name_idx" ON "crm_accounts" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "crm_contacts_account_idx" ON "crm_contacts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_region_idx" ON "crm_opportunities" USING btree ("region","modified_on");--> statement-breakpoint
CREATE INDEX "crm_opportunities_account_idx" ON "crm_opportunities" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "crm_opportunities_owner_idx" ON "crm_opportunities" USING btree ("owner_email");--> statement-breakpoint
CREATE INDEX "crm_opportunity_line_items_opp_idx" ON "crm_opportunity_line_items" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "crm_opportunity_team_email_idx" ON "crm_opportunity_team_members" USING btree ("email");--> statement-breakpoint
CREATE INDEX "quote_history_quote_idx" ON "quote_history" USING btree ("quote_id","occurred_at");--> statement-breakpoint
CREATE INDEX "quotes_updated_idx" ON "quotes" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_updated_idx" ON "quotes" USING btree ("status_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_region_updated_idx" ON "quotes" USING btree ("region","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_owner_updated_idx" ON "quotes" USING btree ("owner_user_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_account_updated_idx" ON "quotes" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_opportunity_idx" ON "quotes" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "quotes_created_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_name_idx" ON "quotes" USING btree ("quote_name","id");--> statement-breakpoint
CREATE INDEX "quotes_account_name_idx" ON "quotes" USING btree ("account_name","id");--> statement-breakpoint
CREATE INDEX "quotes_total_idx" ON "quotes" USING btree ("total_amount_minor","id");--> statement-breakpoint
CREATE INDEX "quotes_search_trgm_idx" ON "quotes" USING gin (("quote_number" || ' ' || "quote_name" || ' ' || "account_name") gin_trgm_ops);