-- A sealed ledger (docs/money.md "Sealed ledger"): every movement carries an HMAC-SHA256 of its content keyed with a secret
-- kept outside the database (LEDGER_SEAL_KEY), written by ledger_post in the movement's own transaction, and a job
-- chains the sealed movements in the background: chain hash = sha256(previous chain hash || MAC). Editing history
-- in SQL (an entry, an amount, a deleted or an inserted movement) then shows in the ledger check.
--
-- The server hands the key to its sessions as the setting ledger.seal = '<key id>:<inner pad>:<outer pad>' (the
-- HMAC key XOR-ed with ipad and opad, hex), in the connection's startup options, so no statement carries it and no
-- ledger_post caller passes anything. Without the setting a movement is written unsealed (mac NULL), which the check
-- reports.
ALTER TABLE "ledger_transactions" ADD COLUMN "seal_key" varchar(16);--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "seal_mac" bytea;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "chain_hash" bytea;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "seal_refused_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_chain_seq_idx" ON "ledger_transactions" ("chain_seq") WHERE "chain_seq" IS NOT NULL;--> statement-breakpoint
-- The chaining job's queue: sealed movements not chained yet (a few seconds' worth), never the whole table.
CREATE INDEX "ledger_transactions_unchained_idx" ON "ledger_transactions" ("id")
  WHERE "chain_seq" IS NULL AND "seal_mac" IS NOT NULL AND "seal_refused_at" IS NULL;--> statement-breakpoint

-- Key periods: the key id (a fingerprint of the key, never the key) and when it started sealing. A rotation starts
-- a new period; a server whose key is not the latest period's is told it has the wrong key.
CREATE TABLE "ledger_seal_keys" (
	"key_id" varchar(16) PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_movement_id" integer NOT NULL
);--> statement-breakpoint

-- Movements up to this id were written before sealing existed: counted by the check, never sealed.
CREATE TABLE "ledger_seal_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"unsealed_through" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "ledger_seal_epoch" ("unsealed_through") SELECT coalesce(max("id"), 0) FROM "ledger_transactions";--> statement-breakpoint

-- The chain head at each Beijing midnight, for an operator to copy elsewhere: the one thing an insider with the
-- database cannot rewrite once it is kept outside it.
CREATE TABLE "ledger_seal_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"chain_seq" bigint NOT NULL,
	"chain_hash" bytea NOT NULL,
	"movement_id" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint

-- The sealed content of a movement: reference, kind, member, memo, time (UTC, microseconds) and its legs (account
-- code and amount, sorted) as one JSON text. ledger_post builds it from its arguments, the check from the tables.
CREATE OR REPLACE FUNCTION ledger_seal_content(
  p_reference varchar, p_kind varchar, p_member_id integer, p_memo text, p_at timestamptz, p_legs json
) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_to(json_build_array(p_reference, p_kind, p_member_id, p_memo,
                    to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), p_legs)::text, 'UTF8')
$$;
--> statement-breakpoint

-- HMAC-SHA256 with the key's pads ('<key id>:<inner pad hex>:<outer pad hex>'): sha256(opad || sha256(ipad || m)).
CREATE OR REPLACE FUNCTION ledger_seal_hmac(p_seal text, p_content bytea) RETURNS bytea
LANGUAGE sql IMMUTABLE AS $$
  SELECT sha256(decode(split_part(p_seal, ':', 3), 'hex') || sha256(decode(split_part(p_seal, ':', 2), 'hex') || p_content))
$$;
--> statement-breakpoint

-- A stored movement's legs as ledger_seal_content takes them.
CREATE OR REPLACE FUNCTION ledger_seal_legs(p_transaction_id integer) RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_array(a.code, e.amount) ORDER BY a.code, e.amount), '[]'::json)
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
   WHERE e.transaction_id = p_transaction_id
$$;
--> statement-breakpoint

-- ledger_post as in 0021, with the movement's seal written in its insert (no second write of the row).
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
LANGUAGE plpgsql AS $$
DECLARE
  v_id integer;
  v_short varchar;
  v_seal text := current_setting('ledger.seal', true);
  v_at timestamptz := now();
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
