-- Series boards become a maintained leaderboard scope, `series:{id}`, like contests
-- (src/server/leaderboards/scoped-contributions.ts): the series page summed every current take
-- of every pack of the series per view (docs/decisions/024-season-scale.md, issue 20).
-- The boards of existing series, from the current takes minus the changes still queued (the next
-- drain adds those, now with their series keys), in one statement under the drain's lock.
SELECT pg_advisory_xact_lock(727005);--> statement-breakpoint
WITH contributions AS (
  SELECT 'series:' || sp.series_id::text AS scope, t.profile_id, t.points,
         (t.result = 'won')::int AS won, (t.result = 'lost')::int AS lost, (t.result = 'push')::int AS pushed,
         (t.result <> 'void')::int AS takes
  FROM takes t JOIN series_packs sp ON sp.pack_id = t.pack_id
  WHERE t.is_current
  UNION ALL
  SELECT 'series:' || sp.series_id::text, q.profile_id, -q.points, -q.won, -q.lost, -q.pushed, -q.takes
  FROM leaderboard_queue q JOIN series_packs sp ON sp.pack_id = q.pack_id
),
summed AS (
  SELECT scope, profile_id, sum(points)::int AS points, sum(won)::int AS won, sum(lost)::int AS lost,
         sum(pushed)::int AS pushed, sum(takes)::int AS takes
  FROM contributions GROUP BY scope, profile_id
)
INSERT INTO leaderboard_totals (scope, profile_id, handle, points, won, lost, pushed, takes)
SELECT s.scope, s.profile_id, pr.handle, s.points, s.won, s.lost, s.pushed, s.takes
FROM summed s JOIN profiles pr ON pr.id = s.profile_id
WHERE s.points <> 0 OR s.won <> 0 OR s.lost <> 0 OR s.pushed <> 0 OR s.takes <> 0
ON CONFLICT (scope, profile_id) DO NOTHING;--> statement-breakpoint
INSERT INTO leaderboard_score_counts (scope, points, won, profiles)
SELECT scope, points, won, count(*)::int FROM leaderboard_totals
WHERE scope LIKE 'series:%' AND takes > 0
GROUP BY scope, points, won
ON CONFLICT (scope, points, won) DO NOTHING;
