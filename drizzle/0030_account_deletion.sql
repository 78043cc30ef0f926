ALTER TABLE "profiles" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_phone_until_deleted" CHECK (("profiles"."phone" is null) = ("profiles"."deleted_at" is not null));--> statement-breakpoint
-- A deleted account takes nothing new (docs/decisions/057-account-deletion-and-game-rules.md): a
-- submission, claim, redemption, follow or subscription that passed its session check just before
-- the deletion waits here for the deletion's row lock, then finds the profile deleted and is refused.
-- The receipt's own foreign key takes the same key-share lock, so this costs a submission nothing new.
CREATE FUNCTION "refuse_rows_of_deleted_profiles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "profiles" WHERE "id" = NEW."profile_id" AND "deleted_at" IS NULL FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'profile_deleted' USING ERRCODE = 'P0001', DETAIL = 'This account was deleted.';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_of_live_profiles" BEFORE INSERT ON "receipts" FOR EACH ROW EXECUTE FUNCTION "refuse_rows_of_deleted_profiles"();
--> statement-breakpoint
CREATE TRIGGER "award_claims_of_live_profiles" BEFORE INSERT ON "award_claims" FOR EACH ROW EXECUTE FUNCTION "refuse_rows_of_deleted_profiles"();
--> statement-breakpoint
CREATE TRIGGER "exchanges_of_live_profiles" BEFORE INSERT ON "exchanges" FOR EACH ROW EXECUTE FUNCTION "refuse_rows_of_deleted_profiles"();
--> statement-breakpoint
CREATE TRIGGER "follows_of_live_profiles" BEFORE INSERT ON "follows" FOR EACH ROW EXECUTE FUNCTION "refuse_rows_of_deleted_profiles"();
--> statement-breakpoint
CREATE TRIGGER "subscriptions_of_live_profiles" BEFORE INSERT ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "refuse_rows_of_deleted_profiles"();
