-- Submitting takes, the hottest write of the game, as two functions
-- (src/server/takes/submit-takes.ts decides everything between them).
--
-- Postgres parses and plans every statement it is sent; the statements inside
-- a PL/pgSQL function are planned once per connection and then reused. The
-- submission's locks, read and write were a fifth of the database's CPU in
-- planning alone (bench/submit-takes).
--
-- takes_submission_read takes the locks and then reads. Each statement of a
-- volatile function runs with a fresh snapshot, so the read sees whatever a
-- submission it waited for has committed, exactly as if the statements had
-- been sent one by one.
CREATE FUNCTION "takes_submission_read"(p_profile uuid, p_pack_url text, p_key text)
  RETURNS TABLE (replay_id text, pack_id uuid, status text, open_time timestamptz, close_time timestamptz, props json, current json)
  LANGUAGE plpgsql VOLATILE
  AS $$
#variable_conflict use_column
BEGIN
  -- Grading holds its prop row while it rewrites that prop's takes: a share
  -- lock on the pack's props makes a pick either land before a grade (and be
  -- graded) or see the grade (and be refused), never slip in between. Taken
  -- before the player lock, in the order grading takes them (prop, then the
  -- profile its ledger rows reference), so the two never deadlock.
  PERFORM 1 FROM props pr JOIN packs pk ON pk.id = pr.pack_id WHERE pk.pack_url = p_pack_url ORDER BY pr.id FOR SHARE OF pr;
  -- One submission per player at a time (the ledger lock of
  -- src/server/ledger/append-ledger-entry.ts): parallel retries queue here and
  -- then see what the first one stored.
  PERFORM 1 FROM profiles WHERE id = p_profile FOR UPDATE;
  RETURN QUERY
  SELECT
    (SELECT r.id FROM receipts r WHERE r.profile_id = p_profile AND r.idempotency_key = p_key),
    pk.id, pk.status, pk.open_time, pk.close_time,
    (SELECT coalesce(json_agg(json_build_object('id', pr.id, 'shortLabel', pr.short_label, 'status', pr.status,
              'closeTime', pr.close_time, 'sideAValue', pr.side_a_value, 'sideBValue', pr.side_b_value)
              ORDER BY pr.position, pr.created_at), '[]'::json)
       FROM props pr WHERE pr.pack_id = pk.id),
    -- by prop, through the one-current-take index: a player's history never slows this down
    (SELECT coalesce(json_agg(json_build_object('id', t.id, 'propId', t.prop_id, 'side', t.side,
              'lockedValue', t.locked_value, 'receiptId', t.receipt_id)), '[]'::json)
       FROM props pr JOIN takes t ON t.prop_id = pr.id AND t.profile_id = p_profile AND t.is_current
       WHERE pr.pack_id = pk.id)
  FROM packs pk WHERE pk.pack_url = p_pack_url;
END
$$;
--> statement-breakpoint
-- Stores one submission: its receipt, the replaced takes turned into history
-- and the new current takes (the caller has checked everything and holds the
-- locks of takes_submission_read). Returns how many takes went in.
CREATE FUNCTION "takes_submission_store"(
    p_profile uuid, p_pack uuid, p_receipt text, p_key text, p_referrer uuid, p_now timestamptz,
    p_replaced uuid[], p_props uuid[], p_sides text[], p_values integer[])
  RETURNS integer
  LANGUAGE plpgsql VOLATILE
  AS $$
DECLARE
  stored integer;
BEGIN
  INSERT INTO receipts (id, profile_id, pack_id, idempotency_key, referrer_profile_id, created_at)
  VALUES (p_receipt, p_profile, p_pack, p_key, p_referrer, p_now);
  -- History first: a prop has one current take per player.
  IF cardinality(p_replaced) > 0 THEN
    UPDATE takes SET is_current = false, overwritten_at = p_now WHERE id = ANY (p_replaced) AND is_current;
  END IF;
  INSERT INTO takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at)
  SELECT p_profile, v.prop_id, p_pack, p_receipt, v.side, v.locked_value, p_now
  FROM unnest(p_props, p_sides, p_values) AS v(prop_id, side, locked_value);
  GET DIAGNOSTICS stored = ROW_COUNT;
  RETURN stored;
END
$$;
