-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.sms_outbox_skip_undeliverable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  reason text;
BEGIN
  SELECT p.sms_undeliverable_reason INTO reason
  FROM profiles p
  WHERE p.phone = NEW.to_phone AND p.sms_undeliverable_at IS NOT NULL;
  IF FOUND THEN
    NEW.status := 'skipped';
    NEW.last_error := 'number could not be texted (carrier error ' || coalesce(reason, 'unknown') || ')';
  END IF;
  RETURN NEW;
END
$function$;
