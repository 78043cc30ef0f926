-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
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
