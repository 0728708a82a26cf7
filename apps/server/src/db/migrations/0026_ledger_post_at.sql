-- A movement with the time it happened (docs/operations.md "Demo history"): ledger_post with a tenth argument, the time the
-- movement is written and sealed with (now() when NULL). The embedded demo's history seed posts its month of
-- movements with their own times, sealed like any other; the nine-argument ledger_post every money path calls is
-- this one at now(), so there is one body to keep.
CREATE OR REPLACE FUNCTION ledger_post(
  p_reference varchar,
  p_kind varchar,
  p_member_id integer,
  p_memo text,
  p_codes varchar[],
  p_amounts numeric[],
  p_kinds varchar[],
  p_member_ids integer[],
  p_venues varchar[],
  p_at timestamptz
) RETURNS TABLE (out_id integer, out_replayed boolean, out_code varchar, out_balance numeric)
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_short varchar;
  v_seal text := current_setting('ledger.seal', true);
  v_at timestamptz := coalesce(p_at, now());
  v_mac bytea;
BEGIN
  IF v_seal IS NOT NULL AND v_seal <> '' THEN
    v_mac := ledger_seal_hmac(v_seal, ledger_seal_content(p_reference, p_kind, p_member_id, p_memo, v_at,
      (SELECT coalesce(json_agg(json_build_array(l.code, l.amount::numeric(18, 2)) ORDER BY l.code, l.amount::numeric(18, 2)), '[]'::json)
         FROM unnest(p_codes, p_amounts) AS l(code, amount))));
  END IF;
  INSERT INTO ledger_transactions AS t (reference, kind, member_id, memo, created_at, seal_key, seal_mac)
  VALUES (p_reference, p_kind, p_member_id, p_memo, v_at, CASE WHEN v_mac IS NULL THEN NULL ELSE split_part(v_seal, ':', 1) END, v_mac)
  ON CONFLICT (reference) DO NOTHING
  RETURNING t.id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT t.id, true, NULL::varchar, NULL::numeric FROM ledger_transactions t WHERE t.reference = p_reference;
    RETURN;
  END IF;

  -- Accounts are created on first use (a member's venue wallet, a house shard).
  INSERT INTO ledger_accounts (code, kind, member_id, venue_code)
  SELECT l.code, l.kind, l.member_id, l.venue
    FROM unnest(p_codes, p_kinds, p_member_ids, p_venues) AS l(code, kind, member_id, venue)
   WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = l.code)
  ON CONFLICT (code) DO NOTHING;

  -- The one lock order of every money movement (ledger-service.ts `post`): member accounts first, by member id, then
  -- house accounts, each group by code.
  PERFORM 1 FROM ledger_accounts a WHERE a.code = ANY (p_codes) ORDER BY (a.kind = 'house'), a.member_id, a.code FOR UPDATE;

  SELECT a.code INTO v_short
    FROM ledger_accounts a
    JOIN (SELECT l.code, sum(l.amount) AS amount FROM unnest(p_codes, p_amounts) AS l(code, amount) GROUP BY l.code) s
      ON s.code = a.code
   WHERE a.kind <> 'house' AND a.balance + s.amount < 0
   ORDER BY a.code
   LIMIT 1;
  IF v_short IS NOT NULL THEN
    RAISE EXCEPTION 'insufficient funds in %', v_short USING ERRCODE = 'LD001', DETAIL = v_short;
  END IF;

  INSERT INTO ledger_entries (transaction_id, account_id, amount)
  SELECT v_id, a.id, l.amount
    FROM unnest(p_codes, p_amounts) WITH ORDINALITY AS l(code, amount, n)
    JOIN ledger_accounts a ON a.code = l.code
   ORDER BY l.n;

  RETURN QUERY
  WITH changed AS (
    UPDATE ledger_accounts a
       SET balance = a.balance + s.amount
      FROM (SELECT l.code, sum(l.amount) AS amount FROM unnest(p_codes, p_amounts) AS l(code, amount) GROUP BY l.code) s
     WHERE a.code = s.code
    RETURNING a.code, a.balance
  )
  SELECT v_id, false, c.code, c.balance FROM changed c;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledger_post(
  p_reference varchar,
  p_kind varchar,
  p_member_id integer,
  p_memo text,
  p_codes varchar[],
  p_amounts numeric[],
  p_kinds varchar[],
  p_member_ids integer[],
  p_venues varchar[]
) RETURNS TABLE (out_id integer, out_replayed boolean, out_code varchar, out_balance numeric)
LANGUAGE sql AS $$
  SELECT * FROM ledger_post(p_reference, p_kind, p_member_id, p_memo, p_codes, p_amounts, p_kinds, p_member_ids, p_venues, now())
$$;
