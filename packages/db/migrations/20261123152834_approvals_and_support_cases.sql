CREATE TABLE "approval_group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid,
	"role" text,
	CONSTRAINT "approval_group_members_one_kind" CHECK (("approval_group_members"."user_id" is null) <> ("approval_group_members"."role" is null))
);
--> statement-breakpoint
CREATE TABLE "approval_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_global" boolean DEFAULT true NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"predicate" jsonb NOT NULL,
	"group_ids" uuid[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "partner_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" text NOT NULL,
	"partner_name" text NOT NULL,
	"extra_discount_percent" numeric(5, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "partner_exceptions_window" CHECK ("partner_exceptions"."valid_from" <= "partner_exceptions"."valid_to"),
	CONSTRAINT "partner_exceptions_percent" CHECK ("partner_exceptions"."extra_discount_percent" >= 0 and "partner_exceptions"."extra_discount_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "quote_approval_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"approval_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"stage_name" text NOT NULL,
	"group_id" uuid,
	"group_name" text NOT NULL,
	"state" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pending_since" timestamp with time zone,
	"decided_by" uuid,
	"on_behalf_of" uuid,
	"decided_at" timestamp with time zone,
	"comment" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"submission_number" integer NOT NULL,
	"state" text NOT NULL,
	"is_budgetary" boolean DEFAULT false NOT NULL,
	"fingerprint" text NOT NULL,
	"facts" jsonb NOT NULL,
	"matched_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"workflow_template_id" uuid,
	"outcome_reason" text DEFAULT '' NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "mc_support_cases" (
	"family_id" text PRIMARY KEY NOT NULL,
	"cases_per_unit_year" numeric(7, 3) NOT NULL,
	"cost_per_case_usd_minor" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mc_support_cases_nonnegative" CHECK ("mc_support_cases"."cases_per_unit_year" >= 0 and "mc_support_cases"."cost_per_case_usd_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "locked_by" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "copied_from_quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_group_members" ADD CONSTRAINT "approval_group_members_group_id_approval_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."approval_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_group_members" ADD CONSTRAINT "approval_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_groups" ADD CONSTRAINT "approval_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_exceptions" ADD CONSTRAINT "partner_exceptions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD CONSTRAINT "quote_approval_steps_approval_id_quote_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."quote_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD CONSTRAINT "quote_approval_steps_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD CONSTRAINT "quote_approval_steps_group_id_approval_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."approval_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD CONSTRAINT "quote_approval_steps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD CONSTRAINT "quote_approval_steps_on_behalf_of_users_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_workflow_template_id_workflow_templates_id_fk" FOREIGN KEY ("workflow_template_id") REFERENCES "public"."workflow_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD CONSTRAINT "quote_approvals_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mc_support_cases" ADD CONSTRAINT "mc_support_cases_family_id_product_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."product_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_group_members_group_idx" ON "approval_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "approval_group_members_user_idx" ON "approval_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approval_group_members_role_idx" ON "approval_group_members" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_groups_name_key" ON "approval_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_name_key" ON "approval_rules" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "partner_exceptions_partner_idx" ON "partner_exceptions" USING btree ("partner_account_id","valid_to");--> statement-breakpoint
CREATE INDEX "quote_approval_steps_approval_idx" ON "quote_approval_steps" USING btree ("approval_id","stage");--> statement-breakpoint
CREATE INDEX "quote_approval_steps_pending_idx" ON "quote_approval_steps" USING btree ("state","group_id");--> statement-breakpoint
CREATE INDEX "quote_approval_steps_quote_idx" ON "quote_approval_steps" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_approvals_number_key" ON "quote_approvals" USING btree ("quote_id","submission_number");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_approvals_one_open" ON "quote_approvals" USING btree ("quote_id") WHERE "quote_approvals"."state" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_templates_name_key" ON "workflow_templates" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_templates_one_default" ON "workflow_templates" USING btree ("is_default") WHERE "workflow_templates"."is_default";--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_locked_by_users_id_fk" FOREIGN KEY ("locked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_copied_from_quote_id_quotes_id_fk" FOREIGN KEY ("copied_from_quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;