import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, creditedMember, operatorToken, useTestApp } from '../../../test/helper';
import {
  deleteAndRechain,
  forgeKeyPeriod,
  postSealedAgo,
  postWithoutKey,
  rehashUnkeyed,
  removeMovement,
} from '../../../test/ledger-tamper';
import { adminEndpoints } from '@h5/contract';
import { ledgerSealJob } from '../ops/ledger-watch';
import { checkMemberLedger } from './ledger-member-check';
import { accountCode, checkLedger, postNow } from './ledger-service';
import {
  chainSealed,
  checkSeal,
  registerSealKey,
  sealDigests,
  sealKey,
  sealKeys,
  sealMac,
  sealSetting,
  type SealKeys,
  sessionSeals,
} from './ledger-seal';

// The sealed ledger (docs/money.md "Sealed ledger"): history edited in SQL is named by the check; a wrong key is not tampering.
const t = useTestApp();
let keys: SealKeys;
let member: number;
let memberName: string;
let n = 0;

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const rows = async <T>(query: ReturnType<typeof sql>) => ((await exec(query)) as unknown as { rows: T[] }).rows;

/**
 * A movement of 1.00 to 9.99 between the member's wallet and the adjustments house account; every third one carries
 * a Chinese memo, so the check's text answer must encode the content as the database seals it (UTF-8).
 */
async function move(cents = 100 + (n % 900)) {
  n += 1;
  const out = n % 2 === 0;
  const result = await postNow(t.database.db, {
    reference: `seal-test:${n}`,
    kind: 'adjustment',
    memberId: member,
    memo: n % 3 === 0 ? `人工调整：补发第${n}笔` : undefined,
    legs: [
      { account: accountCode.wallet(member), cents: out ? -cents : cents },
      { account: accountCode.house('adjustments', member), cents: out ? cents : -cents },
    ],
  });
  return result.transactionId;
}

/** Runs `work` under the chaining job's lock, waiting for the scheduled job if it holds it. */
async function underJobLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    const outcome = await t.database.locks.tryRun('job:ledger-seal', work);
    if (outcome.ran) return outcome.value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Chains what is waiting, under the job's lock (the scheduled job may be running too). */
