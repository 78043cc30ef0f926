-- Each inbound text is acted on once (src/server/subscriptions/handle-inbound-sms.ts,
-- docs/decisions/019-public-surface.md).
--
-- Twilio signs a webhook request, but a signature has no time in it: whoever
-- captured a signed START could post it again after the player texted STOP
-- and turn their texts back on. Twilio gives every message a unique
-- MessageSid and sends the same one when it retries, so remembering the
-- MessageSids already handled makes a replay (or a retry) a no-op.
CREATE TABLE "inbound_sms_messages" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
