import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, credit, memberId, operatorToken, registerMember, useTestApp } from '../../../test/helper';
import { adminEndpoints } from '@h5/contract';
import { ledgerSealJob } from '../ops/ledger-watch';
import { accountCode, checkLedger, postNow } from './ledger-service';
import { chainSealed, checkSeal, registerSealKey, sealDigests, sealKey, sealKeys, sealMac, sealSetting, type SealKeys, sessionSeals } from './ledger-seal';

// The sealed ledger (README "Sealed ledger"): history edited in SQL is named by the check; a wrong key is not tampering.
const t = useTestApp();
let keys: SealKeys;
let member: number;
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

const adjustBalance = (code: string, by: string) => exec(sql`UPDATE ledger_accounts SET balance = balance + ${by}::numeric WHERE code = ${code}`);

beforeAll(async () => {
  keys = sealKeys(t.config.ledgerSeal);
  expect(keys.current).toBeDefined();
  const op = await operatorToken(t, 'finance');
  const m = await registerMember(t.app);
  await credit(t, op, m.name, '1000.00');
  member = await memberId(t, m.name);
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
    expect(check).toMatchObject({ state: 'sealed', problems: 0, first: null, unchained: 0, keyId: keys.current!.id, periodKeyId: keys.current!.id });
    expect(check.verified).toBeGreaterThanOrEqual(43);
    const [memos] = await rows<{ chinese: number }>(sql`SELECT count(*)::int AS chinese FROM ledger_transactions WHERE memo LIKE '人工调整%'`);
    expect(memos!.chinese).toBeGreaterThanOrEqual(14);
    // The head of the chain: movements racing each other commit in any order, so a later id can be chained first.
    const [head] = await rows<{ id: number }>(sql`SELECT id FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`);
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
      [{ account: accountCode.house('adjustments', member), cents: -150 }, { account: accountCode.house('promotions', member), cents: 150 }],
      [{ account: wallet, cents: 205 }, { account: accountCode.house('adjustments', member), cents: -205 }],
      // One account twice: ordered by amount.
      [{ account: accountCode.house('adjustments', member), cents: 75 }, { account: accountCode.house('adjustments', member), cents: -75 }],
      [{ account: wallet, cents: 300 }, { account: accountCode.house('adjustments', member), cents: -100 }, { account: accountCode.house('promotions', member), cents: -200 }],
    ];
    const ids: number[] = [];
    for (const [i, legs] of shapes.entries()) {
      const result = await postNow(t.database.db, { reference: `seal-shape:${i}`, kind: 'adjustment', memberId: member, memo: `形状 "${i}"\n`, legs });
      ids.push(result.transactionId);
    }
    await chain();
    const check = await checkSeal(t.database.db, keys);
    expect(check).toMatchObject({ state: 'sealed', problems: 0, first: null, unchained: 0 });
    const [sealed] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE id IN ${sql.raw(`(${ids.join(',')})`)} AND chain_seq IS NOT NULL`);
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
      () => exec(sql`INSERT INTO ledger_transactions (reference, kind, member_id) VALUES ('seal-test:forged', 'adjustment', ${member})`),
      () => exec(sql`DELETE FROM ledger_transactions WHERE reference = 'seal-test:forged'`),
    );
    const [forged] = await rows<{ id: number }>(sql`SELECT coalesce(max(id), 0) AS id FROM ledger_transactions`);
    expect(check.first).toMatchObject({ reference: 'seal-test:forged', problem: 'unsealed' });
    expect(check.first!.movementId).toBeGreaterThan(forged!.id - 1);
  });

  it('refuses to chain a movement edited before the job reached it, and the check names it', async () => {
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
    expect(check.first).toMatchObject({ movementId: id, problem: 'mac' });
    await exec(sql`UPDATE ledger_entries SET amount = amount / 2 WHERE transaction_id = ${id}`);
    // Put back, it verifies again; it stays out of the chain (refused), which the check does not hold against it.
    expect((await checkSeal(t.database.db, keys)).state).toBe('sealed');
  });

  it('reports a wrong key as a wrong key, not as tampering', async () => {
    const wrong = sealKeys({ key: 'a-different-key-that-is-long-enough-0123456789', retiredKeys: [] });
    expect(await registerSealKey(t.database.db, wrong)).toBe('wrong-key');
    const check = await checkSeal(t.database.db, wrong);
    expect(check).toMatchObject({ state: 'wrong-key', problems: 0, keyId: wrong.current!.id, periodKeyId: keys.current!.id });
  });

  it('keeps the chain head at Beijing midnight as the day digest, and the check holds the chain to it', async () => {
    await move();
    // 2026-06-02 00:00:05 Beijing: the digest of 2026-06-01.
    await chain(new Date('2026-06-01T16:00:05Z'));
    const digest = (await sealDigests(t.database.db)).find((d) => d.day === '2026-06-01');
    const [head] = await rows<{ id: number; seq: string }>(sql`SELECT id, chain_seq AS seq FROM ledger_transactions WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1`);
    expect(digest).toBeDefined();
    expect(digest!.chainSeq).toBeLessThanOrEqual(Number(head!.seq));
    expect((await checkSeal(t.database.db, keys)).state).toBe('sealed');
    const check = await tampered(
      () => exec(sql`UPDATE ledger_seal_digests SET chain_hash = sha256(chain_hash) WHERE day = '2026-06-01'`),
      () => exec(sql`UPDATE ledger_seal_digests SET chain_hash = decode(${digest!.chainHash}, 'hex') WHERE day = '2026-06-01'`),
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
      const [row] = await rows<{ mac: string }>(sql`SELECT encode(ledger_seal_hmac(${sealSetting(key)}, decode(${content.toString('hex')}, 'hex')), 'hex') AS mac`);
      expect(row!.mac).toBe(sealMac(key, content).toString('hex'));
    }
  });

  it('says sealing is off when the server has no key, whatever the movements carry', async () => {
    const check = await checkSeal(t.database.db, { current: undefined, retired: [] });
    expect(check.state).toBe('off');
  });

  it('is chained by the scheduled job with the right key, and left alone by a server with a wrong key', async () => {
    const chainSeq = async (id: number) => (await rows<{ seq: string | null }>(sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${id}`))[0]?.seq ?? null;
    await underJobLock(async () => {
      const id = await move();
      const wrong = sealKeys({ key: 'a-different-key-that-is-long-enough-0123456789', retiredKeys: [] });
      await ledgerSealJob(t.database.db, wrong, () => new Date()).run();
      expect(await chainSeq(id)).toBeNull();
      await ledgerSealJob(t.database.db, keys, () => new Date()).run();
      expect(await chainSeq(id)).not.toBeNull();
    });
  });

  it('rotates the key: the old key retired starts a new period, and both periods verify', async () => {
    await move();
    await chain();
    const oldKey = t.config.ledgerSeal.key!;
    const rotated = sealKeys({ key: 'the-next-ledger-seal-key-0123456789abcdef', retiredKeys: [oldKey] });
    expect(await registerSealKey(t.database.db, rotated)).toBe('current');
    const periods = await rows<{ key_id: string }>(sql`SELECT key_id FROM ledger_seal_keys ORDER BY started_at DESC, first_movement_id DESC`);
    expect(periods.map((p) => p.key_id)).toEqual([rotated.current!.id, keys.current!.id]);
    // The old key is now retired: a server still holding it is told it has the wrong key.
    expect((await checkSeal(t.database.db, keys)).state).toBe('wrong-key');
    const check = await checkSeal(t.database.db, rotated);
    expect(check).toMatchObject({ state: 'sealed', problems: 0 });
    const [sealed] = await rows<{ n: string }>(sql`SELECT count(*) AS n FROM ledger_transactions WHERE seal_key = ${keys.current!.id}`);
    expect(check.verified).toBe(Number(sealed!.n));
    // Going back to a retired key is not a rotation.
    expect(await registerSealKey(t.database.db, sealKeys({ key: oldKey, retiredKeys: [] }))).toBe('wrong-key');
  });
});
