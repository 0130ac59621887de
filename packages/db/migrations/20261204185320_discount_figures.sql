DROP INDEX "quote_sku_discounts_report_idx";--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "seller_discount_bp" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "effective_discount_bp" integer;--> statement-breakpoint
ALTER TABLE "quote_sku_discounts" ADD COLUMN "effective_sum_bp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_sku_discounts" ADD COLUMN "effective_max_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "quote_sku_discounts_report_idx" ON "quote_sku_discounts" USING btree ("created_at","region","quote_type","deal_type","sku","line_count","discount_sum_bp","discount_max_bp","effective_sum_bp","effective_max_bp");--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_discount_figures" CHECK ("quote_lines"."seller_discount_bp" between 0 and 10000 and "quote_lines"."effective_discount_bp" between 0 and 10000);--> statement-breakpoint
-- Issue 33 (decision 030). The seller discount of a stored line is its manual discount; its
-- effective discount needs the pricing engine, so it stays null until the line is saved again,
-- and the discount report counts such a line's seller discount as its effective one.
UPDATE "quote_lines" SET "seller_discount_bp" = round("manual_discount_percent" * 100)::int;--> statement-breakpoint
UPDATE "quote_sku_discounts" SET "effective_sum_bp" = "discount_sum_bp", "effective_max_bp" = "discount_max_bp";--> statement-breakpoint
-- The demo rule, where it is still as seeded, names the seller discount (standard channel
-- pricing is not a seller's discount). A rule an admin changed is left as it is.
UPDATE "approval_rules"
SET "name" = 'Seller discount above 30 %',
  "predicate" = '{"kind":"predicate","fact":"max_seller_discount_percent","op":"gt","value":30}'::jsonb,
  "version" = "version" + 1,
  "updated_at" = now()
WHERE "name" = 'Line discount above 30 %'
  AND "predicate" = '{"kind":"predicate","fact":"max_line_discount_percent","op":"gt","value":30}'::jsonb
  AND NOT EXISTS (SELECT 1 FROM "approval_rules" WHERE lower("name") = 'seller discount above 30 %');
