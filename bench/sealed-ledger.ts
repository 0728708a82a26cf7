// A sealed ledger made in bulk for the benchmarks, as the server makes it (docs/money.md "Sealed ledger"): a seal key,
// the key's id and the session setting the server derives from LEDGER_SEAL_KEY (its HMAC pads), and the keyed chain
// over the movements already sealed in the database.
import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface SealKey {
  /** The LEDGER_SEAL_KEY the benchmark's server is started with. */
  key: string;
  /** As the server derives them (ledger-seal.ts sealKey and sealSetting): the key's id and the session setting. */
  keyId: string;
  setting: string;
}

/** A fresh seal key, with its id and session setting. */
export function newSealKey(): SealKey {
  return sealKeyOf(randomBytes(36).toString('base64'));
}

/** `key` with its id and session setting, as the server derives them. */
export function sealKeyOf(key: string): SealKey {
  const keyId = createHmac('sha256', Buffer.from(key, 'utf8')).update('ledger-seal-key-id').digest('hex').slice(0, 16);
  const block = Buffer.alloc(64);
  Buffer.from(key, 'utf8').copy(block);
  const pad = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  return { key, keyId, setting: `${keyId}:${pad(0x36)}:${pad(0x5c)}` };
}

/**
 * The chain in id order, keyed, as the chaining job makes it: each link the HMAC with the key of the previous hash
 * and the movement's MAC, written in batches. Answers how many movements were chained.
 */
export async function chainMovements(db: pg.Client, key: string): Promise<number> {
  let previous = Buffer.alloc(32);
  let seq = 0;
  for (let after = 0; ;) {
    const { rows } = await db.query<{ id: number; seal_mac: Buffer }>(
      'SELECT id, seal_mac FROM ledger_transactions WHERE id > $1 ORDER BY id LIMIT 50000',
      [after],
    );
    if (rows.length === 0) break;
    const ids: number[] = [];
    const seqs: number[] = [];
    const hashes: string[] = [];
    for (const row of rows) {
      previous = createHmac('sha256', Buffer.from(key, 'utf8')).update(previous).update(row.seal_mac).digest();
      seq += 1;
      ids.push(row.id);
      seqs.push(seq);
      hashes.push(previous.toString('hex'));
    }
    await db.query(
      `UPDATE ledger_transactions t SET chain_seq = c.seq, chain_hash = decode(c.hash, 'hex')
         FROM unnest($1::integer[], $2::bigint[], $3::text[]) AS c(id, seq, hash) WHERE t.id = c.id`,
      [ids, seqs, hashes],
    );
    after = rows[rows.length - 1]?.id ?? after;
  }
  return seq;
}

/**
 * The chain's links of a batch, made in the database as the chaining job makes them (chainMovements): each the
 * keyed HMAC of the link before it and the movement's MAC, numbered from `p_first`.
 */
const CHAIN_LINKS = `CREATE OR REPLACE FUNCTION pg_temp.chain_links(p_seal text, p_previous bytea, p_macs bytea[], p_first bigint)
  RETURNS TABLE (seq bigint, link bytea) LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  inner_pad bytea := decode(split_part(p_seal, ':', 2), 'hex');
  outer_pad bytea := decode(split_part(p_seal, ':', 3), 'hex');
  mac bytea;
BEGIN
  link := p_previous;
  seq := p_first;
  FOREACH mac IN ARRAY p_macs LOOP
    link := sha256(outer_pad || sha256(inner_pad || link || mac));
    RETURN NEXT;
    seq := seq + 1;
  END LOOP;
END $$`;

/**
 * Inserts the movements that `src` selects (reference, kind, member_id, at, codes, amounts: the legs' account codes
 * and amounts), each sealed in its insert as ledger_post seals it: the MAC of ledger_seal_content over the movement
 * and its legs aggregated with ledger_post's own expression, which the check recomputes from the stored entries.
 * `src` uses `params` as $1 onwards; the key's id and setting follow them.
 *
 * `chained`: `src` also selects `seq`, each movement's number in the chain, consecutive from the number after the
 * last movement's, in time order; each movement is then chained in its insert too, after the last one stored. One
 * write of each row instead of a second one by chainMovements (which leaves the table half dead rows until vacuumed).
 */
export async function insertSealedMovements(
  db: pg.Client,
  seal: Pick<SealKey, 'keyId' | 'setting'>,
  src: string,
  params: unknown[],
  { chained = false } = {},
): Promise<void> {
  const keyParam = `$${params.length + 1}`;
  const settingParam = `$${params.length + 2}`;
  const previousParam = `$${params.length + 3}`;
  const mac = `ledger_seal_hmac(${settingParam}, ledger_seal_content(s.reference, s.kind, s.member_id, '', s.at,
           (SELECT coalesce(json_agg(json_build_array(l.code, l.amount::numeric(18, 2)) ORDER BY l.code, l.amount::numeric(18, 2)), '[]'::json)
              FROM unnest(s.codes, s.amounts) AS l(code, amount))))`;
  let previous: Buffer | undefined;
  if (chained) {
    await db.query(CHAIN_LINKS);
    const { rows } = await db.query<{ link: Buffer }>(
      'SELECT chain_hash AS link FROM ledger_transactions ORDER BY id DESC LIMIT 1',
    );
    previous = rows[0]?.link ?? Buffer.alloc(32);
  }
  await db.query(
    `WITH ${
      chained
        ? `src AS MATERIALIZED (SELECT s.*, ${mac} AS mac FROM (${src}) s),
       links AS MATERIALIZED (
         SELECT * FROM pg_temp.chain_links(${settingParam}, ${previousParam},
           (SELECT array_agg(mac ORDER BY seq) FROM src), (SELECT min(seq) FROM src))
       ), tx AS (
       INSERT INTO ledger_transactions (reference, kind, member_id, memo, created_at, seal_key, seal_mac, chain_seq, chain_hash)
       SELECT s.reference, s.kind, s.member_id, '', s.at, ${keyParam}, s.mac, c.seq, c.link
       FROM src s JOIN links c ON c.seq = s.seq ORDER BY s.seq`
        : `src AS MATERIALIZED (${src}), tx AS (
       INSERT INTO ledger_transactions (reference, kind, member_id, memo, created_at, seal_key, seal_mac)
       SELECT s.reference, s.kind, s.member_id, '', s.at, ${keyParam}, ${mac}
       FROM src s ORDER BY s.at`
    }
       RETURNING id, reference
     )
     INSERT INTO ledger_entries (transaction_id, account_id, amount)
     SELECT tx.id, a.id, l.amount
     FROM tx JOIN src s ON s.reference = tx.reference
     CROSS JOIN LATERAL unnest(s.codes, s.amounts) AS l(code, amount)
     JOIN ledger_accounts a ON a.code = l.code`,
    [...params, seal.keyId, seal.setting, ...(chained ? [previous] : [])],
  );
}
