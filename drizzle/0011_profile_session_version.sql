-- Session revocation (docs/decisions/018-redirects-and-session-revocation.md):
-- every session token carries the profile's session_version from when it was
-- issued; logging out adds one, and a token with an older number reads as
-- signed out. Tokens issued before this column existed carry no number and
-- count as 0, the default, so nobody is signed out by the migration itself.
ALTER TABLE "profiles" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_session_version_not_negative" CHECK ("profiles"."session_version" >= 0);
