ALTER TABLE "profiles" DROP CONSTRAINT "profiles_phone_until_deleted";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "is_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_bot_has_no_phone" CHECK (not "profiles"."is_bot" or "profiles"."phone" is null);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_until_deleted" CHECK ("profiles"."is_bot" or ("profiles"."phone" is null) = ("profiles"."deleted_at" is not null));--> statement-breakpoint
-- Custom SQL (docs/decisions/069-rivals-and-the-ai-player.md): the AI player itself, one profile
-- with a fixed id (src/domain/ai-player.ts AI_PLAYER_ID) and no phone. "TakesAI" is a reserved
-- username from now on (src/domain/username.ts); a player who already held it keeps it and the
-- AI player is not made (the picking task then does nothing), rather than renaming a person.
INSERT INTO "profiles" ("id", "handle", "handle_is_generated", "is_bot")
SELECT 'a1a1a1a1-0000-4000-8000-000000000001', 'TakesAI', false, true
WHERE NOT EXISTS (SELECT 1 FROM "profiles" WHERE lower("handle") = 'takesai' OR "id" = 'a1a1a1a1-0000-4000-8000-000000000001');
