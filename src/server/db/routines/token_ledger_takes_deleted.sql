-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.token_ledger_takes_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE token_ledger l SET take_id = NULL FROM old_rows o WHERE l.take_id = o.id;
  RETURN NULL;
END
$function$;
