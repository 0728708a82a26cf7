import { adminEndpoints } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, creditedMember, operatorToken, useOperators, useTestApp } from '../../../test/helper';
import {
  deleteAndRechain,
  forgeKeyPeriod,
  postSealedAgo,
  postWithoutKey,
  rehashUnkeyed,
  removeMovement,
} from '../../../test/ledger-tamper';
import { checkMemberLedger } from './ledger-member-check';
import { accountCode, postNow } from './ledger-service';
import { chainSealed, registerSealKey, sealKeys, type SealKeys } from './ledger-seal';

// 核对单个会员 (docs/money.md "Sealed ledger", "Verifying one member"): one member's history verified alone.
const t = useTestApp();
const ops = useOperators(t, ['finance']);
let keys: SealKeys;
const alice = { name: '', id: 0, refs: [] as string[] };
const bob = { name: '', id: 0, refs: [] as string[] };
let n = 0;

type Check = ReturnType<typeof adminEndpoints.ledgerMemberCheck.data.parse>;

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

/** A movement of `cents` into (positive) or out of the member's wallet, against the adjustments house account. */
async function move(who: typeof alice, cents: number) {
  n += 1;
  const reference = `member-check:${who.id}:${n}`;
  await postNow(t.database.db, {
    reference,
    kind: 'adjustment',
    memberId: who.id,
    legs: [
      { account: accountCode.wallet(who.id), cents },
      { account: accountCode.house('adjustments', who.id), cents: -cents },
    ],
  });
  who.refs.push(reference);
  return reference;
}

