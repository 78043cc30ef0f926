-- A balance is the sum of the player's ledger entries (decision 005). With the
-- amount in the index the sum is an index-only scan: a season's heavy player
-- (2,500+ payouts) read in 0.5 ms instead of 2-4 ms of heap visits
-- (docs/decisions/024-season-scale.md, issue 20).
DROP INDEX "token_ledger_profile_idx";--> statement-breakpoint
CREATE INDEX "token_ledger_profile_idx" ON "token_ledger" USING btree ("profile_id","created_at","amount_cents");
