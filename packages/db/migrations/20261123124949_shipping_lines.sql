CREATE TABLE "quote_shipping_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"quote_line_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"region" text NOT NULL,
	"incoterm" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"year1" integer DEFAULT 0 NOT NULL,
	"year2" integer DEFAULT 0 NOT NULL,
	"year3" integer DEFAULT 0 NOT NULL,
	"year4" integer DEFAULT 0 NOT NULL,
	"year5" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quote_shipping_lines_counts" CHECK ("quote_shipping_lines"."quantity" >= 0 and "quote_shipping_lines"."year1" >= 0 and "quote_shipping_lines"."year2" >= 0 and "quote_shipping_lines"."year3" >= 0 and "quote_shipping_lines"."year4" >= 0 and "quote_shipping_lines"."year5" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "y1_manual_shipping_quantity" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "y2_manual_shipping_quantity" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "y3_manual_shipping_quantity" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "y4_manual_shipping_quantity" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "y5_manual_shipping_quantity" integer;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "needs_shipping_realignment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_shipping_lines" ADD CONSTRAINT "quote_shipping_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_shipping_lines" ADD CONSTRAINT "quote_shipping_lines_quote_line_id_quote_lines_id_fk" FOREIGN KEY ("quote_line_id") REFERENCES "public"."quote_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_shipping_lines_quote_idx" ON "quote_shipping_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "quote_shipping_lines_line_idx" ON "quote_shipping_lines" USING btree ("quote_line_id");