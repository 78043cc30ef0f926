-- Turning a player's replaced takes into history is planned for each call.
--
-- Statements of a PL/pgSQL function are planned once per connection, and
-- after five calls Postgres may keep a generic plan for good. A connection
-- that starts while takes is small (a new database, a new season) keeps the
-- plan that suited a small table: a sequential scan, or a BitmapAnd with the
-- partial index takes_prop_current_idx, which reads the whole index (every
-- take ever made stays in it until vacuum: becoming history is not a HOT
-- update). Either grows with every take. In bench/submit-takes on a new
-- database this one statement was a fifth of the database's CPU, and a
-- sequential run of 3,000 submissions took 4.3-5.0 ms each instead of
-- 1.6-2.3 ms. EXECUTE plans it with the table as it is, which finds the ten
-- rows through the primary key once the table has grown; planning this
-- statement costs a few tens of microseconds.
CREATE OR REPLACE FUNCTION "takes_submission_store"(
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
    EXECUTE 'UPDATE takes SET is_current = false, overwritten_at = $2 WHERE id = ANY ($1) AND is_current'
      USING p_replaced, p_now;
  END IF;
  INSERT INTO takes (profile_id, prop_id, pack_id, receipt_id, side, locked_value, created_at)
  SELECT p_profile, v.prop_id, p_pack, p_receipt, v.side, v.locked_value, p_now
  FROM unnest(p_props, p_sides, p_values) AS v(prop_id, side, locked_value);
  GET DIAGNOSTICS stored = ROW_COUNT;
  RETURN stored;
END
$$;
