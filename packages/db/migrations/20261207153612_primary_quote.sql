ALTER TABLE "quotes" ADD COLUMN "option_label" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "is_primary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Each opportunity's latest quote that is not archived becomes its primary (decision 043).
UPDATE "quotes" SET "is_primary" = true WHERE "id" IN (SELECT DISTINCT ON ("opportunity_id") "id" FROM "quotes" WHERE "opportunity_id" IS NOT NULL AND "status_id" <> 'ARCHIVED' ORDER BY "opportunity_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_primary_per_opportunity" ON "quotes" USING btree ("opportunity_id") WHERE "quotes"."is_primary";