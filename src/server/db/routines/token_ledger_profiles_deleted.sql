-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.token_ledger_profiles_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM token_ledger l JOIN old_rows o ON o.id = l.profile_id)
     OR EXISTS (SELECT 1 FROM token_ledger l JOIN old_rows o ON o.id = l.actor_profile_id) THEN
    RAISE EXCEPTION 'profile is still referenced from token_ledger' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$function$;
