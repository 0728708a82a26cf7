-- A member's transfer between the central wallet and a ledger venue in one statement (wallet-service.ts
-- `transfer`), the hottest money path: the wallet row locked, the venue held by its shared advisory lock and read
-- after it (so a delete or disable that finished first is seen), the balance checked, then ledger_post. Answers a
-- state and, when the money moved (or had moved under this reference before), the central balance:
--   ok | venue_unavailable | above_balance | seamless | remote:<CODE> (a transfer-wallet venue, called by the server)
CREATE OR REPLACE FUNCTION wallet_transfer(
  p_member_id integer,
  p_venue varchar,
  p_into boolean,
  p_amount numeric,
  p_reference varchar,
  p_ledger_in_allowed boolean
) RETURNS TABLE (out_state varchar, out_balance numeric)
LANGUAGE plpgsql AS $$
DECLARE
  v_wallet varchar := 'member:' || p_member_id || ':wallet';
  v_central numeric;
  v_code varchar;
  v_enabled smallint;
  v_mode varchar;
  v_account varchar;
  v_available numeric;
  v_balance numeric;
  v_replayed boolean;
BEGIN
  SELECT a.balance INTO v_central FROM ledger_accounts a WHERE a.code = v_wallet FOR UPDATE;
  PERFORM pg_advisory_xact_lock_shared(hashtext('venue:' || lower(p_venue)));
  SELECT v.code, v.enabled, v.wallet_mode INTO v_code, v_enabled, v_mode FROM venues v WHERE lower(v.code) = lower(p_venue) LIMIT 1;
  IF v_code IS NULL OR (p_into AND v_enabled <> 1) THEN
    RETURN QUERY SELECT 'venue_unavailable'::varchar, NULL::numeric;
    RETURN;
  END IF;
  IF v_mode = 'seamless' THEN
    RETURN QUERY SELECT 'seamless'::varchar, NULL::numeric;
    RETURN;
  END IF;
  IF v_mode = 'transfer' THEN
    RETURN QUERY SELECT ('remote:' || v_code)::varchar, NULL::numeric;
    RETURN;
  END IF;
  IF p_into AND NOT p_ledger_in_allowed THEN
    RETURN QUERY SELECT 'venue_unavailable'::varchar, NULL::numeric;
    RETURN;
  END IF;

  v_account := 'member:' || p_member_id || ':venue:' || v_code;
  IF p_into THEN
    v_available := coalesce(v_central, 0);
  ELSE
    SELECT a.balance INTO v_available FROM ledger_accounts a WHERE a.code = v_account;
    v_available := coalesce(v_available, 0);
  END IF;
  IF p_amount > v_available THEN
    RETURN QUERY SELECT 'above_balance'::varchar, NULL::numeric;
    RETURN;
  END IF;

  -- 'member:N:venue:...' sorts before 'member:N:wallet': the legs go in that order.
  SELECT bool_or(r.out_replayed), max(r.out_balance) FILTER (WHERE r.out_code = v_wallet)
    INTO v_replayed, v_balance
    FROM ledger_post(
      p_reference,
      CASE WHEN p_into THEN 'transfer_in' ELSE 'transfer_out' END,
      p_member_id,
      v_code,
      ARRAY[v_account, v_wallet]::varchar[],
      CASE WHEN p_into THEN ARRAY[p_amount, -p_amount] ELSE ARRAY[-p_amount, p_amount] END,
      ARRAY['venue', 'wallet']::varchar[],
      ARRAY[p_member_id, p_member_id],
      ARRAY[v_code, '']::varchar[]
    ) r;
  IF v_replayed THEN
    SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.code = v_wallet;
  END IF;
  RETURN QUERY SELECT 'ok'::varchar, coalesce(v_balance, 0);
END
$$;
