import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { credit, memberId, operatorToken, registerMember, useTestApp } from '../../../test/helper';
import { accountCode, balanceOf, balancesOf, InsufficientFunds, post, postNow } from './ledger-service';

// `post` is one call of the database function ledger_post (migration 0013); these pin down what it promises.
let member: number;

const t = useTestApp();

beforeAll(async () => {
  const op = await operatorToken(t, 'finance');
  const m = await registerMember(t.app);
  await credit(t, op, m.name, '10.00');
  member = await memberId(t, m.name);
});

const wallet = () => accountCode.wallet(member);
const venue = () => accountCode.venue(member, 'PTEST');
/** A movement of the member's money between the wallet and the venue: in (wallet to venue) or out (venue to wallet). */
const transfer = (reference: string, direction: 'in' | 'out', cents: number) => {
  const [from, to] = direction === 'in' ? [wallet(), venue()] : [venue(), wallet()];
  return {
    reference,
    kind: direction === 'in' ? 'transfer_in' : 'transfer_out',
    memberId: member,
    legs: [
      { account: from, cents: -cents },
      { account: to, cents },
    ],
  };
};

describe('ledger post', () => {
  it('answers each account balance after the movement and creates accounts on first use', async () => {
    const result = await postNow(t.database.db, transfer('post-test:1', 'in', 250));
    expect(result.replayed).toBe(false);
    expect(result.balances).toEqual(
      new Map([
        [venue(), 250],
        [wallet(), 750],
      ]),
    );
    expect(await balanceOf(t.database.db, venue())).toBe(250);
  });

  it('moves nothing the second time a reference is posted, and answers the first transaction', async () => {
    const movement = transfer('post-test:2', 'out', 100);
    const first = await postNow(t.database.db, movement);
    const again = await postNow(t.database.db, movement);
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true, balances: new Map() });
    expect(await balancesOf(t.database.db, [wallet(), venue()])).toEqual(
      new Map([
        [wallet(), 850],
        [venue(), 150],
      ]),
    );
  });

  it('refuses a leg that takes a member account one cent below zero and keeps nothing of the movement', async () => {
    const attempt = postNow(t.database.db, transfer('post-test:3', 'in', 851));
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(attempt).rejects.toMatchObject({ account: wallet() });
    expect(await balancesOf(t.database.db, [wallet(), venue()])).toEqual(
      new Map([
        [wallet(), 850],
        [venue(), 150],
      ]),
    );
    // The reference was not used up: the same movement for the exact balance goes through.
    const exact = await postNow(t.database.db, transfer('post-test:3', 'in', 850));
    expect(exact.balances.get(wallet())).toBe(0);
  });

  it('sums two legs on one account before checking and keeps an entry for each', async () => {
    const house = accountCode.house('adjustments', member);
    const result = await t.database.db.transaction((tx) =>
      post(tx, {
        reference: 'post-test:4',
        kind: 'adjust',
        memberId: member,
        legs: [
          { account: venue(), cents: -1100 },
          { account: venue(), cents: 600 },
          { account: house, cents: 500 },
        ],
      }),
    );
    expect(result.balances.get(venue())).toBe(500);
    const { ledgerEntries } = await import('../../db/tables/ledger');
    const { eq } = await import('drizzle-orm');
    const entries = await t.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, result.transactionId));
    expect(entries.map((e) => e.amount).sort()).toEqual(['-11.00', '5.00', '6.00']);
  });

  it('names the first short member account by code when a movement would take two below zero, and keeps nothing', async () => {
    const before = await balancesOf(t.database.db, [wallet(), venue()]);
    const house = accountCode.house('adjustments', member);
    const attempt = t.database.db.transaction((tx) =>
      post(tx, {
        reference: 'post-test:5',
        kind: 'adjust',
        memberId: member,
        legs: [
          { account: wallet(), cents: -((before.get(wallet()) ?? 0) + 1) },
          { account: venue(), cents: -((before.get(venue()) ?? 0) + 1) },
          { account: house, cents: (before.get(wallet()) ?? 0) + (before.get(venue()) ?? 0) + 2 },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ account: venue() });
    expect(await balancesOf(t.database.db, [wallet(), venue()])).toEqual(before);
  });

  it('refuses legs that do not come in the one lock order, and keeps nothing of the movement', async () => {
    const before = await balancesOf(t.database.db, [wallet()]);
    const house = accountCode.house('adjustments', member);
    // House before member: the order movementArrays never sends, which could deadlock against other movements.
    const attempt = t.database.db.execute(sql`
      SELECT * FROM ledger_post('post-test:6', 'adjust', ${member}::integer, '',
        ${`{${house},${wallet()}}`}::varchar[], '{-1.00,1.00}'::numeric[], '{house,wallet}'::varchar[],
        ${`{NULL,${member}}`}::integer[], '{"",""}'::varchar[])`);
    await expect(attempt).rejects.toMatchObject({
      cause: {
        message: expect.stringMatching(
          /^ledger legs out of lock order: house:adjustments:s\d+ before member:\d+:wallet$/,
        ),
      },
    });
    expect(await balancesOf(t.database.db, [wallet()])).toEqual(before);
    const used = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = 'post-test:6'`,
    );
    expect((used as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
  });
});
