-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.leaderboard_copy_handle()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(727005);
  UPDATE leaderboard_totals SET handle = NEW.handle WHERE profile_id = NEW.id;
  RETURN NULL;
END
$function$;
