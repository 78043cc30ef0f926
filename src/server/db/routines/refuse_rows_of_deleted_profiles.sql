-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.refuse_rows_of_deleted_profiles()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM 1 FROM "profiles" WHERE "id" = NEW."profile_id" AND "deleted_at" IS NULL FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'profile_deleted' USING ERRCODE = 'P0001', DETAIL = 'This account was deleted.';
  END IF;
  RETURN NEW;
END
$function$;
