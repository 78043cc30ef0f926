-- Leaderboard aggregates follow the takes table by construction
-- (docs/decisions/005-ledger-and-grading.md).
--
-- Statement-level triggers with transition tables queue one row per take whose
-- contribution changed (a current take contributes its points, one won / lost /
-- pushed by result, and one take unless void; any other take contributes
-- nothing), in the transaction that changed it. Submitting, overwriting,
-- grading, re-grading, ungrading and deleting takes are all covered, whoever
-- writes them. src/server/leaderboards/drain-leaderboard-queue.ts folds the
-- queue into leaderboard_totals.
--
-- The planner cannot see how large transition tables are: for a 100,000-take
-- grade it picked a merge join with disk sorts and spent more time compiling
-- the query (JIT) than running it, hence the settings on the function.
CREATE FUNCTION "leaderboard_queue_take_changes"() RETURNS trigger LANGUAGE plpgsql
  SET jit = off SET work_mem = '64MB' SET enable_mergejoin = off
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO leaderboard_queue (profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes)
    SELECT n.profile_id, n.pack_id, n.prop_id, n.created_at, n.points,
           (n.result = 'won')::int, (n.result = 'lost')::int, (n.result = 'push')::int, (n.result <> 'void')::int
    FROM new_rows n
    WHERE n.is_current;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO leaderboard_queue (profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes)
    SELECT o.profile_id, o.pack_id, o.prop_id, o.created_at, -o.points,
           -(o.result = 'won')::int, -(o.result = 'lost')::int, -(o.result = 'push')::int, -(o.result <> 'void')::int
    FROM old_rows o
    WHERE o.is_current;
  ELSE
    INSERT INTO leaderboard_queue (profile_id, pack_id, prop_id, take_created_at, points, won, lost, pushed, takes)
    SELECT d.profile_id, d.pack_id, d.prop_id, d.created_at, d.points, d.won, d.lost, d.pushed, d.takes
    FROM (
      SELECT n.profile_id, n.pack_id, n.prop_id, n.created_at,
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
$$;
--> statement-breakpoint
CREATE TRIGGER "takes_leaderboard_insert" AFTER INSERT ON "takes"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_queue_take_changes"();
--> statement-breakpoint
CREATE TRIGGER "takes_leaderboard_update" AFTER UPDATE ON "takes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_queue_take_changes"();
--> statement-breakpoint
CREATE TRIGGER "takes_leaderboard_delete" AFTER DELETE ON "takes"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_queue_take_changes"();
--> statement-breakpoint
-- Leaderboard ties are shown in handle order straight from the rank index, so
-- each aggregate row carries the handle; a rename updates the copies. It takes
-- the drain's lock (LEADERBOARD_LOCK_KEY in src/server/leaderboards) first, so a
-- rename and a drain never wait on each other's rows in opposite orders.
CREATE FUNCTION "leaderboard_copy_handle"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727005);
  UPDATE leaderboard_totals SET handle = NEW.handle WHERE profile_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_handle_to_leaderboard" AFTER UPDATE OF "handle" ON "profiles"
  FOR EACH ROW WHEN (OLD.handle IS DISTINCT FROM NEW.handle)
  EXECUTE FUNCTION "leaderboard_copy_handle"();
--> statement-breakpoint
-- Grading rewrites result, points and tokens of every take of a prop; with
-- room left on each page those updates stay heap-only (no new entries in the
-- five indexes of takes), which keeps grading 100,000 takes within budget.
ALTER TABLE "takes" SET (fillfactor = 50);
--> statement-breakpoint
ALTER TABLE "leaderboard_totals" SET (fillfactor = 70);
