import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { accountCode, movementArrays } from '../src/modules/ledger/ledger-service';

// What an insider with SQL access and without the seal key can do to the sealed ledger (docs/money.md "Sealed ledger"), for
// the tests that show the checks name it.

const ZEROS = sql.raw(`'\\x${'0'.repeat(64)}'::bytea`);

/** The legs of `cents` into the member's wallet from the adjustments house account, in ledger_post's lock order. */
const adjustment = (reference: string, memberId: number, cents: number) =>
  movementArrays({
    reference,
    legs: [
      { account: accountCode.wallet(memberId), cents },
      { account: accountCode.house('adjustments', memberId), cents: -cents },
    ],
  });

/**
 * ledger_post called in SQL by someone without the key: the session's seal setting cleared for the transaction, so
 * it writes the movement (entries and balances, as any money path) without a seal. Answers the movement's id.
 */
export async function postWithoutKey(db: Db, reference: string, memberId: number, cents: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ledger.seal = ''`);
    const [row] = rowsOf<{ out_id: number }>(
      await tx.execute(
        sql`SELECT out_id FROM ledger_post(${reference}, 'adjustment', ${memberId}::integer, '', ${adjustment(reference, memberId, cents)})`,
      ),
    );
    return Number(row!.out_id);
  });
}

/** ledger_post with the session's key, at a time of its own (its tenth argument): `secondsAgo` before now. */
export async function postSealedAgo(
  db: Db,
  reference: string,
  memberId: number,
  cents: number,
  secondsAgo: number,
): Promise<number> {
  const [row] = rowsOf<{ out_id: number }>(
    await db.execute(sql`
      SELECT out_id FROM ledger_post(${reference}, 'adjustment', ${memberId}::integer, '', ${adjustment(reference, memberId, cents)},
                                     now() - make_interval(secs => ${secondsAgo}))`),
  );
  return Number(row!.out_id);
}

/**
 * A key period added in SQL for a key id the server has no key for (started long before the real one, or after it
 * when `latest`), and the movement's seal set to that key id with a MAC of anything. Answers the key id and a way to
 * remove the period.
 */
export async function forgeKeyPeriod(db: Db, movementId: number, latest: boolean) {
  const keyId = latest ? 'f0f0f0f0f0f0f001' : 'f0f0f0f0f0f0f000';
  const startedAt = latest ? sql`now() + interval '1 second'` : sql`now() - interval '400 days'`;
  await db.execute(
    sql`INSERT INTO ledger_seal_keys (key_id, started_at, first_movement_id) VALUES (${keyId}, ${startedAt}, ${movementId})`,
  );
  await db.execute(
    sql`UPDATE ledger_transactions SET seal_key = ${keyId}, seal_mac = sha256(convert_to(reference, 'UTF8')) WHERE id = ${movementId}`,
  );
  return { keyId, remove: () => db.execute(sql`DELETE FROM ledger_seal_keys WHERE key_id = ${keyId}`) };
}

/** Removes a movement with its entries and puts its accounts' balances back, as if it had never been posted. */
export async function removeMovement(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE ledger_accounts a SET balance = a.balance - e.amount
      FROM (SELECT account_id, sum(amount) AS amount FROM ledger_entries WHERE transaction_id = ${id} GROUP BY account_id) e
     WHERE a.id = e.account_id`);
  await db.execute(sql`DELETE FROM ledger_entries WHERE transaction_id = ${id}`);
  await db.execute(sql`DELETE FROM ledger_transactions WHERE id = ${id}`);
}

/**
 * A chained movement deleted with its entries, its balances put back, and the chain after it closed up as the unkeyed
 * chain was built: renumbered one down and rehashed with sha256(previous chain hash || MAC), the daily digests moved
 * to match. The balances still equal their entries. Answers a function that puts everything back.
 */
