CREATE TABLE "sms_daily_spend" (
	"day" date PRIMARY KEY NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_daily_spend_not_negative" CHECK ("sms_daily_spend"."segments" >= 0 and "sms_daily_spend"."refused" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sms_undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sms_undeliverable_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sms_deliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_error_code" integer;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "delivery_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sms_outbox_provider_message_idx" ON "sms_outbox" USING btree ("provider_message_id") WHERE "sms_outbox"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_delivery_status" CHECK (delivery_status in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'));--> statement-breakpoint
-- A number that failed for good is not texted again (docs/decisions/071-delivery-on-the-record.md):
-- every text queued to it is recorded `skipped` with the reason, whichever code queued it (queueText,
-- a pack opening's one statement for 100,000 followers, the results texts), as STOP does. Sign-in
-- codes are never queued `pending` (they are sent at once), so they are still attempted.
CREATE FUNCTION sms_outbox_skip_undeliverable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reason text;
BEGIN
  SELECT p.sms_undeliverable_reason INTO reason
  FROM profiles p
  WHERE p.phone = NEW.to_phone AND p.sms_undeliverable_at IS NOT NULL;
  IF FOUND THEN
    NEW.status := 'skipped';
    NEW.last_error := 'number could not be texted (carrier error ' || coalesce(reason, 'unknown') || ')';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sms_outbox_skip_undeliverable BEFORE INSERT ON sms_outbox
FOR EACH ROW WHEN (NEW.status = 'pending' AND NEW.kind <> 'login_code')
EXECUTE FUNCTION sms_outbox_skip_undeliverable();
