-- Takes keep only their two composite foreign keys (src/server/db/schema.ts,
-- docs/decisions/014-submission-in-one-call.md).
--
-- Migration 0009 made a take point at (prop, pack) and at (receipt, pack,
-- player). Those two keys imply the four single-column keys of 0000: the prop
-- and the receipt exist, the prop's pack exists (props.pack_id is a key of
-- packs), and the receipt's player exists (receipts.profile_id is a key of
-- profiles). Every foreign key is checked per inserted row with a lookup and a
-- row lock on the parent, so the four redundant keys cost a submission of ten
-- takes forty lookups and locks on the hottest write of the game. Deletes keep
-- their behaviour: a prop's or a receipt's takes cascade through the composite
-- keys (a pack's through its props and receipts), and a player with takes has
-- receipts, whose own key still refuses deleting the player.
ALTER TABLE "takes" DROP CONSTRAINT "takes_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "takes" DROP CONSTRAINT "takes_prop_id_props_id_fk";
--> statement-breakpoint
ALTER TABLE "takes" DROP CONSTRAINT "takes_pack_id_packs_id_fk";
--> statement-breakpoint
ALTER TABLE "takes" DROP CONSTRAINT "takes_receipt_id_receipts_id_fk";
--> statement-breakpoint
-- The two-call submission functions of migration 0006, kept for servers of the
-- previous release during a rolling deploy (0008); nothing calls them since 0008.
DROP FUNCTION IF EXISTS "takes_submission_read"(uuid, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "takes_submission_store"(uuid, uuid, text, text, uuid, timestamptz, uuid[], uuid[], text[], integer[]);
