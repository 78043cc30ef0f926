-- As the migrations in drizzle/ install it; checked by tests/api/schema-drift.test.ts.
CREATE OR REPLACE FUNCTION public.takes_submit(p_profile uuid, p_pack_url text, p_key text, p_receipt text, p_referrer uuid, p_now timestamp with time zone, p_props uuid[], p_sides text[])
 RETURNS TABLE(outcome text, receipt_id text, pack_id uuid, status text, open_time timestamp with time zone, close_time timestamp with time zone, now timestamp with time zone, props json, ticket json)
 LANGUAGE plpgsql
AS $function$
#variable_conflict use_column
DECLARE
  v_pack packs%ROWTYPE;
  v_now timestamptz;
  v_replay text;
  v_picked integer;
  v_closed integer;
  v_changed integer;
  v_replaced uuid[];
  v_changed_props uuid[];
  v_changed_sides text[];
  v_stored integer;
  v_ticket json;
BEGIN
  PERFORM 1 FROM props pr JOIN packs pk ON pk.id = pr.pack_id WHERE pk.pack_url = p_pack_url ORDER BY pr.id FOR SHARE OF pr;
  PERFORM 1 FROM profiles WHERE id = p_profile FOR UPDATE;
  v_now := coalesce(p_now, date_trunc('milliseconds', clock_timestamp()));

  SELECT r.id INTO v_replay FROM receipts r WHERE r.profile_id = p_profile AND r.idempotency_key = p_key;
  IF v_replay IS NOT NULL THEN
    RETURN QUERY SELECT 'replay'::text, v_replay, NULL::uuid, NULL::text, NULL::timestamptz, NULL::timestamptz, v_now, NULL::json, NULL::json;
    RETURN;
  END IF;

  SELECT * INTO v_pack FROM packs pk WHERE pk.pack_url = p_pack_url;
  IF NOT FOUND OR v_pack.status IN ('draft', 'archived') THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::text, NULL::uuid, NULL::text, NULL::timestamptz, NULL::timestamptz, v_now, NULL::json, NULL::json;
    RETURN;
  END IF;

  -- isAcceptingTakes (src/domain/pack-state.ts)
  IF NOT (v_pack.status IN ('coming-soon', 'open')
          AND (v_pack.open_time IS NULL OR v_pack.open_time <= v_now)
          AND (v_pack.close_time IS NULL OR v_now < v_pack.close_time)) THEN
    RETURN QUERY SELECT 'pack_closed'::text, NULL::text, v_pack.id, v_pack.status, v_pack.open_time, v_pack.close_time, v_now, NULL::json, NULL::json;
    RETURN;
  END IF;

  -- isPropOpen (src/domain/pack-state.ts), for the picked props of this pack
  SELECT count(*), count(*) FILTER (WHERE NOT (pr.status = 'open' AND (pr.close_time IS NULL OR v_now < pr.close_time)))
    INTO v_picked, v_closed
    FROM props pr WHERE pr.pack_id = v_pack.id AND pr.id = ANY (p_props);
  IF v_picked <> cardinality(p_props) THEN
    RETURN QUERY SELECT 'not_props'::text, NULL::text, v_pack.id, v_pack.status, v_pack.open_time, v_pack.close_time, v_now, NULL::json, NULL::json;
    RETURN;
  END IF;
  IF v_closed > 0 THEN
    RETURN QUERY SELECT 'props_closed'::text, NULL::text, v_pack.id, v_pack.status, v_pack.open_time, v_pack.close_time, v_now,
      (SELECT json_agg(json_build_object('id', pr.id, 'shortLabel', pr.short_label, 'status', pr.status, 'closeTime', pr.close_time)
                       ORDER BY pr.position, pr.created_at)
         FROM props pr WHERE pr.pack_id = v_pack.id AND pr.id = ANY (p_props)),
      NULL::json;
    RETURN;
  END IF;

  -- The picks that differ from the player's current takes, and the takes they replace.
  -- Each prop's current take is looked up on its own (LIMIT keeps the subquery from being
  -- flattened into a join): the plan, kept for the connection, must never read all of a
  -- player's current takes on every pack, whatever the table looked like when it was made.
  SELECT count(*), coalesce(array_agg(t.id) FILTER (WHERE t.id IS NOT NULL), '{}'),
         coalesce(array_agg(v.prop_id), '{}'), coalesce(array_agg(v.side), '{}')
    INTO v_changed, v_replaced, v_changed_props, v_changed_sides
    FROM unnest(p_props, p_sides) AS v(prop_id, side)
    LEFT JOIN LATERAL (SELECT t.id, t.side FROM takes t
                       WHERE t.prop_id = v.prop_id AND t.profile_id = p_profile AND t.is_current LIMIT 1) t ON true
    WHERE t.side IS DISTINCT FROM v.side;

  IF v_changed = 0 THEN
    RETURN QUERY SELECT 'unchanged'::text,
      (SELECT r.id FROM receipts r WHERE r.profile_id = p_profile AND r.pack_id = v_pack.id ORDER BY r.created_at DESC, r.id DESC LIMIT 1),
      v_pack.id, v_pack.status, v_pack.open_time, v_pack.close_time, v_now, NULL::json, takes_submission_ticket(p_profile, v_pack.id);
    RETURN;
  END IF;

  INSERT INTO receipts (id, profile_id, pack_id, idempotency_key, referrer_profile_id, created_at)
  VALUES (p_receipt, p_profile, v_pack.id, p_key, p_referrer, v_now);
  -- History first: a prop has one current take per player. Planned per call (migration 0007).
  IF cardinality(v_replaced) > 0 THEN
    EXECUTE 'UPDATE takes SET is_current = false, overwritten_at = $2 WHERE id = ANY ($1) AND is_current'
      USING v_replaced, v_now;
  END IF;
  -- Each new take locks its side's point value at this moment. The ticket is every current
  -- take of the player on the pack in prop order: this call's new takes from the INSERT
  -- itself (a statement does not see its own inserts), the pack's other props looked up.
  WITH stored AS (
    INSERT INTO takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at)
    SELECT p_profile, pr.id, v_pack.id, p_receipt, v.side, CASE v.side WHEN 'A' THEN pr.side_a_value ELSE pr.side_b_value END, v_now
    FROM unnest(v_changed_props, v_changed_sides) AS v(prop_id, side)
    JOIN props pr ON pr.id = v.prop_id
    RETURNING prop_id, side, locked_value, receipt_id
  )
  SELECT (SELECT count(*) FROM stored),
         (SELECT coalesce(json_agg(json_build_object('propID', pr.id, 'propSide', c.side, 'lockedValue', c.locked_value,
                                                     'receiptId', c.receipt_id) ORDER BY pr.position, pr.created_at), '[]'::json)
          FROM props pr
          CROSS JOIN LATERAL (
            SELECT s.side, s.locked_value, s.receipt_id FROM stored s WHERE s.prop_id = pr.id
            UNION ALL
            (SELECT t.side, t.locked_value, t.receipt_id FROM takes t
             WHERE pr.id <> ALL (v_changed_props) AND t.prop_id = pr.id AND t.profile_id = p_profile AND t.is_current LIMIT 1)
          ) c
          WHERE pr.pack_id = v_pack.id)
    INTO v_stored, v_ticket;
  IF v_stored <> v_changed THEN
    RAISE EXCEPTION 'takes_submit: % changed picks but % takes stored', v_changed, v_stored;
  END IF;

  RETURN QUERY SELECT 'stored'::text, p_receipt, v_pack.id, v_pack.status, v_pack.open_time, v_pack.close_time, v_now,
    NULL::json, v_ticket;
END
$function$;
