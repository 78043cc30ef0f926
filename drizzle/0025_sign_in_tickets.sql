-- A sign-in code belongs to the browser that asked for it (docs/decisions/002-otp-rules.md): the row is
-- keyed by the phone and a hash of that browser's sign-in ticket, so guesses from any other browser never
-- reach it. Codes live 10 minutes and a row without its ticket could never be checked again, so the live
-- ones are dropped: a player who asked for a code just before the deploy asks again.
DELETE FROM "login_codes";--> statement-breakpoint
ALTER TABLE "login_codes" DROP CONSTRAINT "login_codes_pkey";--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "ticket_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_phone_ticket_hash_pk" PRIMARY KEY("phone","ticket_hash");--> statement-breakpoint
-- The periodic purge of expired rows: a stranger can now leave many rows per phone (each one a text).
CREATE INDEX "login_codes_expires_idx" ON "login_codes" USING btree ("expires_at");
