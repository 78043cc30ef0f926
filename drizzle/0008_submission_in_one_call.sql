-- Submitting takes in one call (src/server/takes/submit-takes.ts,
-- docs/decisions/014-submission-in-one-call.md).
--
-- Until now a submission was two round trips: takes_submission_read (locks and
-- read), then the server's checks, then takes_submission_store (write and
-- commit). Each round trip costs the app server a socket write and read, a
-- protocol parse and a wake-up; on the hottest write of the game that was a
-- large share of a submission's cost. takes_submit does the whole submission
-- in one statement and answers with an outcome:
--
--   stored     the receipt and the new takes went in; `ticket` is every
--              current take of the player on the pack, in prop order
--   unchanged  every pick matched a current take; `receipt_id` is the latest
--              receipt, `ticket` as above; nothing was written
--   replay     the idempotency key was used before; `receipt_id` is its receipt
--   not_found  no such pack, or a draft or archived one
--   pack_closed   the pack does not take picks at `now`
--   not_props     a pick names a prop of another pack
--   props_closed  some picked props are closed at `now`; `props` lists the picked props
--
-- The rules themselves stay defined in src/domain/pack-state.ts: the two
-- predicates below mirror isAcceptingTakes and isPropOpen, the server derives
-- every refusal's message from the returned rows with those functions and
-- fails loudly if they disagree, and tests/api/takes-rules-agree.test.ts
-- checks both sides on every boundary.
--
-- A prop's current takes are found by (prop, player) as well as (player, prop).
-- A plan made while takes was small (and kept for the connection) may look a
-- player's take up through either index; with the prop alone it then read
-- every player's current take on the prop. Grading reads the prop prefix.
DROP INDEX "takes_prop_current_idx";
--> statement-breakpoint
CREATE INDEX "takes_prop_current_idx" ON "takes" USING btree ("prop_id", "profile_id") WHERE "takes"."is_current";
--> statement-breakpoint
-- A player's current takes on a pack, in prop order: the ticket a submission
-- answers with. PL/pgSQL so its plan is kept per connection like the rest.
CREATE FUNCTION "takes_submission_ticket"(p_profile uuid, p_pack uuid) RETURNS json
  LANGUAGE plpgsql STABLE
  AS $$
BEGIN
  RETURN (SELECT coalesce(json_agg(json_build_object('propID', pr.id, 'propSide', t.side, 'lockedValue', t.locked_value,
                                                     'receiptId', t.receipt_id) ORDER BY pr.position, pr.created_at), '[]'::json)
          FROM props pr
          CROSS JOIN LATERAL (SELECT t.side, t.locked_value, t.receipt_id FROM takes t
                              WHERE t.prop_id = pr.id AND t.profile_id = p_profile AND t.is_current LIMIT 1) t
          WHERE pr.pack_id = p_pack);
END
$$;
--> statement-breakpoint
-- takes_submission_read and takes_submission_store stay for servers of the
-- previous release during a rolling deploy; a later migration drops them.
--
-- Locks as in takes_submission_read: a share lock on the pack's props (in the
-- order grading takes them), then the player's profile row, so parallel
-- submissions of one player queue and each sees what the previous committed.
-- The clock is read after the locks (unless the caller injects one), to the
-- millisecond like the server's own clock, so history stays in submission order.
CREATE FUNCTION "takes_submit"(
    p_profile uuid, p_pack_url text, p_key text, p_receipt text, p_referrer uuid, p_now timestamptz,
    p_props uuid[], p_sides text[])
  RETURNS TABLE (outcome text, receipt_id text, pack_id uuid, status text, open_time timestamptz,
                 close_time timestamptz, now timestamptz, props json, ticket json)
  LANGUAGE plpgsql VOLATILE
  AS $$
#variable_conflict use_column
DECLARE
  v_pack packs%ROWTYPE;
  v_now timestamptz;
  v_replay text;
  v_picked integer;
  v_closed integer;
  v_changed integer;
  v_replaced uuid[];
  v_stored integer;
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
  SELECT count(*), coalesce(array_agg(t.id) FILTER (WHERE t.id IS NOT NULL), '{}')
    INTO v_changed, v_replaced
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
  -- Each new take locks its side's point value at this moment.
  INSERT INTO takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at)
  SELECT p_profile, pr.id, v_pack.id, p_receipt, v.side, CASE v.side WHEN 'A' THEN pr.side_a_value ELSE pr.side_b_value END, v_now
  FROM unnest(p_props, p_sides) AS v(prop_id, side)
  JOIN props pr ON pr.id = v.prop_id
  WHERE NOT EXISTS (SELECT 1 FROM takes t WHERE t.prop_id = v.prop_id AND t.profile_id = p_profile AND t.is_current LIMIT 1);
  GET DIAGNOSTICS v_stored = ROW_COUNT;
  IF v_stored <> v_changed THEN
    RAISE EXCEPTION 'takes_submit: % changed picks but % takes stored', v_changed, v_stored;
  END IF;

  RETURN QUERY SELECT 'stored'::text, p_receipt, v_pack.id, v_pack.status, v_pack.open_time, v_pack.close_time, v_now,
    NULL::json, takes_submission_ticket(p_profile, v_pack.id);
END
$$;
