-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.token_ledger_check_references()
 RETURNS trigger
 LANGUAGE plpgsql
 SET jit TO 'off'
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = n.profile_id)) THEN
    RAISE EXCEPTION 'token_ledger.profile_id names no profile' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.actor_profile_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = n.actor_profile_id)) THEN
    RAISE EXCEPTION 'token_ledger.actor_profile_id names no profile' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.take_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM takes t WHERE t.id = n.take_id)) THEN
    RAISE EXCEPTION 'token_ledger.take_id names no take' USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows n WHERE n.pack_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM packs k WHERE k.id = n.pack_id)) THEN
    RAISE EXCEPTION 'token_ledger.pack_id names no pack' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$function$;
