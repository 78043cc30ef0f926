CREATE TABLE "sms_send_budget" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" DROP CONSTRAINT "sms_outbox_status";--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "priority" smallint GENERATED ALWAYS AS (case when kind = 'login_code' then 0 when kind in ('pack_graded', 'grade_correction', 'pack_submitted', 'pick_fix', 'h2h_challenge') then 1 when kind like '%reminder%' then 2 else 3 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "blast_id" text GENERATED ALWAYS AS (case when kind = 'pack_open' then split_part(dedupe_key, ':', 2) end) STORED;--> statement-breakpoint
CREATE INDEX "sms_outbox_claim_idx" ON "sms_outbox" USING btree ("priority","next_attempt_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "sms_outbox_blast_idx" ON "sms_outbox" USING btree ("blast_id","status") WHERE blast_id is not null and status in ('pending', 'paused');--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_status" CHECK (status in ('pending', 'paused', 'sending', 'sent', 'failed', 'skipped'));