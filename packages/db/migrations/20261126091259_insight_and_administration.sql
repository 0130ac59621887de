CREATE TABLE "broadcast_receipts" (
	"broadcast_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "broadcast_receipts_broadcast_id_user_id_pk" PRIMARY KEY("broadcast_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"audience_kind" text DEFAULT 'EVERYONE' NOT NULL,
	"audience_roles" text[] DEFAULT '{}' NOT NULL,
	"audience_regions" text[] DEFAULT '{}' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_account_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"global_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_account_team" (
	"global_account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_account_team_global_account_id_user_id_pk" PRIMARY KEY("global_account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "global_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_accounts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "crm_accounts" ADD COLUMN "industry" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "progress_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "progress_total" integer;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "record_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "started_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_connection" ADD COLUMN "sync_heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "adjusted_unit_list_minor" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "partner_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "units_per_usd" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "broadcast_receipts" ADD CONSTRAINT "broadcast_receipts_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcast_receipts" ADD CONSTRAINT "broadcast_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_account_accounts" ADD CONSTRAINT "global_account_accounts_account_id_crm_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."crm_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_account_accounts" ADD CONSTRAINT "global_account_accounts_global_account_id_global_accounts_id_fk" FOREIGN KEY ("global_account_id") REFERENCES "public"."global_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_account_team" ADD CONSTRAINT "global_account_team_global_account_id_global_accounts_id_fk" FOREIGN KEY ("global_account_id") REFERENCES "public"."global_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_account_team" ADD CONSTRAINT "global_account_team_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_accounts" ADD CONSTRAINT "global_accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_accounts" ADD CONSTRAINT "global_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcast_receipts_user_idx" ON "broadcast_receipts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "broadcasts_window_idx" ON "broadcasts" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "global_account_accounts_group_idx" ON "global_account_accounts" USING btree ("global_account_id");--> statement-breakpoint
CREATE INDEX "global_account_team_user_idx" ON "global_account_team" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_accounts_name_trgm_idx" ON "crm_accounts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "crm_opportunities_name_trgm_idx" ON "crm_opportunities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_search_fts_idx" ON "quotes" USING gin (to_tsvector('simple', "quote_number" || ' ' || "quote_name" || ' ' || "account_name" || ' ' || "partner_name"));--> statement-breakpoint
CREATE INDEX "quotes_partner_updated_idx" ON "quotes" USING btree ("partner_name","updated_at","id");--> statement-breakpoint
CREATE INDEX "quotes_report_idx" ON "quotes" USING btree ("created_at","status_id","pre_archive_status_id","region","quote_type","deal_type","currency_code","units_per_usd","total_amount_minor","account_id","price_date","id");--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_adjusted_unit_list" CHECK ("quote_lines"."adjusted_unit_list_minor" >= 0);--> statement-breakpoint
UPDATE "quotes" AS q SET "partner_name" = a."name"
  FROM "crm_opportunities" AS o
  JOIN "crm_accounts" AS a ON a."id" = coalesce(o."partner_account_id", o."distributor_account_id")
  WHERE o."id" = q."opportunity_id";--> statement-breakpoint
UPDATE "quotes" AS q SET "units_per_usd" = r."units_per_usd"
  FROM "currency_rates" AS r
  WHERE r."currency_code" = q."currency_code" AND q."total_amount_minor" > 0;
--> statement-breakpoint
-- Reports group by month, status and currency together: tell the planner how many groups that makes.
CREATE STATISTICS "quotes_report_stats" (ndistinct) ON (date_trunc('month', "created_at" AT TIME ZONE 'UTC')), "status_id", "pre_archive_status_id", "currency_code", "units_per_usd" FROM "quotes";
