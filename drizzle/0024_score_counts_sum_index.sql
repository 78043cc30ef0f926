-- A rank sums the score rows above the viewer: with the count in the index the sum is an index-only
-- scan, not a heap visit per score row (13,000 for a player near the bottom of a quarter season).
CREATE INDEX "leaderboard_score_counts_sum_idx" ON "leaderboard_score_counts" USING btree ("scope","points","won","profiles");