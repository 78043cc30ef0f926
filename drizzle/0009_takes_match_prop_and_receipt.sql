-- A take is on its prop's pack, and on its receipt's player and pack, as a
-- constraint: until now only the code that writes takes (takes_submit) kept
-- takes.pack_id and takes.profile_id in step with the prop and the receipt,
-- and pack leaderboards, pack winners and receipts read takes by those columns.
-- Props never move between packs and receipts never change hands, so the
-- targets are plain unique keys (the primary keys plus the columns), and the
-- checks only run when a take is inserted.
ALTER TABLE "props" ADD CONSTRAINT "props_id_pack_key" UNIQUE("id","pack_id");--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_id_pack_profile_key" UNIQUE("id","pack_id","profile_id");--> statement-breakpoint
ALTER TABLE "takes" ADD CONSTRAINT "takes_prop_in_its_pack" FOREIGN KEY ("prop_id","pack_id") REFERENCES "public"."props"("id","pack_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takes" ADD CONSTRAINT "takes_on_its_receipt" FOREIGN KEY ("receipt_id","pack_id","profile_id") REFERENCES "public"."receipts"("id","pack_id","profile_id") ON DELETE cascade ON UPDATE no action;
