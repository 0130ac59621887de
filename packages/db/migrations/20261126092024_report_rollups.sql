CREATE TABLE "quote_sku_discounts" (
	"quote_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"region" text NOT NULL,
	"quote_type" text NOT NULL,
	"deal_type" text NOT NULL,
	"line_count" integer NOT NULL,
	"discount_sum_bp" bigint NOT NULL,
	"discount_max_bp" integer NOT NULL,
	CONSTRAINT "quote_sku_discounts_quote_id_sku_pk" PRIMARY KEY("quote_id","sku")
);
--> statement-breakpoint
ALTER TABLE "quote_sku_discounts" ADD CONSTRAINT "quote_sku_discounts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the lines already stored (then the index, built once on the full table).
INSERT INTO "quote_sku_discounts" ("quote_id", "sku", "created_at", "region", "quote_type", "deal_type", "line_count", "discount_sum_bp", "discount_max_bp")
SELECT q."id", l."sku", q."created_at", q."region", q."quote_type", q."deal_type", count(*)::int,
  sum(round(l."manual_discount_percent" * 100))::bigint, max(round(l."manual_discount_percent" * 100))::int
FROM "quote_lines" l JOIN "quotes" q ON q."id" = l."quote_id"
GROUP BY q."id", l."sku";--> statement-breakpoint
CREATE INDEX "quote_sku_discounts_report_idx" ON "quote_sku_discounts" USING btree ("created_at","region","quote_type","deal_type","sku","line_count","discount_sum_bp","discount_max_bp");--> statement-breakpoint
-- The steps' copy of their quote's creation date and filters, filled for the steps already stored.
ALTER TABLE "quote_approval_steps" ADD COLUMN "quote_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "quote_region" text;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "quote_type" text;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "quote_deal_type" text;--> statement-breakpoint
UPDATE "quote_approval_steps" st SET "quote_created_at" = q."created_at", "quote_region" = q."region",
  "quote_type" = q."quote_type", "quote_deal_type" = q."deal_type"
FROM "quotes" q WHERE q."id" = st."quote_id";--> statement-breakpoint
CREATE INDEX "quote_approval_steps_report_idx" ON "quote_approval_steps" USING btree ("quote_created_at","quote_region","quote_type","quote_deal_type","group_name","pending_since","decided_at") WHERE "quote_approval_steps"."state" in ('APPROVED', 'REJECTED') and "quote_approval_steps"."decided_at" is not null and "quote_approval_steps"."pending_since" is not null;
