-- The money functions leaner (bench/README.md "Benchmarks", transfers): a movement's work is what it writes, not how many
-- statements it takes to find its accounts. Every caller, the same answers and the same lock order as before.
--
-- ledger_post: each leg is one UPDATE of its account by code (an index probe that takes the row lock and answers
-- the new balance), in the order the legs arrive, which must be the one lock order of money movements
-- (ledger-service.ts `movementArrays` sorts them: member accounts by member id, then house accounts, each by code in
-- code-point order); legs in any other order are refused and nothing of the movement stays. An account is created on
-- first use as before. Legs naming one account twice move it by their sum. A member account the movement would leave
-- below zero is not updated: LD001 is raised naming the first such account by code, as before, and the whole
-- statement rolls back, so nothing of the movement stays. The set-based version
-- joined the legs to the accounts three times, which the planner served with hash joins over the whole table.
-- The nine-argument form becomes PL/pgSQL, whose plan a session keeps (an SQL function's body was parsed and
-- planned again on every call), and the report days' trigger on movements is folded in: a movement written on an
-- earlier Beijing day (the demo history) marks that day stale, today's touch nothing, as the trigger did.

CREATE OR REPLACE FUNCTION ledger_post(
  p_reference varchar, p_kind varchar, p_member_id integer, p_memo text, p_codes varchar[], p_amounts numeric[],
  p_kinds varchar[], p_member_ids integer[], p_venues varchar[], p_at timestamptz
) RETURNS TABLE (out_id integer, out_replayed boolean, out_code varchar, out_balance numeric)
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_seal text := current_setting('ledger.seal', true);
  v_at timestamptz := coalesce(p_at, now());
  v_mac bytea;
  v_legs json;
  -- The legs summed per account, in the order they arrive: an account named twice moves by its net amount.
  v_codes varchar[] := '{}';
  v_nets numeric[] := '{}';
  v_first integer[] := '{}';
  v_accounts integer[] := '{}';
  v_balances numeric[] := '{}';
  v_k integer;
  v_account integer;
  v_balance numeric;
  v_short varchar;
