-- A transfer to or from a transfer-wallet venue in two calls, one either side of the venue call
-- (remote-transfers.ts): each was a transaction of five to seven statements, a round trip each, while the member's
-- wallet stayed locked. Each function keeps the one lock order of money movements (migration 0021): the member's
-- wallet row first, then the transfer row, then ledger_post's accounts. The legs arrive from the service already
-- in that order (ledger-service.ts `movementArrays`), as ledger_post takes them.

-- Opens a transfer under the wallet lock. Answers
--   opened        a new pending transfer (money going in was taken from the wallet into the pending account),
--   repeated      this reference was opened before: that transfer's number and state, nothing moved,
--   above_balance money going in is more than the wallet holds: nothing written.
-- The hold's legs are empty for money coming out (nothing moves until the venue confirms).
CREATE OR REPLACE FUNCTION venue_transfer_open(
  p_member_id integer,
  p_wallet varchar,
  p_reference varchar,
  p_transfer_no varchar,
  p_venue varchar,
  p_direction varchar,
  p_amount numeric,
  p_now timestamptz,
  p_codes varchar[],
  p_amounts numeric[],
  p_kinds varchar[],
  p_member_ids integer[],
  p_venues varchar[]
) RETURNS TABLE (out_outcome varchar, out_transfer_no varchar, out_state smallint)
LANGUAGE plpgsql AS $$
DECLARE
  v_central numeric;
  v_no varchar;
  v_state smallint;
BEGIN
  SELECT a.balance INTO v_central FROM ledger_accounts a WHERE a.code = p_wallet FOR UPDATE;
  SELECT t.transfer_no, t.state INTO v_no, v_state FROM venue_transfers t WHERE t.reference = p_reference;
  IF v_no IS NOT NULL THEN
    RETURN QUERY SELECT 'repeated'::varchar, v_no, v_state;
    RETURN;
  END IF;
  IF p_direction = 'in' AND p_amount > coalesce(v_central, 0) THEN
    RETURN QUERY SELECT 'above_balance'::varchar, NULL::varchar, NULL::smallint;
    RETURN;
  END IF;
  INSERT INTO venue_transfers (transfer_no, reference, member_id, venue_code, direction, amount, state, created_at)
  VALUES (p_transfer_no, p_reference, p_member_id, p_venue, p_direction, p_amount, 2, p_now);
  IF cardinality(p_codes) > 0 THEN
    PERFORM ledger_post('venue-transfer:' || p_transfer_no || ':hold', 'remote_transfer_hold', p_member_id, p_venue,
                        p_codes, p_amounts, p_kinds, p_member_ids, p_venues);
  END IF;
  RETURN QUERY SELECT 'opened'::varchar, p_transfer_no, 2::smallint;
END
$$;
--> statement-breakpoint

-- Finishes a pending transfer once, whoever gets there first (the request itself or reconciliation): with the
-- wallet and the transfer row locked, a transfer still pending gets its state, note and movement (none when the
-- legs are empty). Answers whether this call finished it, the transfer's state now and the wallet's balance.
CREATE OR REPLACE FUNCTION venue_transfer_finish(
  p_transfer_no varchar,
  p_wallet varchar,
  p_state smallint,
  p_note varchar,
  p_now timestamptz,
  p_reference varchar,
  p_kind varchar,
  p_member_id integer,
  p_memo text,
  p_codes varchar[],
  p_amounts numeric[],
  p_kinds varchar[],
  p_member_ids integer[],
  p_venues varchar[]
) RETURNS TABLE (out_finished boolean, out_state smallint, out_balance numeric)
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_state smallint;
BEGIN
  PERFORM 1 FROM ledger_accounts a WHERE a.code = p_wallet FOR UPDATE;
  SELECT t.id, t.state INTO v_id, v_state FROM venue_transfers t WHERE t.transfer_no = p_transfer_no FOR UPDATE;
  IF v_id IS NULL OR v_state <> 2 THEN
    RETURN QUERY SELECT false, v_state, (SELECT a.balance FROM ledger_accounts a WHERE a.code = p_wallet);
    RETURN;
  END IF;
  IF cardinality(p_codes) > 0 THEN
    PERFORM ledger_post(p_reference, p_kind, p_member_id, p_memo, p_codes, p_amounts, p_kinds, p_member_ids, p_venues);
  END IF;
  UPDATE venue_transfers SET state = p_state, note = p_note, updated_at = p_now WHERE id = v_id;
  RETURN QUERY SELECT true, p_state, (SELECT a.balance FROM ledger_accounts a WHERE a.code = p_wallet);
END
$$;
