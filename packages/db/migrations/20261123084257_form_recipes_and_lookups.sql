CREATE TABLE "form_recipes" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"recipe" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "lookup_values" (
	"lookup" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"family" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "lookup_values_lookup_value_pk" PRIMARY KEY("lookup","value")
);
--> statement-breakpoint
ALTER TABLE "form_recipes" ADD CONSTRAINT "form_recipes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lookup_values_family_idx" ON "lookup_values" USING btree ("lookup","family");