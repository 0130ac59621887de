DROP INDEX "quotes_updated_idx";--> statement-breakpoint
DROP INDEX "quotes_status_updated_idx";--> statement-breakpoint
DROP INDEX "quotes_region_updated_idx";--> statement-breakpoint
CREATE INDEX "quotes_type_updated_idx" ON "quotes" USING btree ("quote_type","updated_at","id","region","owner_user_id","created_by","account_id","status_id");--> statement-breakpoint
CREATE INDEX "quotes_updated_idx" ON "quotes" USING btree ("updated_at","id","region","owner_user_id","created_by","account_id","status_id","quote_type");--> statement-breakpoint
CREATE INDEX "quotes_status_updated_idx" ON "quotes" USING btree ("status_id","updated_at","id","region","owner_user_id","created_by","account_id","quote_type");--> statement-breakpoint
CREATE INDEX "quotes_region_updated_idx" ON "quotes" USING btree ("region","updated_at","id","owner_user_id","created_by","account_id","status_id","quote_type");