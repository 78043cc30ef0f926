-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.leaderboard_rekey_pack_standings()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  -- A pack's league standings rows move with it (docs/decisions/062-league-standings.md): when its
  -- close moves to another week or season, or it is archived, restored or deleted, its drained
  -- per-player lines (the pack:{id} rows) leave the scopes it counted in and join the new ones, in
  -- the same transaction, and so do its players' last receipt times. Changes still queued are keyed
  -- by the drain from the pack as it then is. Runs before the row changes: a deleted pack's
  -- receipts are still there to read.
  old_keys text[] := standings_scope_keys(OLD.league, OLD.status, OLD.close_time, OLD.open_time, OLD.created_at);
  new_keys text[] := CASE WHEN TG_OP = 'DELETE' THEN ARRAY[]::text[]
    ELSE standings_scope_keys(NEW.league, NEW.status, NEW.close_time, NEW.open_time, NEW.created_at) END;
  pack_scope text := 'pack:' || OLD.id::text;
BEGIN
  IF old_keys = new_keys THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  -- The pack row's strongest lock first: it waits for submissions in flight (their receipts hold
  -- a key-share lock on the pack until they commit) and holds new ones back until this commits,
  -- so every receipt's time is keyed by the close it sees here or the one after.
  PERFORM 1 FROM packs WHERE id = OLD.id FOR UPDATE;
  PERFORM pg_advisory_xact_lock(727005);
  UPDATE leaderboard_totals lt
     SET points = lt.points - m.points, won = lt.won - m.won, lost = lt.lost - m.lost,
         pushed = lt.pushed - m.pushed, takes = lt.takes - m.takes, updated_at = now()
    FROM leaderboard_totals m
   WHERE m.scope = pack_scope AND lt.scope = ANY (old_keys) AND lt.profile_id = m.profile_id;
  DELETE FROM leaderboard_totals lt
   WHERE lt.scope = ANY (old_keys) AND lt.takes = 0 AND lt.points = 0 AND lt.won = 0 AND lt.lost = 0 AND lt.pushed = 0
     AND lt.profile_id IN (SELECT m.profile_id FROM leaderboard_totals m WHERE m.scope = pack_scope);
  INSERT INTO leaderboard_totals AS lt (scope, profile_id, handle, points, won, lost, pushed, takes, updated_at)
  SELECT k.scope, m.profile_id, m.handle, m.points, m.won, m.lost, m.pushed, m.takes, now()
    FROM leaderboard_totals m CROSS JOIN unnest(new_keys) AS k(scope)
   WHERE m.scope = pack_scope
   ORDER BY k.scope, m.profile_id
  ON CONFLICT (scope, profile_id) DO UPDATE SET
    points = lt.points + excluded.points, won = lt.won + excluded.won, lost = lt.lost + excluded.lost,
    pushed = lt.pushed + excluded.pushed, takes = lt.takes + excluded.takes, updated_at = excluded.updated_at;
  -- Last receipt times: the new scopes take this pack's; in a scope it leaves, a time that was this
  -- pack's is worked out again from the player's other receipts there (or the row goes).
  INSERT INTO standings_last_receipts AS s (scope, profile_id, last_submitted_at)
  SELECT k.scope, r.profile_id, max(r.created_at)
    FROM receipts r CROSS JOIN unnest(new_keys) AS k(scope)
   WHERE r.pack_id = OLD.id
   GROUP BY k.scope, r.profile_id
   ORDER BY k.scope, r.profile_id
  ON CONFLICT (scope, profile_id) DO UPDATE SET last_submitted_at = greatest(s.last_submitted_at, excluded.last_submitted_at);
  WITH mine AS (
    SELECT r.profile_id, max(r.created_at) AS last FROM receipts r WHERE r.pack_id = OLD.id GROUP BY r.profile_id
  ),
  fresh AS (
    SELECT s.scope, s.profile_id,
           (SELECT max(r.created_at) FROM receipts r JOIN packs p ON p.id = r.pack_id
             WHERE r.profile_id = s.profile_id AND r.pack_id <> OLD.id
               AND s.scope = ANY (standings_scope_keys(p.league, p.status, p.close_time, p.open_time, p.created_at))) AS last
      FROM standings_last_receipts s JOIN mine ON mine.profile_id = s.profile_id
     WHERE s.scope = ANY (old_keys) AND NOT s.scope = ANY (new_keys) AND s.last_submitted_at <= mine.last
  ),
  gone AS (
    DELETE FROM standings_last_receipts s USING fresh f
     WHERE f.last IS NULL AND s.scope = f.scope AND s.profile_id = f.profile_id
  )
  UPDATE standings_last_receipts s SET last_submitted_at = f.last
    FROM fresh f
   WHERE f.last IS NOT NULL AND s.scope = f.scope AND s.profile_id = f.profile_id;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$function$;
