ALTER TABLE "contests" ADD COLUMN "status" text DEFAULT 'coming-up' NOT NULL;--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD COLUMN "settlement_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD COLUMN "settled_grading" text;--> statement-breakpoint
CREATE INDEX "h2h_challenged_idx" ON "h2h_challenges" USING btree ("challenged_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "h2h_challenger_idx" ON "h2h_challenges" USING btree ("challenger_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "h2h_open_status_idx" ON "h2h_challenges" USING btree ("status") WHERE "h2h_challenges"."status" in ('pending', 'accepted');--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_status" CHECK (status in ('draft', 'coming-up', 'open', 'closed', 'graded'));--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_slug_shape" CHECK ("contests"."slug" ~ '^[a-z0-9][a-z0-9-]{0,79}$');--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_window_order" CHECK ("contests"."starts_at" is null or "contests"."ends_at" is null or "contests"."starts_at" < "contests"."ends_at");--> statement-breakpoint
ALTER TABLE "h2h_challenges" ADD CONSTRAINT "h2h_outcome" CHECK ("h2h_challenges"."outcome" is null or "h2h_challenges"."outcome" in ('challenger', 'challenged', 'tie'));