import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { credit, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { accountCode, balancesOf, checkLedger, movementColumns } from '../ledger/ledger-service';

// venue_transfer_open_many and venue_transfer_finish_many (migration 0029): the venue transfers that arrive in one
// turn, opened or finished in one call. Each item answers as the one-transfer function would, in the items' order.
const t = useTestApp();
const ops = useOperators(t, ['finance']);
let first: number;
let second: number;
const VENUE = 'BATCHV';
const AT = '2026-06-01T04:00:00.000Z';

beforeAll(async () => {
  for (const amount of ['10.00', '3.00']) {
    const m = await registerMember(t.app);
    await credit(t, ops.finance, m.name, amount);
    const id = await memberId(t, m.name);
    if (amount === '10.00') first = id;
    else second = id;
  }
});

const rowsOf = <R>(result: unknown) => (result as { rows: R[] }).rows;
const cents = (money: string) => Math.round(Number(money) * 100);

/** One opening item, as remote-transfers.ts sends it: money going in holds its amount in the pending account. */
const opening = (member: number, reference: string, transferNo: string, direction: 'in' | 'out', amount: string) => ({
  member,
  wallet: accountCode.wallet(member),
  reference,
  transfer_no: transferNo,
  venue: VENUE,
  direction,
  amount,
  at: AT,
  ...movementColumns({
    reference: `venue-transfer:${transferNo}:hold`,
    legs:
      direction === 'in'
        ? [
            { account: accountCode.wallet(member), cents: -cents(amount) },
            { account: accountCode.house('transfers_pending', member), cents: cents(amount) },
          ]
        : [],
  }),
});

/** One finishing item of a transfer in that the venue took: the pending amount goes on to the venue's float. */
const sent = (member: number, transferNo: string, amount: string) => ({
  transfer_no: transferNo,
  wallet: accountCode.wallet(member),
  state: 1,
  note: '',
  at: AT,
  reference: `venue-transfer:${transferNo}:sent`,
  kind: 'remote_transfer_in',
  member,
  memo: VENUE,
  ...movementColumns({
    reference: `venue-transfer:${transferNo}:sent`,
    legs: [
      { account: accountCode.house('transfers_pending', member), cents: -cents(amount) },
      { account: accountCode.venueFloat(VENUE, member), cents: cents(amount) },
    ],
  }),
});

const numbered = (items: object[]) => JSON.stringify(items.map((item, n) => ({ n, ...item })));

describe('venue transfers opened and finished in batches', () => {
  it('opens each item as alone, in order: a second transfer sees the balance the first left, a repeated reference answers the first', async () => {
    const items = [
      opening(second, 'batch:b1', 'VTBATCHB1', 'in', '2.00'),
      opening(first, 'batch:a1', 'VTBATCHA1', 'in', '6.00'),
      opening(first, 'batch:a2', 'VTBATCHA2', 'in', '6.00'),
      opening(first, 'batch:a1', 'VTBATCHA3', 'in', '6.00'),
      opening(second, 'batch:b2', 'VTBATCHB2', 'out', '1.00'),
    ];
    const rows = rowsOf<{
      out_item: number;
      out_outcome: string;
      out_transfer_no: string | null;
      out_state: number | null;
    }>(await t.database.db.execute(sql`SELECT * FROM venue_transfer_open_many(${numbered(items)}::jsonb)`));
    expect(rows).toEqual([
      { out_item: 0, out_outcome: 'opened', out_transfer_no: 'VTBATCHB1', out_state: 2 },
      { out_item: 1, out_outcome: 'opened', out_transfer_no: 'VTBATCHA1', out_state: 2 },
      { out_item: 2, out_outcome: 'above_balance', out_transfer_no: null, out_state: null },
      { out_item: 3, out_outcome: 'repeated', out_transfer_no: 'VTBATCHA1', out_state: 2 },
      { out_item: 4, out_outcome: 'opened', out_transfer_no: 'VTBATCHB2', out_state: 2 },
    ]);
    const balances = await balancesOf(t.database.db, [accountCode.wallet(first), accountCode.wallet(second)]);
    expect(balances).toEqual(
      new Map([
        [accountCode.wallet(first), 400],
        [accountCode.wallet(second), 100],
      ]),
    );
    const opened = rowsOf<{ transfer_no: string; state: number }>(
      await t.database.db.execute(
        sql`SELECT transfer_no, state FROM venue_transfers WHERE transfer_no LIKE 'VTBATCH%' ORDER BY transfer_no`,
      ),
    );
    expect(opened).toEqual([
      { transfer_no: 'VTBATCHA1', state: 2 },
      { transfer_no: 'VTBATCHB1', state: 2 },
      { transfer_no: 'VTBATCHB2', state: 2 },
    ]);
  });

  it('finishes each item once: a transfer finished before in the batch, or already finished, answers that it was not this call', async () => {
    const items = [
      sent(first, 'VTBATCHA1', '6.00'),
      sent(second, 'VTBATCHB1', '2.00'),
      sent(first, 'VTBATCHA1', '6.00'),
    ];
    const rows = rowsOf<{ out_item: number; out_finished: boolean; out_state: number; out_balance: string }>(
      await t.database.db.execute(sql`SELECT * FROM venue_transfer_finish_many(${numbered(items)}::jsonb)`),
    );
    expect(rows).toEqual([
      { out_item: 0, out_finished: true, out_state: 1, out_balance: '4.00' },
      { out_item: 1, out_finished: true, out_state: 1, out_balance: '1.00' },
      { out_item: 2, out_finished: false, out_state: 1, out_balance: '4.00' },
    ]);
    const again = rowsOf<{ out_item: number; out_finished: boolean }>(
      await t.database.db.execute(sql`SELECT * FROM venue_transfer_finish_many(${numbered(items.slice(0, 2))}::jsonb)`),
    );
    expect(again.map((r) => r.out_finished)).toEqual([false, false]);
    const floats = await balancesOf(t.database.db, [
      accountCode.venueFloat(VENUE, first),
      accountCode.venueFloat(VENUE, second),
    ]);
    expect([...floats.values()].reduce((a, b) => a + b, 0)).toBe(800);
    const ledger = await checkLedger(t.database.db);
    expect(ledger).toMatchObject({ balanced: true, mismatched: [] });
  });

  it('rolls back a whole batch when one item fails, leaving nothing of the others', async () => {
    const before = await balancesOf(t.database.db, [accountCode.wallet(first)]);
    // Its legs house first: refused by ledger_post (out of the lock order), after the first item opened.
    const good = opening(first, 'batch:bad', 'VTBATCHBAD', 'in', '1.00');
    const bad = {
      ...good,
      codes: [...good.codes].reverse(),
      amounts: [...good.amounts].reverse(),
      kinds: [...good.kinds].reverse(),
      memberIds: [...good.memberIds].reverse(),
      venues: [...good.venues].reverse(),
    };
    const items = [opening(first, 'batch:ok', 'VTBATCHOK', 'in', '1.00'), bad];
    await expect(
      t.database.db.execute(sql`SELECT * FROM venue_transfer_open_many(${numbered(items)}::jsonb)`),
    ).rejects.toThrow();
    expect(await balancesOf(t.database.db, [accountCode.wallet(first)])).toEqual(before);
    const left = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM venue_transfers WHERE reference IN ('batch:ok', 'batch:bad')`,
      ),
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