/** Chains what is waiting, under the chaining job's lock (the scheduled job may be running too). */
async function chain() {
  for (;;) {
    const outcome = await t.database.locks.tryRun('job:ledger-seal', () =>
      chainSealed(t.database.db, keys, new Date()),
    );
    if (outcome.ran) return outcome.value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs `work` under the chaining job's lock, so the scheduled job chains nothing meanwhile. */
async function underJobLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    const outcome = await t.database.locks.tryRun('job:ledger-seal', work);
    if (outcome.ran) return outcome.value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The id of a movement by its reference. */
async function idOf(reference: string) {
  const result = await exec(sql`SELECT id FROM ledger_transactions WHERE reference = ${reference}`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

async function check(username: string, token = ops.finance) {
  return adminCall<Check>(t, token, 'GET', `/admin/api/ledger/member-check?username=${encodeURIComponent(username)}`);
}

async function checked(username: string): Promise<Check> {
  const answer = await check(username);
  expect(answer.code).toBe(200);
  return adminEndpoints.ledgerMemberCheck.data.parse(answer.data);
}

/** A member check that found one problem: the first movement it names, and what is wrong with it. */
const oneProblem = (first: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  ok: false,
  problems: 1,
  ...more,
  first,
});

/** The id of the member's wallet entry of a movement. */
async function walletEntry(who: typeof alice, reference: string) {
  const result = await exec(sql`
    SELECT e.id FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE t.reference = ${reference} AND a.code = ${accountCode.wallet(who.id)}`);
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}

const adjustBalance = (who: typeof alice, by: string) =>
  exec(sql`UPDATE ledger_accounts SET balance = balance + ${by}::numeric WHERE code = ${accountCode.wallet(who.id)}`);

/** Edits the member's wallet entry of a movement and the wallet's balance alike, as an insider with SQL would. */
async function editEntry(who: typeof alice, reference: string, by: string) {
  const entry = await walletEntry(who, reference);
  await exec(sql`UPDATE ledger_entries SET amount = amount + ${by}::numeric WHERE id = ${entry}`);
  await adjustBalance(who, by);
  return async () => {
    await exec(sql`UPDATE ledger_entries SET amount = amount - ${by}::numeric WHERE id = ${entry}`);
    await adjustBalance(who, `-${by}`);
  };
}

beforeAll(async () => {
  keys = sealKeys(t.config.ledgerSeal);
  // The first key period, as a server records it at start.
  expect(await registerSealKey(t.database.db, keys)).toBe('current');
  for (const who of [alice, bob]) {
    const m = await creditedMember(t, ops.finance, '1000.00');
    who.name = m.name;
    who.id = m.id;
  }
  // Alice: 1000.00 + 1.50 - 2.25 + 30.00 - 0.75 = 1028.50; Bob: 1000.00 + 5.00 - 1.00 = 1004.00.
  for (const cents of [150, -225, 3000, -75]) await move(alice, cents);
  for (const cents of [500, -100]) await move(bob, cents);
  await chain();
});

describe('核对单个会员', () => {
  it("verifies a clean member: every movement of the member's accounts, the balances, nothing else", async () => {
    const answer = await checked(alice.name.toUpperCase());
    expect(answer).toMatchObject({
      member: { id: alice.id, username: alice.name },
      ok: true,
      state: 'sealed',
      // The operator's credit and the four movements above; Bob's movements are not Alice's.
      movements: 5,
      verified: 5,
      legacy: 0,
      unchained: 0,
      problems: 0,
      first: null,
    });
    expect(answer.accounts).toEqual([
      {
        code: accountCode.wallet(alice.id),
        kind: 'wallet',
        venue_code: '',
        balance: '1028.50',
        entries: '1028.50',
        matches: true,
      },
    ]);
    const bobs = await checked(bob.name);
    expect(bobs).toMatchObject({ ok: true, movements: 3, verified: 3 });
    expect(bobs.accounts[0]).toMatchObject({ balance: '1004.00', entries: '1004.00' });
  });

  it('names by reference a movement of the member whose entry and balance were edited in SQL', async () => {
    const victim = alice.refs[1]!;
    const restore = await editEntry(alice, victim, '50');
    try {
      const answer = await checked(alice.name);
      expect(answer).toMatchObject({ ok: false, state: 'broken', problems: 1, movements: 5, verified: 4 });
      expect(answer.first).toMatchObject({ reference: victim, problem: 'unbalanced' });
      // The balance was edited to match its entries: only the movement shows it.
      expect(answer.accounts[0]).toMatchObject({ balance: '1078.50', entries: '1078.50', matches: true });
    } finally {
      await restore();
    }
    expect(await checked(alice.name)).toMatchObject({ ok: true, problems: 0 });
  });

  it('names a movement whose amounts were changed on both legs (still balanced): its seal', async () => {
    const victim = alice.refs[2]!;
    await exec(
      sql`UPDATE ledger_entries SET amount = amount * 2 WHERE transaction_id = (SELECT id FROM ledger_transactions WHERE reference = ${victim})`,
    );
    await adjustBalance(alice, '30');
    try {
      const answer = await checked(alice.name);
      expect(answer.first).toMatchObject({ reference: victim, problem: 'mac' });
      expect(answer.accounts[0]).toMatchObject({ balance: '1058.50', matches: true });
    } finally {
      await exec(
        sql`UPDATE ledger_entries SET amount = amount / 2 WHERE transaction_id = (SELECT id FROM ledger_transactions WHERE reference = ${victim})`,
      );
      await adjustBalance(alice, '-30');
    }
  });

  it("does not show another member's tampering in this member's check", async () => {
    const restore = await editEntry(bob, bob.refs[0]!, '7');
    try {
      expect(await checked(alice.name)).toMatchObject({
        ok: true,
        state: 'sealed',
        problems: 0,
        first: null,
        movements: 5,
      });
      expect((await checked(bob.name)).first).toMatchObject({ reference: bob.refs[0], problem: 'unbalanced' });
    } finally {
      await restore();
    }
  });

  it('shows a balance edited without its entries as a mismatched account, with no movement to blame', async () => {
    await adjustBalance(alice, '0.01');
    try {
      const answer = await checked(alice.name);
      expect(answer).toMatchObject({ ok: false, state: 'broken', problems: 1, first: null });
      expect(answer.accounts[0]).toMatchObject({ balance: '1028.51', entries: '1028.50', matches: false });
    } finally {
      await adjustBalance(alice, '-0.01');
    }
  });

  it('names a movement of the member inserted in SQL without a seal', async () => {
    await exec(
      sql`INSERT INTO ledger_transactions (reference, kind, member_id) VALUES ('member-check:forged', 'adjustment', ${alice.id})`,
    );
    try {
      expect((await checked(alice.name)).first).toMatchObject({
        reference: 'member-check:forged',
        problem: 'unsealed',
      });
    } finally {
      await exec(sql`DELETE FROM ledger_transactions WHERE reference = 'member-check:forged'`);
    }
  });

  it('is for finance and admin, not content; an unknown or missing member is told plainly', async () => {
    const admin = await operatorToken(t, 'admin');
    expect((await check(alice.name, admin)).code).toBe(200);
    const content = await operatorToken(t, 'content');
    expect(await check(alice.name, content)).toMatchObject({ code: 403, data: null });
    expect(await check('nobody_here_42')).toMatchObject({
      code: 202,
      message: '没有这个会员账号，请检查拼写',
      data: null,
    });
    expect(await check('  ')).toMatchObject({ code: 400, message: '请输入要核对的会员账号' });
  });

  it('tells a wrong key from tampering: the seals cannot be verified, nothing is blamed', async () => {
    const wrong = sealKeys({ key: 'a-different-key-that-is-long-enough-0123456789', retiredKeys: [] });
    const answer = await checkMemberLedger(t.database.db, wrong, alice.id);
    expect(answer).toMatchObject({ state: 'wrong-key', movements: 5, verified: 0, problems: 0, first: null });
  });

  it("counts the member's venue wallets: their balances, and an edited venue entry named", async () => {
    n += 1;
    const reference = `member-check:${alice.id}:venue:${n}`;
    await postNow(t.database.db, {
      reference,
      kind: 'transfer_in',
      memberId: alice.id,
      memo: 'AG',
      legs: [
        { account: accountCode.wallet(alice.id), cents: -12_345 },
        { account: accountCode.venue(alice.id, 'AG'), cents: 12_345 },
      ],
    });
    // Chained before its entry is edited below: the chaining job would refuse it edited, which stays a problem.
    await chain();
    const answer = await checked(alice.name);
    expect(answer).toMatchObject({ ok: true, movements: 6 });
    expect(answer.accounts).toEqual([
      {
        code: accountCode.wallet(alice.id),
        kind: 'wallet',
        venue_code: '',
        balance: '905.05',
        entries: '905.05',
        matches: true,
      },
      {
        code: accountCode.venue(alice.id, 'AG'),
        kind: 'venue',
        venue_code: 'AG',
        balance: '123.45',
        entries: '123.45',
        matches: true,
      },
    ]);
    const venueAccount = accountCode.venue(alice.id, 'AG');
    const edit = sql`UPDATE ledger_entries SET amount = amount + 100 WHERE transaction_id = (SELECT id FROM ledger_transactions WHERE reference = ${reference})
                      AND account_id = (SELECT id FROM ledger_accounts WHERE code = ${venueAccount})`;
    await exec(edit);
    try {
      const broken = await checked(alice.name);
      expect(broken.first).toMatchObject({ reference, problem: 'unbalanced' });
      // The venue balance was left alone this time: the account shows it too.
      expect(broken.accounts[1]).toMatchObject({ balance: '123.45', entries: '223.45', matches: false });
      expect(broken.problems).toBe(2);
    } finally {
      await exec(sql`UPDATE ledger_entries SET amount = amount - 100 WHERE transaction_id = (SELECT id FROM ledger_transactions WHERE reference = ${reference})
                      AND account_id = (SELECT id FROM ledger_accounts WHERE code = ${venueAccount})`);
    }
  });
  it('names a movement of the member posted by ledger_post without the key under a key period added in SQL', async () => {
    const id = await postWithoutKey(t.database.db, 'member-check:forged', alice.id, 7_777_700);
    const forged = await forgeKeyPeriod(t.database.db, id, false);
    try {
      const answer = await checked(alice.name);
      expect(answer).toMatchObject({ ok: false, state: 'broken', movements: 7, verified: 6, problems: 1 });
      expect(answer.first).toMatchObject({ movementId: id, reference: 'member-check:forged', problem: 'unknown-key' });
      // The 77,777.00 is in the wallet, its balance the sum of its entries: only the seal shows it.
      expect(answer.accounts[0]).toEqual({
        code: accountCode.wallet(alice.id),
        kind: 'wallet',
        venue_code: '',
        balance: '78682.05',
        entries: '78682.05',
        matches: true,
      });
      // Refused by the chaining job, it is named all the same.
      await chain();
      expect((await checked(alice.name)).first).toMatchObject({ movementId: id, problem: 'unknown-key' });
    } finally {
      await removeMovement(t.database.db, id);
      await forged.remove();
    }
    expect(await checked(alice.name)).toMatchObject({ ok: true, problems: 0, movements: 6 });
  });

  it('names a movement of the member that the chain skipped: refused in SQL, taken out of it, or still not chained after a minute', async () => {
    const late = await underJobLock(async () => {
      const refused = await idOf(await move(alice, 100));
      await exec(sql`UPDATE ledger_transactions SET seal_refused_at = now() WHERE id = ${refused}`);
      expect(await checked(alice.name)).toMatchObject(oneProblem({ movementId: refused, problem: 'refused' }));
      await exec(sql`UPDATE ledger_transactions SET seal_refused_at = NULL WHERE id = ${refused}`);
      // Written a moment ago and not chained yet: within the minute's grace, not a problem.
      expect(await checked(alice.name)).toMatchObject({ ok: true, problems: 0, unchained: 1 });
      const written = await postSealedAgo(t.database.db, `member-check:${alice.id}:late`, alice.id, -100, 120);
      expect(await checked(alice.name)).toMatchObject(
        oneProblem(
          { movementId: written, reference: `member-check:${alice.id}:late`, problem: 'unchained' },
          { unchained: 1 },
        ),
      );
      return written;
    });
    await chain();
    expect(await checked(alice.name)).toMatchObject({ ok: true, problems: 0, unchained: 0, movements: 8 });
    // The head of the chain (the last chained) taken out of it: no gap after it, and the job does not chain it again.
    const [head] = (
      (await exec(
        sql`SELECT chain_seq AS seq FROM ledger_transactions WHERE id = ${late} AND chain_seq = (SELECT max(chain_seq) FROM ledger_transactions)`,
      )) as unknown as {
        rows: { seq: string }[];
      }
    ).rows;
    await exec(sql`UPDATE ledger_transactions SET chain_seq = NULL WHERE id = ${late}`);
    try {
      expect(await checked(alice.name)).toMatchObject(oneProblem({ movementId: late, problem: 'unchained' }));
      await chain();
      expect(await checked(alice.name)).toMatchObject(oneProblem({ movementId: late, problem: 'unchained' }));
    } finally {
      await exec(sql`UPDATE ledger_transactions SET chain_seq = ${head!.seq} WHERE id = ${late}`);
    }
    expect(await checked(alice.name)).toMatchObject({ ok: true, problems: 0 });
  });

  it("names the member's movement whose chain link was recomputed without the key, or after a deleted movement", async () => {
    const victim = await idOf(await move(alice, 200));
    await chain();
    const [saved] = (
      (await exec(
        sql`SELECT encode(chain_hash, 'hex') AS hash FROM ledger_transactions WHERE id = ${victim}`,
      )) as unknown as { rows: { hash: string }[] }
    ).rows;
    await rehashUnkeyed(t.database.db, victim);
    try {
      expect(await checked(alice.name)).toMatchObject(oneProblem({ movementId: victim, problem: 'chain' }));
    } finally {
      await exec(sql`UPDATE ledger_transactions SET chain_hash = decode(${saved!.hash}, 'hex') WHERE id = ${victim}`);
    }
    // Bob's movement deleted, the chain closed up over it without the key: Alice's next movement shows the seam.
    const gone = await idOf(await move(bob, 300));
    const next = await idOf(await move(alice, 400));
    await chain();
    const restore = await deleteAndRechain(t.database.db, gone);
    try {
      expect(await checked(alice.name)).toMatchObject(oneProblem({ movementId: next, problem: 'chain' }));
    } finally {
      await restore();
    }
    expect(await checked(alice.name)).toMatchObject({ ok: true, problems: 0 });
    expect(await checked(bob.name)).toMatchObject({ ok: true, problems: 0 });
  });
});
