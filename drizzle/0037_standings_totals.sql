CREATE TABLE "standings_last_receipts" (
	"scope" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"last_submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "standings_last_receipts_scope_profile_id_pk" PRIMARY KEY("scope","profile_id")
);
--> statement-breakpoint
CREATE INDEX "standings_last_receipts_cover_idx" ON "standings_last_receipts" USING btree ("scope","profile_id","last_submitted_at");--> statement-breakpoint
CREATE INDEX "leaderboard_totals_standings_idx" ON "leaderboard_totals" USING btree ("scope","profile_id","points","won","lost","pushed","takes","handle") WHERE "leaderboard_totals"."scope" like 'standings:%';
--> statement-breakpoint
-- League standings read from maintained totals (docs/decisions/062-league-standings.md, "Maintained
-- season and week totals"): every pack's takes also count in the scopes
-- `standings:{league}:season:{year}` and `standings:{league}:week:{first day}` of its close, summed by
-- the leaderboard drain and rebuild (src/server/leaderboards/scoped-contributions.ts); each player's
-- last receipt time per scope is kept beside them (standings_last_receipts); a pack whose close,
-- status or league changes carries both along (packs_standings_rekey).
CREATE OR REPLACE FUNCTION public.standings_scope_keys(league text, status text, close_time timestamp with time zone, open_time timestamp with time zone, created_at timestamp with time zone)
 RETURNS text[]
 LANGUAGE sql
 STABLE
AS $function$
  -- The league standings scopes a pack's takes count in (docs/decisions/062-league-standings.md):
  -- its league's season and standings week of the New York day of its close (else open, else
  -- creation), as src/domain/standings.ts standingsWeekStart and seasonDays define them. Drafts,
  -- archived packs and packs of no league count in none.
  SELECT CASE WHEN league IS NULL OR status IN ('draft', 'archived') THEN ARRAY[]::text[] ELSE ARRAY[
    'standings:' || league || ':season:' || d.season::text,
    'standings:' || league || ':week:' || to_char(CASE WHEN league = 'nfl'
      THEN w.week1 + 7 * floor((d.day - w.week1) / 7.0)::int
      ELSE d.day - (extract(isodow FROM d.day)::int - 1) END, 'YYYY-MM-DD')
  ] END
  FROM (SELECT x.day, extract(year FROM x.day)::int - CASE WHEN extract(month FROM x.day) <= 2 THEN 1 ELSE 0 END AS season
        FROM (SELECT (coalesce(close_time, open_time, created_at) AT TIME ZONE 'America/New_York')::date AS day) x) d
  CROSS JOIN LATERAL (SELECT make_date(d.season, 9, 1) + ((8 - extract(dow FROM make_date(d.season, 9, 1))::int) % 7) + 3 AS week1) w
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.standings_last_receipt_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A submission's receipt raises the player's last receipt time in its pack's league standings
  -- scopes (docs/decisions/062-league-standings.md): receipts are only ever added, so a greatest() suffices.
  INSERT INTO standings_last_receipts AS s (scope, profile_id, last_submitted_at)
  SELECT k.scope, n.profile_id, max(n.created_at)
    FROM new_rows n
    JOIN packs p ON p.id = n.pack_id
    CROSS JOIN unnest(standings_scope_keys(p.league, p.status, p.close_time, p.open_time, p.created_at)) AS k(scope)
   GROUP BY k.scope, n.profile_id
   ORDER BY k.scope, n.profile_id
  ON CONFLICT (scope, profile_id) DO UPDATE SET last_submitted_at = greatest(s.last_submitted_at, excluded.last_submitted_at);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE TRIGGER "packs_standings_rekey" BEFORE UPDATE OR DELETE ON "packs"
  FOR EACH ROW EXECUTE FUNCTION "leaderboard_rekey_pack_standings"();
--> statement-breakpoint
CREATE TRIGGER "receipts_standings_last_receipt" AFTER INSERT ON "receipts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "standings_last_receipt_insert"();
--> statement-breakpoint
-- Backfill from the packs' drained rows (changes still queued are keyed when they are drained).
SELECT pg_advisory_xact_lock(727005);
--> statement-breakpoint
INSERT INTO leaderboard_totals AS lt (scope, profile_id, handle, points, won, lost, pushed, takes, updated_at)
SELECT k.scope, m.profile_id, min(m.handle), sum(m.points)::int, sum(m.won)::int, sum(m.lost)::int,
       sum(m.pushed)::int, sum(m.takes)::int, now()
  FROM packs p
  JOIN leaderboard_totals m ON m.scope = 'pack:' || p.id::text
  CROSS JOIN unnest(standings_scope_keys(p.league, p.status, p.close_time, p.open_time, p.created_at)) AS k(scope)
 GROUP BY k.scope, m.profile_id
HAVING sum(m.takes) <> 0 OR sum(m.points) <> 0 OR sum(m.won) <> 0 OR sum(m.lost) <> 0 OR sum(m.pushed) <> 0
 ORDER BY k.scope, m.profile_id
ON CONFLICT (scope, profile_id) DO UPDATE SET
  points = excluded.points, won = excluded.won, lost = excluded.lost, pushed = excluded.pushed,
  takes = excluded.takes, updated_at = excluded.updated_at;
--> statement-breakpoint
INSERT INTO standings_last_receipts (scope, profile_id, last_submitted_at)
SELECT k.scope, r.profile_id, max(r.created_at)
  FROM receipts r
  JOIN packs p ON p.id = r.pack_id
  CROSS JOIN unnest(standings_scope_keys(p.league, p.status, p.close_time, p.open_time, p.created_at)) AS k(scope)
 GROUP BY k.scope, r.profile_id;
