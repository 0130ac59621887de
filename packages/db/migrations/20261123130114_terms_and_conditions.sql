CREATE TABLE "quote_term_sets" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"has_custom_clause" boolean DEFAULT false NOT NULL,
	"clause_count" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "quote_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"clause_id" uuid,
	"clause_version" integer,
	"custom_title" text,
	"custom_text" text,
	"is_required" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"rendered_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_terms_standard_or_custom" CHECK (("quote_terms"."source" = 'CUSTOM' and "quote_terms"."clause_id" is null and "quote_terms"."custom_text" is not null)
        or ("quote_terms"."source" <> 'CUSTOM' and "quote_terms"."clause_id" is not null and "quote_terms"."clause_version" is not null and "quote_terms"."custom_text" is null))
);
--> statement-breakpoint
CREATE TABLE "terms_clause_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"condition" text DEFAULT '' NOT NULL,
	"effect" text NOT NULL,
	"clause_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "terms_clause_versions" (
	"clause_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "terms_clause_versions_clause_id_version_pk" PRIMARY KEY("clause_id","version")
);
--> statement-breakpoint
CREATE TABLE "terms_clauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "terms_clauses_version_positive" CHECK ("terms_clauses"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "quote_term_sets" ADD CONSTRAINT "quote_term_sets_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_term_sets" ADD CONSTRAINT "quote_term_sets_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_terms" ADD CONSTRAINT "quote_terms_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_terms" ADD CONSTRAINT "quote_terms_clause_id_terms_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."terms_clauses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_clause_rules" ADD CONSTRAINT "terms_clause_rules_clause_id_terms_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."terms_clauses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_clause_rules" ADD CONSTRAINT "terms_clause_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_clause_versions" ADD CONSTRAINT "terms_clause_versions_clause_id_terms_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_clause_versions" ADD CONSTRAINT "terms_clause_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_clauses" ADD CONSTRAINT "terms_clauses_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_terms_quote_idx" ON "quote_terms" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_clause_rules_code_key" ON "terms_clause_rules" USING btree ("code");--> statement-breakpoint
CREATE INDEX "terms_clause_rules_clause_idx" ON "terms_clause_rules" USING btree ("clause_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terms_clauses_code_key" ON "terms_clauses" USING btree ("code");--> statement-breakpoint
CREATE INDEX "terms_clauses_category_idx" ON "terms_clauses" USING btree ("category","title");