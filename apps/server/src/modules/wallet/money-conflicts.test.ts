import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addVenue, adminCall, manualClock, useOperators, useTestApp } from '../../../test/helper';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { reconcileTransfers } from './remote-transfers';
import { walletKit } from './wallet-test-kit';

// A deadlock or serialization failure the database reports on a money call: retried once, and otherwise answered
// with a clear message, never a server error. The database is made to report one by a trigger that raises the
// SQLSTATE a real deadlock carries (40P01) for its first N firings (a sequence counts them: it is not rolled back).
const clock = manualClock();
const TIMEOUT_MS = 400;

const t = useTestApp({ clock, config: { venueTimeoutMs: TIMEOUT_MS } });
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await addVenue(t, 'AGD', 'realbet', 1, { name: '聚合转账' });
});
afterEach(async () => {
  for (const table of ['venue_transfers', 'ledger_transactions'])
    await t.database.db.execute(sql.raw(`DROP TRIGGER IF EXISTS conflict_drill ON ${table}`));
});

/** The next `times` inserts or updates of `table` fail as a deadlock victim's would. */
async function deadlocks(table: 'venue_transfers' | 'ledger_transactions', on: 'INSERT' | 'UPDATE', times: number) {
  for (const statement of [
    `DROP TRIGGER IF EXISTS conflict_drill ON ${table}`,
    'DROP SEQUENCE IF EXISTS conflict_drill_seq',
    'CREATE SEQUENCE conflict_drill_seq',
    `CREATE OR REPLACE FUNCTION conflict_drill() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF nextval('conflict_drill_seq') <= ${times} THEN
         RAISE EXCEPTION 'deadlock detected (drill)' USING ERRCODE = '40P01';
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER conflict_drill BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION conflict_drill()`,
  ]) {
    await t.database.db.execute(sql.raw(statement));
  }
}

const { member, transfer, transfersOf } = walletKit(t, () => ops.finance);
const central = async (id: number) => balanceOf(t.database.db, accountCode.wallet(id));

describe('a database conflict on a money call', () => {
  it('retries a transfer whose opening was a deadlock victim once, transparently', async () => {
    const m = await member('50.00');
    await deadlocks('venue_transfers', 'INSERT', 1);
    expect(await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGD' })).toMatchObject({
      code: 200,
      message: '转账成功',
      data: { balance: '30.00' },
    });
    expect((await transfersOf(m.id)).map((r) => [r.amount, r.state])).toEqual([['20.00', 1]]);
  });

  it('answers a transfer that could not be opened twice with a clear refusal: nothing moved, the venue not asked', async () => {
    const m = await member('50.00');
    await deadlocks('venue_transfers', 'INSERT', 2);
    expect(await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGD' })).toEqual({
      code: 409,
      message: '系统繁忙，资金未发生变动，请稍后再试',
      data: null,
    });
    expect(await transfersOf(m.id)).toEqual([]);
    expect(await central(m.id)).toBe(5000);
  });

  it('tells the member a transfer the venue took but that could not be finished is processing, and reconciliation finishes it', async () => {
    const m = await member('50.00');
    const float = () => balanceOf(t.database.db, accountCode.venueFloat('AGD', m.id));
    const floatBefore = await float();
    await deadlocks('venue_transfers', 'UPDATE', 2);
    expect(await transfer(m.token, { amount: '20.00', sourcetype: 'userbalance', targettype: 'AGD' })).toEqual({
      code: 200,
      message: '转账处理中，请稍后在转账记录中查看结果',
      data: { balance: '30.00' },
    });
    expect((await transfersOf(m.id)).map((r) => [r.amount, r.state])).toEqual([['20.00', 2]]);
    clock.advance(61_000);
    expect(
      await reconcileTransfers({ db: t.database.db, clock, venueTimeoutMs: TIMEOUT_MS, outbound: t.config.outbound }),
    ).toBe(1);
    expect((await transfersOf(m.id)).map((r) => [r.amount, r.state])).toEqual([['20.00', 1]]);
    expect(await central(m.id)).toBe(3000);
    expect((await float()) - floatBefore).toBe(2000);
  });

  it('runs any other money call that lost to a conflict once more, and answers a clear message when it loses twice', async () => {
    const m = await member('10.00');
    const adjust = (amount: string, reference: string) =>
      t.app
        .inject({
          method: 'POST',
          url: `/admin/api/members/${m.id}/adjust`,
          payload: { amount, note: 'conflict drill', reference },
          headers: { authorization: `Bearer ${ops.finance}` },
        })
        .then((r) => r.json() as { code: number; message: string; data: unknown });

    // Lost once: the retry carries it, exactly once.
    await deadlocks('ledger_transactions', 'INSERT', 1);
    expect((await adjust('5.00', 'drill-once')).code).toBe(200);
    expect(await central(m.id)).toBe(1500);

    // Lost twice: a clear refusal, nothing moved.
    await deadlocks('ledger_transactions', 'INSERT', 2);
    expect(await adjust('2.00', 'drill-twice')).toEqual({ code: 409, message: '系统繁忙，请稍后再试', data: null });
    expect(await central(m.id)).toBe(1500);
    const check = await adminCall<{ balanced: boolean }>(t, ops.finance, 'GET', '/admin/api/ledger/check');
    expect(check.data.balanced).toBe(true);
  });
});
