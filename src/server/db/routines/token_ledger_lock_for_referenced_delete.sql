-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.token_ledger_lock_for_referenced_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE token_ledger IN SHARE ROW EXCLUSIVE MODE;
  RETURN NULL;
END
$function$;