BEGIN
  IF v_seal IS NOT NULL AND v_seal <> '' THEN
    -- ledger_seal_content's expression written out (the check rebuilds the content with that function, so any
    -- difference would show there as movements refused): called, an SQL function that uses to_char cannot be
    -- inlined and was parsed and planned again for every movement.
    v_legs := (SELECT coalesce(json_agg(json_build_array(l.code, l.amount::numeric(18, 2)) ORDER BY l.code, l.amount::numeric(18, 2)), '[]'::json)
                 FROM unnest(p_codes, p_amounts) AS l(code, amount));
    v_mac := ledger_seal_hmac(v_seal, convert_to(json_build_array(p_reference, p_kind, p_member_id, p_memo,
               to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), v_legs)::text, 'UTF8'));
  END IF;
  INSERT INTO ledger_transactions AS t (reference, kind, member_id, memo, created_at, seal_key, seal_mac)
  VALUES (p_reference, p_kind, p_member_id, p_memo, v_at, CASE WHEN v_mac IS NULL THEN NULL ELSE split_part(v_seal, ':', 1) END, v_mac)
  ON CONFLICT (reference) DO NOTHING
  RETURNING t.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT t.id, true, NULL::varchar, NULL::numeric FROM ledger_transactions t WHERE t.reference = p_reference;
    RETURN;
  END IF;
  IF report_day_of(v_at) < report_day_of(now()) THEN
    PERFORM report_days_touch(ARRAY[report_day_of(v_at)]);
  END IF;

  FOR i IN 1 .. coalesce(cardinality(p_codes), 0) LOOP
    -- The legs must come in the lock order (movementArrays): a caller that sent them otherwise could deadlock.
    IF i > 1 AND (p_member_ids[i - 1] IS NULL, coalesce(p_member_ids[i - 1], 0), p_codes[i - 1] COLLATE "C")
               > (p_member_ids[i] IS NULL, coalesce(p_member_ids[i], 0), p_codes[i] COLLATE "C") THEN
      RAISE EXCEPTION 'ledger legs out of lock order: % before %', p_codes[i - 1], p_codes[i];
    END IF;
    v_k := array_position(v_codes, p_codes[i]);
    IF v_k IS NULL THEN
      v_codes := v_codes || p_codes[i];
      v_nets := v_nets || p_amounts[i];
      v_first := v_first || i;
    ELSE
      v_nets[v_k] := v_nets[v_k] + p_amounts[i];
    END IF;
  END LOOP;

  FOR k IN 1 .. cardinality(v_codes) LOOP
    UPDATE ledger_accounts a SET balance = a.balance + v_nets[k]
     WHERE a.code = v_codes[k] AND (a.kind = 'house' OR a.balance + v_nets[k] >= 0)
    RETURNING a.id, a.balance INTO v_account, v_balance;
    IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = v_codes[k]) THEN
      -- First use of the account (a member's venue wallet, a house shard).
      INSERT INTO ledger_accounts (code, kind, member_id, venue_code)
      VALUES (v_codes[k], p_kinds[v_first[k]], p_member_ids[v_first[k]], p_venues[v_first[k]])
      ON CONFLICT (code) DO NOTHING;
      UPDATE ledger_accounts a SET balance = a.balance + v_nets[k]
       WHERE a.code = v_codes[k] AND (a.kind = 'house' OR a.balance + v_nets[k] >= 0)
      RETURNING a.id, a.balance INTO v_account, v_balance;
    END IF;
    IF NOT FOUND THEN
      -- Short: named as before, the first by code of the member accounts this movement would leave below zero.
      SELECT min(s.code) INTO v_short FROM (
        SELECT v_codes[k] AS code
        UNION ALL
        SELECT a.code FROM ledger_accounts a JOIN unnest(v_codes[k + 1:], v_nets[k + 1:]) AS l(code, net) ON l.code = a.code
         WHERE a.kind <> 'house' AND a.balance + l.net < 0) s;
      RAISE EXCEPTION 'insufficient funds in %', v_short USING ERRCODE = 'LD001', DETAIL = v_short;
    END IF;
    v_accounts[k] := v_account;
    v_balances[k] := v_balance;
  END LOOP;

  INSERT INTO ledger_entries (transaction_id, account_id, amount)
  SELECT v_id, v_accounts[array_position(v_codes, l.code)], l.amount
    FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS l(code, amount, n)
   ORDER BY l.n;

  RETURN QUERY SELECT v_id, false, l.code, l.balance FROM unnest(v_codes, v_balances) AS l(code, balance);
END
$$;
--> statement-breakpoint

-- The movement at now(): what every money path calls.
CREATE OR REPLACE FUNCTION ledger_post(
  p_reference varchar, p_kind varchar, p_member_id integer, p_memo text, p_codes varchar[], p_amounts numeric[],
  p_kinds varchar[], p_member_ids integer[], p_venues varchar[]
) RETURNS TABLE (out_id integer, out_replayed boolean, out_code varchar, out_balance numeric)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT * FROM ledger_post(p_reference, p_kind, p_member_id, p_memo, p_codes, p_amounts, p_kinds, p_member_ids, p_venues, NULL);
END
$$;
--> statement-breakpoint

-- The venue transfer functions of 0022, unchanged but for calling the ten-argument ledger_post directly and, in
-- venue_transfer_finish, answering the wallet balance from the lock it takes first (or from the movement, when the
-- movement changed the wallet) instead of reading it again.
CREATE OR REPLACE FUNCTION venue_transfer_open(
  p_member_id integer, p_wallet varchar, p_reference varchar, p_transfer_no varchar, p_venue varchar, p_direction varchar,
  p_amount numeric, p_now timestamptz, p_codes varchar[], p_amounts numeric[], p_kinds varchar[], p_member_ids integer[], p_venues varchar[]
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
                        p_codes, p_amounts, p_kinds, p_member_ids, p_venues, NULL);
  END IF;
  RETURN QUERY SELECT 'opened'::varchar, p_transfer_no, 2::smallint;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION venue_transfer_finish(
  p_transfer_no varchar, p_wallet varchar, p_state smallint, p_note varchar, p_now timestamptz, p_reference varchar,
  p_kind varchar, p_member_id integer, p_memo text, p_codes varchar[], p_amounts numeric[], p_kinds varchar[],
  p_member_ids integer[], p_venues varchar[]
) RETURNS TABLE (out_finished boolean, out_state smallint, out_balance numeric)
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_state smallint;
  v_balance numeric;
  v_moved numeric;
BEGIN
  SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.code = p_wallet FOR UPDATE;
  SELECT t.id, t.state INTO v_id, v_state FROM venue_transfers t WHERE t.transfer_no = p_transfer_no FOR UPDATE;
  IF v_id IS NULL OR v_state <> 2 THEN
    RETURN QUERY SELECT false, v_state, v_balance;
    RETURN;
  END IF;
  IF cardinality(p_codes) > 0 THEN
    SELECT p.out_balance INTO v_moved
      FROM ledger_post(p_reference, p_kind, p_member_id, p_memo, p_codes, p_amounts, p_kinds, p_member_ids, p_venues, NULL) p
     WHERE p.out_code = p_wallet;
    v_balance := coalesce(v_moved, v_balance);
  END IF;
  UPDATE venue_transfers SET state = p_state, note = p_note, updated_at = p_now WHERE id = v_id;
  RETURN QUERY SELECT true, p_state, v_balance;
END
$$;
--> statement-breakpoint

DROP TRIGGER IF EXISTS report_days_movements_inserted ON ledger_transactions;