export async function deleteAndRechain(db: Db, id: number): Promise<() => Promise<void>> {
  const [gone] = rowsOf<{ seq: string }>(
    await db.execute(sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${id}`),
  );
  const seq = Number(gone!.seq);
  await db.execute(sql`CREATE TABLE tamper_tx AS SELECT * FROM ledger_transactions WHERE id = ${id}`);
  await db.execute(sql`CREATE TABLE tamper_entries AS SELECT * FROM ledger_entries WHERE transaction_id = ${id}`);
  await db.execute(
    sql`CREATE TABLE tamper_chain AS SELECT id, chain_seq, chain_hash FROM ledger_transactions WHERE chain_seq > ${seq}`,
  );
  await db.execute(sql`CREATE TABLE tamper_digests AS SELECT * FROM ledger_seal_digests`);
  await removeMovement(db, id);
  // One down, through negative numbers so no two movements hold one number on the way.
  await db.execute(sql`UPDATE ledger_transactions SET chain_seq = -chain_seq WHERE chain_seq > ${seq}`);
  await db.execute(sql`UPDATE ledger_transactions SET chain_seq = -chain_seq - 1 WHERE chain_seq < 0`);
  await db.execute(
    sql.raw(`
      DO $$
      DECLARE
        r record;
        h bytea := coalesce((SELECT chain_hash FROM ledger_transactions WHERE chain_seq = ${seq - 1}), '\\x${'0'.repeat(64)}'::bytea);
      BEGIN
        FOR r IN SELECT id, seal_mac FROM ledger_transactions WHERE chain_seq >= ${seq} ORDER BY chain_seq LOOP
          h := sha256(h || r.seal_mac);
          UPDATE ledger_transactions SET chain_hash = h WHERE id = r.id;
        END LOOP;
      END $$`),
  );
  await db.execute(sql`
    UPDATE ledger_seal_digests d SET chain_seq = t.chain_seq, chain_hash = t.chain_hash
      FROM ledger_transactions t WHERE d.chain_seq > ${seq} AND t.id = d.movement_id`);
  await db.execute(sql`
    UPDATE ledger_seal_digests d SET chain_seq = t.chain_seq, chain_hash = t.chain_hash, movement_id = t.id
      FROM ledger_transactions t WHERE d.chain_seq = ${seq} AND t.chain_seq = ${seq - 1}`);
  return async () => {
    // The chain hashes stay while the numbers are cleared, so the chaining job does not take these movements.
    await db.execute(sql`UPDATE ledger_transactions SET chain_seq = NULL WHERE id IN (SELECT id FROM tamper_chain)`);
    await db.execute(sql`INSERT INTO ledger_transactions SELECT * FROM tamper_tx`);
    await db.execute(sql`INSERT INTO ledger_entries SELECT * FROM tamper_entries`);
    await db.execute(sql`
      UPDATE ledger_accounts a SET balance = a.balance + e.amount
        FROM (SELECT account_id, sum(amount) AS amount FROM tamper_entries GROUP BY account_id) e
       WHERE a.id = e.account_id`);
    await db.execute(
      sql`UPDATE ledger_transactions t SET chain_seq = c.chain_seq, chain_hash = c.chain_hash FROM tamper_chain c WHERE t.id = c.id`,
    );
    await db.execute(sql`DELETE FROM ledger_seal_digests`);
    await db.execute(sql`INSERT INTO ledger_seal_digests SELECT * FROM tamper_digests`);
    await db.execute(sql`DROP TABLE tamper_tx, tamper_entries, tamper_chain, tamper_digests`);
  };
}

/** A movement's chain hash recomputed as the unkeyed chain computed it: sha256(previous chain hash || MAC). */
export async function rehashUnkeyed(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    UPDATE ledger_transactions t
       SET chain_hash = sha256(coalesce((SELECT p.chain_hash FROM ledger_transactions p WHERE p.chain_seq = t.chain_seq - 1), ${ZEROS}) || t.seal_mac)
     WHERE t.id = ${id}`);
}