async function chain(now = new Date()) {
  for (;;) {
    const outcome = await t.database.locks.tryRun('job:ledger-seal', () => chainSealed(t.database.db, keys, now));
    if (outcome.ran) return outcome.value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs `tamper`, checks, then puts back what `restore` says: each case starts from an intact ledger. */
async function tampered(tamper: () => Promise<unknown>, restore: () => Promise<unknown>) {
  await tamper();
  try {
    return await checkSeal(t.database.db, keys);
  } finally {
    await restore();
  }
}

/** What a check answers when it finds the ledger broken: how many problems, and the first (movement and problem). */
const broken = (problems: number, first: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  state: 'broken',
  problems,
  ...more,
  first,
});
/** The check of the member's own movements (the back office's member check). */
const memberCheck = () => checkMemberLedger(t.database.db, keys, member);

const adjustBalance = (code: string, by: string) =>
  exec(sql`UPDATE ledger_accounts SET balance = balance + ${by}::numeric WHERE code = ${code}`);

beforeAll(async () => {
  keys = sealKeys(t.config.ledgerSeal);
  expect(keys.current).toBeDefined();
  const op = await operatorToken(t, 'finance');
  const m = await creditedMember(t, op, '1000.00');
  member = m.id;
  memberName = m.name;
  expect(await registerSealKey(t.database.db, keys)).toBe('current');
  // The sessions carry the key (startup options on PostgreSQL, a session setting on PGlite).
  expect(await sessionSeals(t.database.db, keys)).toBe(true);
  for (let i = 0; i < 6; i++) await move();
  await chain();
});

describe('sealed ledger', () => {
  it('seals and chains a correct history under concurrent transfers, and the check verifies it', async () => {
    await Promise.all(Array.from({ length: 24 }, () => move()));
    const half = chain();
    await Promise.all(Array.from({ length: 12 }, () => move()));
    await half;
    await chain();
    const check = await checkSeal(t.database.db, keys);
    expect(check).toMatchObject({
      state: 'sealed',
      problems: 0,
      first: null,
      unchained: 0,
      keyId: keys.current!.id,
      periodKeyId: keys.current!.id,
    });
    expect(check.verified).toBeGreaterThanOrEqual(43);
    const [memos] = await rows<{ chinese: number }>(
      sql`SELECT count(*)::int AS chinese FROM ledger_transactions WHERE memo LIKE '人工调整%'`,
    );
    expect(memos!.chinese).toBeGreaterThanOrEqual(14);
    // The head of the chain: movements racing each other commit in any order, so a later id can be chained first.
    const [head] = await rows<{ id: number }>(
      sql`SELECT id FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`,
    );
    const [count] = await rows<{ sealed: number; chained: number }>(
      sql`SELECT count(*)::int AS sealed, count(chain_seq)::int AS chained FROM ledger_transactions WHERE seal_mac IS NOT NULL`,
    );
    expect(count!.chained).toBe(count!.sealed);
    expect(count!.sealed).toBeGreaterThanOrEqual(43);
    expect(check.lastSealed?.movementId).toBe(head!.id);
    expect((await checkLedger(t.database.db)).balanced).toBe(true);
  });

  it('seals movements of two legs in either order, of one account named twice and of three legs as the check reads them', async () => {
    // ledger_post orders two legs with one comparison and any other number with a query (migration 0030); the check
    // rebuilds every content from the stored entries, so a leg order or a number format of its own would show.
    const wallet = accountCode.wallet(member);
    const shapes = [
      // Already in the seal's order (house accounts by code) and reversed by it (a member's before the house's).
      [
        { account: accountCode.house('adjustments', member), cents: -150 },
        { account: accountCode.house('promotions', member), cents: 150 },
      ],
      [
        { account: wallet, cents: 205 },
        { account: accountCode.house('adjustments', member), cents: -205 },
      ],
      // One account twice: ordered by amount.
      [
        { account: accountCode.house('adjustments', member), cents: 75 },
        { account: accountCode.house('adjustments', member), cents: -75 },
      ],
      [
        { account: wallet, cents: 300 },
        { account: accountCode.house('adjustments', member), cents: -100 },
        { account: accountCode.house('promotions', member), cents: -200 },
      ],
    ];
    const ids: number[] = [];
    for (const [i, legs] of shapes.entries()) {
      const result = await postNow(t.database.db, {
        reference: `seal-shape:${i}`,
        kind: 'adjustment',
        memberId: member,
        memo: `形状 "${i}"\n`,
        legs,
      });
      ids.push(result.transactionId);
    }
    await chain();
    const check = await checkSeal(t.database.db, keys);
    expect(check).toMatchObject({ state: 'sealed', problems: 0, first: null, unchained: 0 });
    const [sealed] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE id IN ${sql.raw(`(${ids.join(',')})`)} AND chain_seq IS NOT NULL`,
    );
    expect(sealed!.n).toBe(4);
  });

  it('names a movement whose old entry and balance were edited in SQL', async () => {
    const [victim] = await rows<{ id: number; transaction_id: number }>(sql`
      SELECT e.id, e.transaction_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.code = ${accountCode.wallet(member)} AND e.transaction_id > (SELECT min(id) FROM ledger_transactions WHERE chain_seq IS NOT NULL)
       ORDER BY e.id LIMIT 1 OFFSET 2`);
    const check = await tampered(
      async () => {
        await exec(sql`UPDATE ledger_entries SET amount = amount + 50 WHERE id = ${victim!.id}`);
        await adjustBalance(accountCode.wallet(member), '50');
      },
      async () => {
        await exec(sql`UPDATE ledger_entries SET amount = amount - 50 WHERE id = ${victim!.id}`);
        await adjustBalance(accountCode.wallet(member), '-50');
      },
    );
    expect(check.state).toBe('broken');
    expect(check.first).toMatchObject({ movementId: victim!.transaction_id, problem: 'mac' });
  });

  it('names a movement whose amounts were changed on both legs (still balanced)', async () => {
    const id = await move(300);
    await chain();
    const check = await tampered(
      () => exec(sql`UPDATE ledger_entries SET amount = amount * 10 WHERE transaction_id = ${id}`),
      () => exec(sql`UPDATE ledger_entries SET amount = amount / 10 WHERE transaction_id = ${id}`),
    );
    expect(check.first).toMatchObject({ movementId: id, problem: 'mac' });
  });

  it('names a movement given a balanced pair of entries more', async () => {
    const id = await move();
    await chain();
    const check = await tampered(
      () =>
        exec(sql`
          INSERT INTO ledger_entries (transaction_id, account_id, amount)
          SELECT ${id}, a.id, CASE WHEN a.kind = 'house' THEN -25 ELSE 25 END FROM ledger_accounts a
           WHERE a.code IN (${accountCode.wallet(member)}, ${accountCode.house('adjustments', member)})`),
      () => exec(sql`DELETE FROM ledger_entries WHERE transaction_id = ${id} AND abs(amount) = 25`),
    );
    expect(check.first).toMatchObject({ movementId: id, problem: 'mac' });
  });

  it('names the place of a deleted movement: the chained movement after it', async () => {
    const gone = await move();
    const next = await move();
    await chain();
    const check = await tampered(
      async () => {
        await exec(sql`CREATE TABLE seal_test_tx AS SELECT * FROM ledger_transactions WHERE id = ${gone}`);
        await exec(sql`CREATE TABLE seal_test_entries AS SELECT * FROM ledger_entries WHERE transaction_id = ${gone}`);
        await exec(sql`DELETE FROM ledger_entries WHERE transaction_id = ${gone}`);
        await exec(sql`DELETE FROM ledger_transactions WHERE id = ${gone}`);
      },
      async () => {
        await exec(sql`INSERT INTO ledger_transactions SELECT * FROM seal_test_tx`);
        await exec(sql`INSERT INTO ledger_entries SELECT * FROM seal_test_entries`);
        await exec(sql`DROP TABLE seal_test_tx, seal_test_entries`);
      },
    );
    expect(check.first).toMatchObject({ movementId: next, problem: 'missing' });
    expect((await checkSeal(t.database.db, keys)).state).toBe('sealed');
  });

  it('names a movement inserted in SQL, without ledger_post (unsealed)', async () => {
    const check = await tampered(
      () =>
        exec(
          sql`INSERT INTO ledger_transactions (reference, kind, member_id) VALUES ('seal-test:forged', 'adjustment', ${member})`,
        ),
      () => exec(sql`DELETE FROM ledger_transactions WHERE reference = 'seal-test:forged'`),
    );
    const [forged] = await rows<{ id: number }>(sql`SELECT coalesce(max(id), 0) AS id FROM ledger_transactions`);
    expect(check.first).toMatchObject({ reference: 'seal-test:forged', problem: 'unsealed' });
    expect(check.first!.movementId).toBeGreaterThan(forged!.id - 1);
  });

  it('refuses to chain a movement edited before the job reached it, and the check names it until the refusal is cleared', async () => {
    // Under the job's lock, so the scheduled job cannot chain it between the two.
    const held = await t.database.locks.tryRun('job:ledger-seal', async () => {
      const moved = await move(400);
      await exec(sql`UPDATE ledger_entries SET amount = amount * 2 WHERE transaction_id = ${moved}`);
      return moved;
    });
    expect(held.ran).toBe(true);
    const id = held.ran ? held.value : 0;
    expect(await chain()).toMatchObject({ refused: 1 });
    const check = await checkSeal(t.database.db, keys);
    expect(check).toMatchObject({ state: 'broken', problems: 1, first: { movementId: id, problem: 'mac' } });
    await exec(sql`UPDATE ledger_entries SET amount = amount / 2 WHERE transaction_id = ${id}`);
    // Put back, it verifies again, but it stays refused and out of the chain, where deleting it would leave no gap:
    // the check names it.
    expect(await checkSeal(t.database.db, keys)).toMatchObject(broken(1, { movementId: id, problem: 'refused' }));
    // Once looked into, the refusal cleared, the check's own chaining pass verifies its seal again and chains it.
    await exec(sql`UPDATE ledger_transactions SET seal_refused_at = NULL WHERE id = ${id}`);
    expect(await checkSeal(t.database.db, keys)).toMatchObject({
      state: 'sealed',
      problems: 0,
      first: null,
      unchained: 0,
    });
    const [row] = await rows<{ seq: string | null }>(
      sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${id}`,
    );
    expect(row!.seq).not.toBeNull();
  });

  it('names a movement posted by ledger_post in SQL without the key and given a key period added in SQL', async () => {
    // 77,777.00 into the member's wallet, through the database function every money path uses, with no seal; then a
    // key period for a key id the server was never given, started long ago, and the movement's seal set to it.
    const id = await postWithoutKey(t.database.db, 'seal-test:forged-period', member, 7_777_700);
    const forged = await forgeKeyPeriod(t.database.db, id, false);
    try {
      expect(
        await rows(
          sql`SELECT a.code, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = ${id} ORDER BY e.amount`,
        ),
      ).toEqual([
        { code: accountCode.house('adjustments', member), amount: '-77777.00' },
        { code: accountCode.wallet(member), amount: '77777.00' },
      ]);
      const check = await checkSeal(t.database.db, keys);
      expect(check).toMatchObject(
        broken(
          1,
          { movementId: id, reference: 'seal-test:forged-period', problem: 'unknown-key' },
          { periodKeyId: keys.current!.id },
        ),
      );
      // The check's own chaining pass refused it: out of the chain, and named still.
      expect(
        await rows(
          sql`SELECT seal_refused_at IS NOT NULL AS refused, chain_seq FROM ledger_transactions WHERE id = ${id}`,
        ),
      ).toEqual([{ refused: true, chain_seq: null }]);
      expect(await checkSeal(t.database.db, keys)).toMatchObject(broken(1, { movementId: id, problem: 'unknown-key' }));
      expect(await memberCheck()).toMatchObject(
        broken(1, { movementId: id, reference: 'seal-test:forged-period', problem: 'unknown-key' }),
      );
      const op = await operatorToken(t, 'finance');
      const answer = await adminCall(t, op, 'GET', `/admin/api/ledger/member-check?username=${memberName}`);
      expect(adminEndpoints.ledgerMemberCheck.data.parse(answer.data)).toMatchObject({
        ok: false,
        state: 'broken',
        problems: 1,
        first: { movementId: id, reference: 'seal-test:forged-period', problem: 'unknown-key' },
      });
    } finally {
      await removeMovement(t.database.db, id);
      await forged.remove();
    }
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0 });
  });

  it('names the forged movement when the added key period is the latest, and a movement the chain no longer takes', async () => {
    await underJobLock(async () => {
      const id = await postWithoutKey(t.database.db, 'seal-test:forged-latest', member, 7_777_700);
      const forged = await forgeKeyPeriod(t.database.db, id, true);
      // Sealed with the key, written two minutes ago: a server whose key is not the latest period's chains nothing,
      // so it stays out of the chain, past the check's minute of grace.
      const late = await postSealedAgo(t.database.db, 'seal-test:late', member, 500, 120);
      try {
        const check = await checkSeal(t.database.db, keys);
        expect(check).toMatchObject({
          state: 'broken',
          periodKeyId: forged.keyId,
          problems: 2,
          first: { movementId: id, problem: 'unknown-key' },
        });
        expect(
          await rows(
            sql`SELECT id, chain_seq, seal_refused_at FROM ledger_transactions WHERE id IN (${id}, ${late}) ORDER BY id`,
          ),
        ).toEqual([
          { id, chain_seq: null, seal_refused_at: null },
          { id: late, chain_seq: null, seal_refused_at: null },
        ]);
        expect(await memberCheck()).toMatchObject(broken(2, { movementId: id, problem: 'unknown-key' }));
        // Without the forged one, the late movement is named: not chained a minute after it was written.
        await removeMovement(t.database.db, id);
        expect(await checkSeal(t.database.db, keys)).toMatchObject(
          broken(1, { movementId: late, reference: 'seal-test:late', problem: 'unchained' }),
        );
        expect(await memberCheck()).toMatchObject(broken(1, { movementId: late, problem: 'unchained' }));
      } finally {
        await removeMovement(t.database.db, id);
        await forged.remove();
      }
      // The period gone, the check chains it before verifying.
      expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0, unchained: 0 });
    });
  });

  it('names the movement after one deleted when the chain after it was renumbered and rehashed without the key', async () => {
    const gone = await move();
    const next = await move();
    const after = await move();
    await chain();
    // The digest of 2026-07-01 keeps the head: the last of the three.
    await chain(new Date('2026-07-01T16:00:05Z'));
    const digest = (await sealDigests(t.database.db)).find((d) => d.day === '2026-07-01');
    expect(digest?.movementId).toBe(after);
    const restore = await deleteAndRechain(t.database.db, gone);
    try {
      // The balances still equal their entries, and the digest follows the rewritten chain.
      expect((await checkLedger(t.database.db)).balanced).toBe(true);
      const moved = (await sealDigests(t.database.db)).find((d) => d.day === '2026-07-01');
      expect(moved).toMatchObject({ movementId: after, chainSeq: digest!.chainSeq - 1 });
      const check = await checkSeal(t.database.db, keys);
      // Both rehashed links fail: the chain hash is keyed.
      expect(check).toMatchObject({ state: 'broken', problems: 2, first: { movementId: next, problem: 'chain' } });
      expect(await memberCheck()).toMatchObject(broken(2, { movementId: next, problem: 'chain' }));
    } finally {
      await restore();
    }
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0 });
  });

  it('chains with the key: a link recomputed without it (sha256 of the previous hash and the MAC) is named', async () => {
    const id = await move();
    await chain();
    const [link] = await rows<{
      seq: string;
      hash: Buffer | Uint8Array;
      mac: Buffer | Uint8Array;
      prev: Buffer | Uint8Array | null;
    }>(sql`
      SELECT t.chain_seq AS seq, t.chain_hash AS hash, t.seal_mac AS mac, p.chain_hash AS prev
        FROM ledger_transactions t LEFT JOIN ledger_transactions p ON p.chain_seq = t.chain_seq - 1 WHERE t.id = ${id}`);
    const keyed = createHmac('sha256', keys.current!.secret)
      .update(link!.prev ?? Buffer.alloc(32))
      .update(link!.mac)
      .digest('hex');
    expect(Buffer.from(link!.hash).toString('hex')).toBe(keyed);
    await rehashUnkeyed(t.database.db, id);
    try {
      expect(await checkSeal(t.database.db, keys)).toMatchObject(broken(1, { movementId: id, problem: 'chain' }));
      expect(await memberCheck()).toMatchObject(broken(1, { movementId: id, problem: 'chain' }));
    } finally {
      await exec(sql`UPDATE ledger_transactions SET chain_hash = decode(${keyed}, 'hex') WHERE id = ${id}`);
    }
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0 });
  });

  it('names a movement taken out of the chain (its chain number cleared) and does not chain it again', async () => {
    const id = await move();
    await chain();
    const [row] = await rows<{ seq: string }>(sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${id}`);
    await exec(sql`UPDATE ledger_transactions SET chain_seq = NULL WHERE id = ${id}`);
    try {
      expect(await checkSeal(t.database.db, keys)).toMatchObject(broken(1, { movementId: id, problem: 'unchained' }));
      expect(await memberCheck()).toMatchObject(broken(1, { movementId: id, problem: 'unchained' }));
      await chain();
      expect(await rows(sql`SELECT chain_seq FROM ledger_transactions WHERE id = ${id}`)).toEqual([
        { chain_seq: null },
      ]);
    } finally {
      await exec(sql`UPDATE ledger_transactions SET chain_seq = ${row!.seq} WHERE id = ${id}`);
    }
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0 });
  });

  it('names a movement marked refused in SQL, which keeps it out of the chain', async () => {
    const id = await underJobLock(async () => {
      const moved = await move();
      await exec(sql`UPDATE ledger_transactions SET seal_refused_at = now() WHERE id = ${moved}`);
      return moved;
    });
    try {
      expect(await checkSeal(t.database.db, keys)).toMatchObject(
        broken(1, { movementId: id, problem: 'refused' }, { unchained: 0 }),
      );
      expect(await memberCheck()).toMatchObject(broken(1, { movementId: id, problem: 'refused' }));
    } finally {
      await exec(sql`UPDATE ledger_transactions SET seal_refused_at = NULL WHERE id = ${id}`);
    }
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0 });
  });

  it('names a chain number set far beyond the others, and still answers while chaining after it fails', async () => {
    const id = await move();
    await chain();
    const [row] = await rows<{ seq: string }>(sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${id}`);
    await underJobLock(async () => {
      await exec(sql`UPDATE ledger_transactions SET chain_seq = 9223372036854775807 WHERE id = ${id}`);
      // Chaining after it overflows bigint and fails; the check answers all the same, the new movement in its grace.
      const waiting = await move();
      try {
        expect(await checkSeal(t.database.db, keys)).toMatchObject(
          broken(1, { movementId: id, problem: 'chain' }, { unchained: 1 }),
        );
        expect(await rows(sql`SELECT chain_seq FROM ledger_transactions WHERE id = ${waiting}`)).toEqual([
          { chain_seq: null },
        ]);
      } finally {
        await exec(sql`UPDATE ledger_transactions SET chain_seq = ${row!.seq} WHERE id = ${id}`);
      }
    });
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0, unchained: 0 });
  });

  it('chains from the job and from checks at once without two movements on one chain number', async () => {
    await Promise.all(Array.from({ length: 40 }, () => move()));
    const now = new Date();
    const [a, b, check] = await Promise.all([
      chainSealed(t.database.db, keys, now),
      chainSealed(t.database.db, keys, now),
      checkSeal(t.database.db, keys),
    ]);
    expect(a.refused + b.refused).toBe(0);
    expect(check).toMatchObject({ state: 'sealed', problems: 0, unchained: 0 });
    expect(await checkSeal(t.database.db, keys)).toMatchObject({ state: 'sealed', problems: 0, unchained: 0 });
    const [count] = await rows<{ sealed: number; chained: number; top: string }>(
      sql`SELECT count(*)::int AS sealed, count(chain_seq)::int AS chained, max(chain_seq) AS top FROM ledger_transactions WHERE seal_mac IS NOT NULL`,
    );
    expect(count!.chained).toBe(count!.sealed);
    expect(Number(count!.top)).toBe(count!.chained);
  });

  it('reports a wrong key as a wrong key, not as tampering', async () => {
    const wrong = sealKeys({ key: 'a-different-key-that-is-long-enough-0123456789', retiredKeys: [] });
    expect(await registerSealKey(t.database.db, wrong)).toBe('wrong-key');
    const check = await checkSeal(t.database.db, wrong);
    expect(check).toMatchObject({
      state: 'wrong-key',
      problems: 0,
      keyId: wrong.current!.id,
      periodKeyId: keys.current!.id,
    });
  });

  it('keeps the chain head at Beijing midnight as the day digest, and the check holds the chain to it', async () => {
    await move();
    // 2026-06-02 00:00:05 Beijing: the digest of 2026-06-01.
    await chain(new Date('2026-06-01T16:00:05Z'));
    const digest = (await sealDigests(t.database.db)).find((d) => d.day === '2026-06-01');
    const [head] = await rows<{ id: number; seq: string }>(
      sql`SELECT id, chain_seq AS seq FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`,
    );
    expect(digest).toBeDefined();
    expect(digest!.chainSeq).toBeLessThanOrEqual(Number(head!.seq));
    expect((await checkSeal(t.database.db, keys)).state).toBe('sealed');
    const check = await tampered(
      () => exec(sql`UPDATE ledger_seal_digests SET chain_hash = sha256(chain_hash) WHERE day = '2026-06-01'`),
      () =>
        exec(
          sql`UPDATE ledger_seal_digests SET chain_hash = decode(${digest!.chainHash}, 'hex') WHERE day = '2026-06-01'`,
        ),
    );
    expect(check.first).toMatchObject({ movementId: digest!.movementId, problem: 'digest' });
  });

  it('answers the seal in the ledger check and lists the digests, in the shapes of the contract', async () => {
    const op = await operatorToken(t, 'finance');
    const check = await adminCall(t, op, 'GET', '/admin/api/ledger/check');
    expect(check.code).toBe(200);
    const data = adminEndpoints.ledgerCheck.data.parse(check.data);
    expect(data.seal).toMatchObject({ state: 'sealed', problems: 0, keyId: keys.current!.id });
    expect(data.seal.lastSealed?.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const digests = await adminCall(t, op, 'GET', '/admin/api/ledger/digests');
    expect(adminEndpoints.ledgerDigests.data.parse(digests.data).map((d) => d.day)).toContain('2026-06-01');
  });

  it('computes in the database the HMAC-SHA256 the server computes, for short and long (hashed) keys', async () => {
    const content = Buffer.from('["ref","kind",1,"","2026-06-01T00:00:00.000000",[]]');
    for (const secret of ['s'.repeat(32), 'l'.repeat(100)]) {
      const key = sealKey(secret);
      const [row] = await rows<{ mac: string }>(
        sql`SELECT encode(ledger_seal_hmac(${sealSetting(key)}, decode(${content.toString('hex')}, 'hex')), 'hex') AS mac`,
      );
      expect(row!.mac).toBe(sealMac(key, content).toString('hex'));
    }
  });

  it('says sealing is off when the server has no key, whatever the movements carry', async () => {
    const check = await checkSeal(t.database.db, { current: undefined, retired: [] });
    expect(check.state).toBe('off');
  });

  it('is chained by the scheduled job with the right key, and left alone by a server with a wrong key', async () => {
    const chainSeq = async (id: number) =>
      (await rows<{ seq: string | null }>(sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${id}`))[0]
        ?.seq ?? null;
    await underJobLock(async () => {
      const id = await move();
      const wrong = sealKeys({ key: 'a-different-key-that-is-long-enough-0123456789', retiredKeys: [] });
      await ledgerSealJob(t.database.db, wrong, () => new Date()).run();
      expect(await chainSeq(id)).toBeNull();
      await ledgerSealJob(t.database.db, keys, () => new Date()).run();
      expect(await chainSeq(id)).not.toBeNull();
    });
  });

  it('after migration 0031 re-chains the ledger keyed: an unkeyed chain before it is named, the keyed one after it verifies', async () => {
    await underJobLock(async () => {
      // The chain as the unkeyed job built it (sha256 of the previous hash and the MAC, in chain order).
      await exec(
        sql.raw(`
          DO $$
          DECLARE r record; h bytea := '\\x${'0'.repeat(64)}'::bytea;
          BEGIN
            FOR r IN SELECT id, seal_mac FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq LOOP
              h := sha256(h || r.seal_mac);
              UPDATE ledger_transactions SET chain_hash = h WHERE id = r.id;
            END LOOP;
          END $$`),
      );
      const [firstLink] = await rows<{ id: number }>(sql`SELECT id FROM ledger_transactions WHERE chain_seq = 1`);
      expect((await checkSeal(t.database.db, keys)).first).toMatchObject({
        movementId: firstLink!.id,
        problem: 'chain',
      });
      const migration = await readFile(
        new URL('../../db/migrations/0031_keyed_seal_chain.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) await exec(sql.raw(statement));
      expect(await rows(sql`SELECT count(*)::int AS n FROM ledger_seal_digests`)).toEqual([{ n: 0 }]);
      expect(await rows(sql`SELECT count(chain_seq)::int AS n FROM ledger_transactions`)).toEqual([{ n: 0 }]);
      // The check chains what waits before verifying: every sealed movement again, in id order, each MAC verified.
      const check = await checkSeal(t.database.db, keys);
      const [sealed] = await rows<{ n: number; first: number }>(
        sql`SELECT count(*)::int AS n, min(id) AS first FROM ledger_transactions WHERE seal_mac IS NOT NULL`,
      );
      expect(check).toMatchObject({
        state: 'sealed',
        problems: 0,
        unchained: 0,
        verified: sealed!.n,
        lastSealed: { chainSeq: sealed!.n },
      });
      expect(await rows(sql`SELECT id FROM ledger_transactions WHERE chain_seq = 1`)).toEqual([{ id: sealed!.first }]);
    });
  });

  it('rotates the key: the old key retired starts a new period, and both periods verify', async () => {
    await move();
    await chain();
    const oldKey = t.config.ledgerSeal.key!;
    const rotated = sealKeys({ key: 'the-next-ledger-seal-key-0123456789abcdef', retiredKeys: [oldKey] });
    expect(await registerSealKey(t.database.db, rotated)).toBe('current');
    const periods = await rows<{ key_id: string }>(
      sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`,
    );
    expect(periods.map((p) => p.key_id)).toEqual([rotated.current!.id, keys.current!.id]);
    // The old key is now retired: a server still holding it is told it has the wrong key.
    expect((await checkSeal(t.database.db, keys)).state).toBe('wrong-key');
    const check = await checkSeal(t.database.db, rotated);
    expect(check).toMatchObject({ state: 'sealed', problems: 0 });
    const [sealed] = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM ledger_transactions WHERE seal_key = ${keys.current!.id}`,
    );
    expect(check.verified).toBe(Number(sealed!.n));
    // Going back to a retired key is not a rotation.
    expect(await registerSealKey(t.database.db, sealKeys({ key: oldKey, retiredKeys: [] }))).toBe('wrong-key');
  });
});
