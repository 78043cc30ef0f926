-- A player's bonuses (award claims, referral bonuses) from their own small index instead of a walk of
-- every ledger entry of the player: thousands of take payouts in a season (docs/decisions/024-season-scale.md).
CREATE INDEX "token_ledger_bonus_idx" ON "token_ledger" USING btree ("profile_id","created_at") WHERE "token_ledger"."kind" in ('award_claim', 'referral_bonus');