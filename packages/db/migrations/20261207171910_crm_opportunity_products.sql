CREATE TABLE "crm_product_writes" (
	"opportunity_id" text PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"due_version" integer NOT NULL,
	"written_version" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"written_at" timestamp with time zone,
	"product_count" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_product_writes_counts" CHECK ("crm_product_writes"."failures" >= 0 and "crm_product_writes"."product_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "crm_opportunity_line_items" ADD COLUMN "total_price_minor" bigint;--> statement-breakpoint
ALTER TABLE "crm_opportunity_line_items" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_opportunity_line_items" ADD COLUMN "bastion_line_key" text;--> statement-breakpoint
ALTER TABLE "crm_product_writes" ADD CONSTRAINT "crm_product_writes_opportunity_id_crm_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."crm_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_product_writes" ADD CONSTRAINT "crm_product_writes_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_product_writes_open_idx" ON "crm_product_writes" USING btree ("state") WHERE "crm_product_writes"."state" <> 'written';