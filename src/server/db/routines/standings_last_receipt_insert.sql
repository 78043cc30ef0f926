-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
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
