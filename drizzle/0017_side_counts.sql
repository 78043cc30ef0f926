-- How fans picked each prop, per side, kept with the fan-take counts of 0014: a closed pack's
-- page read "N picked A, M picked B" by counting every current take of each prop per view
-- (docs/decisions/024-season-scale.md, issue 20). The queue now carries each change's side.
ALTER TABLE "leaderboard_queue" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "prop_take_counts" ADD COLUMN "takes_a" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prop_take_counts" ADD COLUMN "takes_b" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The function of 0002 with the side of each change added; nothing else differs.
CREATE OR REPLACE FUNCTION "leaderboard_queue_take_changes"() RETURNS trigger LANGUAGE plpgsql
  SET jit = off SET work_mem = '64MB' SET enable_mergejoin = off
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leaderboard_queue (profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes, side)
    SELECT n.profile_id, n.pack_id, n.prop_id, n.created_at, n.points,
           (n.result = 'won')::int, (n.result = 'lost')::int, (n.result = 'push')::int, (n.result <> 'void')::int, n.side
    FROM new_rows n
    WHERE n.is_current;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO leaderboard_queue (profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes, side)
    SELECT o.profile_id, o.pack_id, o.prop_id, o.created_at, -o.points,
           -(o.result = 'won')::int, -(o.result = 'lost')::int, -(o.result = 'push')::int, -(o.result <> 'void')::int, o.side
    FROM old_rows o
    WHERE o.is_current;
  ELSE
    INSERT INTO leaderboard_queue (profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes, side)
    SELECT d.profile_id, d.pack_id, d.prop_id, d.created_at, d.points, d.won, d.lost, d.pushed, d.takes, d.side
    FROM (
      SELECT n.profile_id, n.pack_id, n.prop_id, n.created_at, n.side,
             (CASE WHEN n.is_current THEN n.points ELSE 0 END) - (CASE WHEN o.is_current THEN o.points ELSE 0 END) AS points,
             (n.is_current AND n.result = 'won')::int - (o.is_current AND o.result = 'won')::int AS won,
             (n.is_current AND n.result = 'lost')::int - (o.is_current AND o.result = 'lost')::int AS lost,
             (n.is_current AND n.result = 'push')::int - (o.is_current AND o.result = 'push')::int AS pushed,
             (n.is_current AND n.result <> 'void')::int - (o.is_current AND o.result <> 'void')::int AS takes
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
    ) d
    WHERE d.points <> 0 OR d.won <> 0 OR d.lost <> 0 OR d.pushed <> 0 OR d.takes <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The per-side counts of the takes already there, minus the changes queued since this migration
-- began (those carry their side and the next drain adds them); changes queued before it have no
-- side, add nothing per side, and are already counted here.
SELECT pg_advisory_xact_lock(727005);--> statement-breakpoint
INSERT INTO "prop_take_counts" AS ptc ("prop_id", "pack_id", "takes", "takes_a", "takes_b")
SELECT c.prop_id, c.pack_id, 0, sum(c.a)::int, sum(c.b)::int
FROM (
  SELECT t.prop_id, t.pack_id, count(*) FILTER (WHERE t.side = 'A') AS a, count(*) FILTER (WHERE t.side = 'B') AS b
  FROM "takes" t WHERE t.is_current AND t.result <> 'void' GROUP BY t.prop_id, t.pack_id
  UNION ALL
  SELECT q.prop_id, q.pack_id, -coalesce(sum(q.takes) FILTER (WHERE q.side = 'A'), 0), -coalesce(sum(q.takes) FILTER (WHERE q.side = 'B'), 0)
  FROM "leaderboard_queue" q GROUP BY q.prop_id, q.pack_id
) c
WHERE EXISTS (SELECT 1 FROM "props" p WHERE p.id = c.prop_id)
GROUP BY c.prop_id, c.pack_id
ON CONFLICT ("prop_id") DO UPDATE SET "takes_a" = excluded."takes_a", "takes_b" = excluded."takes_b";
