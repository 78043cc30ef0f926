-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.leaderboard_queue_take_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
 SET work_mem TO '64MB'
 SET enable_mergejoin TO 'off'
AS $function$
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
$function$;
