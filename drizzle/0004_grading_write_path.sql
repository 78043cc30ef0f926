ALTER TABLE "token_ledger" DROP CONSTRAINT "token_ledger_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "token_ledger" DROP CONSTRAINT "token_ledger_take_id_takes_id_fk";
--> statement-breakpoint
ALTER TABLE "token_ledger" DROP CONSTRAINT "token_ledger_pack_id_packs_id_fk";
--> statement-breakpoint
ALTER TABLE "token_ledger" DROP CONSTRAINT "token_ledger_actor_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "leaderboard_queue" DROP COLUMN "id";--> statement-breakpoint
-- The ledger's references (profile, actor, take, pack) are checked once per
-- statement instead of by row-level foreign keys. A foreign key checks and
-- locks one referenced row per inserted row: for the 50,000 payouts of a
-- 100,000-take grade that was half of the grade's time. The set-based check
-- below is one anti-join per statement (docs/decisions/005-ledger-and-grading.md).
--
-- Concurrency: what a foreign key's row locks did, a table lock does here.
-- Every statement that deletes profiles, takes or packs first takes
-- SHARE ROW EXCLUSIVE on token_ledger, which waits for every transaction that
-- has written ledger rows to finish and holds back new writers until it
-- commits; writers check after writing, with a fresh snapshot (READ
-- COMMITTED), so they see a deletion that committed while they waited.
-- Deletions of these rows are rare (the app archives instead).
CREATE FUNCTION "token_ledger_check_references"() RETURNS trigger LANGUAGE plpgsql
  SET jit = off
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = n.profile_id)) THEN
    RAISE EXCEPTION 'token_ledger.profile_id names no profile' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.actor_profile_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = n.actor_profile_id)) THEN
    RAISE EXCEPTION 'token_ledger.actor_profile_id names no profile' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.take_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM takes t WHERE t.id = n.take_id)) THEN
    RAISE EXCEPTION 'token_ledger.take_id names no take' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.pack_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM packs k WHERE k.id = n.pack_id)) THEN
    RAISE EXCEPTION 'token_ledger.pack_id names no pack' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "token_ledger_references_insert" AFTER INSERT ON "token_ledger"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_check_references"();
--> statement-breakpoint
CREATE TRIGGER "token_ledger_references_update" AFTER UPDATE ON "token_ledger"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_check_references"();
--> statement-breakpoint
CREATE FUNCTION "token_ledger_lock_for_referenced_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE token_ledger IN SHARE ROW EXCLUSIVE MODE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deleting a profile that holds or granted ledger rows is refused (as ON DELETE NO ACTION).
CREATE FUNCTION "token_ledger_profiles_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM token_ledger l JOIN old_rows o ON o.id = l.profile_id)
     OR EXISTS (SELECT 1 FROM token_ledger l JOIN old_rows o ON o.id = l.actor_profile_id) THEN
    RAISE EXCEPTION 'profile is still referenced from token_ledger' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted take or pack leaves its ledger rows in place with the reference cleared (as ON DELETE SET NULL).
CREATE FUNCTION "token_ledger_takes_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE token_ledger l SET take_id = NULL FROM old_rows o WHERE l.take_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "token_ledger_packs_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE token_ledger l SET pack_id = NULL FROM old_rows o WHERE l.pack_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_lock_ledger" BEFORE DELETE ON "profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_lock_for_referenced_delete"();
--> statement-breakpoint
CREATE TRIGGER "profiles_ledger_references" AFTER DELETE ON "profiles"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_profiles_deleted"();
--> statement-breakpoint
CREATE TRIGGER "takes_lock_ledger" BEFORE DELETE ON "takes"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_lock_for_referenced_delete"();
--> statement-breakpoint
CREATE TRIGGER "takes_ledger_references" AFTER DELETE ON "takes"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_takes_deleted"();
--> statement-breakpoint
CREATE TRIGGER "packs_lock_ledger" BEFORE DELETE ON "packs"
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_lock_for_referenced_delete"();
--> statement-breakpoint
CREATE TRIGGER "packs_ledger_references" AFTER DELETE ON "packs"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "token_ledger_packs_deleted"();
