-- Venue transfers that arrive together, opened or finished in one call and one commit (remote-transfers.ts, bench/README.md
-- "Benchmarks"): on a busy server a round trip and a commit cost more than the rows a transfer writes. Each item is
-- the one-transfer function of 0022/0028 with the same arguments and the same answer; the batch first takes every
-- lock its items will need, in the one lock order of money movements extended to several of them: the members'
-- accounts by member id and code, then (finishing) the transfer rows by number, then the house accounts by code. A
-- batch and any other movement, or two batches, therefore never wait for each other in a cycle. The items run in
-- their order, each seeing what the ones before it did (a repeated reference answers `repeated`, a second transfer
-- of one member sees the balance the first left). A batch that fails is rolled back whole; the server then runs its
-- items one by one.
--
-- p_items is a JSON array of objects, `n` numbering them; answers one row per item, `out_item` its `n`.

-- The member or the house accounts a batch's items name, each group in its lock order: the missing ones created
-- first, in that order (two batches creating one new house shard would otherwise each hold one new row the other
-- waits for), then all of them locked.
CREATE OR REPLACE FUNCTION venue_transfer_lock_accounts(p_items jsonb, p_houses boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_accounts (code, kind, member_id, venue_code)
  SELECT n.code, n.kind, n.member, n.venue
    FROM (SELECT DISTINCT ON (l.code) l.code, l.kind, l.member, l.venue
            FROM jsonb_to_recordset(p_items) AS i(codes varchar[], kinds varchar[], "memberIds" integer[], venues varchar[]),
                 unnest(i.codes, i.kinds, i."memberIds", i.venues) AS l(code, kind, member, venue)
           WHERE (l.member IS NULL) = p_houses AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.code = l.code)) n
   ORDER BY n.member, n.code COLLATE "C"
  ON CONFLICT (code) DO NOTHING;
  IF NOT p_houses THEN
    PERFORM 1 FROM ledger_accounts a
     WHERE a.code IN (SELECT i.wallet FROM jsonb_to_recordset(p_items) AS i(wallet varchar)
                      UNION
                      SELECT l.code FROM jsonb_to_recordset(p_items) AS i(codes varchar[], "memberIds" integer[]),
                                         unnest(i.codes, i."memberIds") AS l(code, member)
                       WHERE l.member IS NOT NULL)
     ORDER BY a.member_id, a.code COLLATE "C"
       FOR UPDATE OF a;
  ELSE
    PERFORM 1 FROM ledger_accounts a
     WHERE a.code IN (SELECT l.code FROM jsonb_to_recordset(p_items) AS i(codes varchar[], "memberIds" integer[]),
                                         unnest(i.codes, i."memberIds") AS l(code, member)
                       WHERE l.member IS NULL)
     ORDER BY a.code COLLATE "C"
       FOR UPDATE OF a;
  END IF;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION venue_transfer_open_many(p_items jsonb)
RETURNS TABLE (out_item integer, out_outcome varchar, out_transfer_no varchar, out_state smallint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM venue_transfer_lock_accounts(p_items, false);
  PERFORM venue_transfer_lock_accounts(p_items, true);
  FOR r IN
    SELECT * FROM jsonb_to_recordset(p_items) AS i(n integer, member integer, wallet varchar, reference varchar,
      transfer_no varchar, venue varchar, direction varchar, amount numeric, at timestamptz, codes varchar[],
      amounts numeric[], kinds varchar[], "memberIds" integer[], venues varchar[])
    ORDER BY i.n
  LOOP
    RETURN QUERY
    SELECT r.n, o.out_outcome, o.out_transfer_no, o.out_state
      FROM venue_transfer_open(r.member, r.wallet, r.reference, r.transfer_no, r.venue, r.direction, r.amount, r.at,
                               r.codes, r.amounts, r.kinds, r."memberIds", r.venues) o;
  END LOOP;
END
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION venue_transfer_finish_many(p_items jsonb)
RETURNS TABLE (out_item integer, out_finished boolean, out_state smallint, out_balance numeric)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  PERFORM venue_transfer_lock_accounts(p_items, false);
  PERFORM 1 FROM venue_transfers t
   WHERE t.transfer_no IN (SELECT i.transfer_no FROM jsonb_to_recordset(p_items) AS i(transfer_no varchar))
   ORDER BY t.transfer_no COLLATE "C"
     FOR UPDATE OF t;
  PERFORM venue_transfer_lock_accounts(p_items, true);
  FOR r IN
    SELECT * FROM jsonb_to_recordset(p_items) AS i(n integer, transfer_no varchar, wallet varchar, state smallint,
      note varchar, at timestamptz, reference varchar, kind varchar, member integer, memo text, codes varchar[],
      amounts numeric[], kinds varchar[], "memberIds" integer[], venues varchar[])
    ORDER BY i.n
  LOOP
    RETURN QUERY
    SELECT r.n, o.out_finished, o.out_state, o.out_balance
      FROM venue_transfer_finish(r.transfer_no, r.wallet, r.state, r.note, r.at, r.reference, r.kind, r.member, r.memo,
                                 r.codes, r.amounts, r.kinds, r."memberIds", r.venues) o;
  END LOOP;
END
$$;
