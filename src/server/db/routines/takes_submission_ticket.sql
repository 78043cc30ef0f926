-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.takes_submission_ticket(p_profile uuid, p_pack uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_object('propID', pr.id, 'propSide', t.side, 'lockedValue', t.locked_value,
                                                     'receiptId', t.receipt_id) ORDER BY pr.position, pr.created_at), '[]'::json)
          FROM props pr
          CROSS JOIN LATERAL (SELECT t.side, t.locked_value, t.receipt_id FROM takes t
                              WHERE t.prop_id = pr.id AND t.profile_id = p_profile AND t.is_current LIMIT 1) t
          WHERE pr.pack_id = p_pack);
END
$function$;
