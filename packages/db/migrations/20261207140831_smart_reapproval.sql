ALTER TABLE "approval_rules" ADD COLUMN "always_reapprove" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "decided_revision_number" integer;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "carried_from_step_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "reasked_since_revision" integer;--> statement-breakpoint
ALTER TABLE "quote_approval_steps" ADD COLUMN "reask_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD COLUMN "revision_number" integer;--> statement-breakpoint
ALTER TABLE "quote_approvals" ADD COLUMN "evidence" jsonb DEFAULT '{}'::jsonb NOT NULL;