import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { manualClock, registerMember } from '../../../test/helper';
import { deposits } from '../../db/schema';
import { RECONCILE_AFTER_MS, reconcileGatewayDeposits } from './gateways-service';
import { notifyOutcomes, usePaymentsApp, useScriptedGateway } from './payments-test-kit';

// The epay order query (api.php?act=order) is answered without a signature: what binds an answer to the order asked
// about is the order number and merchant it names, and its amount. The scripted gateway below answers as told.
const clock = manualClock(new Date('2026-06-01T04:00:00Z'));
const { t, kit } = usePaymentsApp({ clock });
const gateway = useScriptedGateway(t, () => ({ code: -1 }));

const reconcile = () =>
  reconcileGatewayDeposits({ db: t.database.db, clock, outbound: t.config.outbound }, gateway.origin);
const outcomes = (depositNo: string) => notifyOutcomes(t, depositNo);
const stateOf = async (depositNo: string) =>
  (await t.database.db.select().from(deposits).where(eq(deposits.depositNo, depositNo)))[0]?.state;

describe('an order-query answer bound to the order asked about', () => {
  it('credits nothing for an answer naming another order, another merchant or another amount, and flags each', async () => {
    const m = await registerMember(t.app);
    // The other order is another member's: a member's second 存款 of the same amount returns the open one.
    const other = await kit.recharge((await registerMember(t.app)).token, { paytype: 'wxpay', amount: '100' });
    const made = await kit.recharge(m.token, { paytype: 'wxpay', amount: '100' });
    expect([other.code, made.code]).toEqual([200, 200]);
    const depositNo = made.data.deposit_no;
    const otherNo = other.data.deposit_no;
    clock.advance(RECONCILE_AFTER_MS + 60_000);
    // Pays both: a paid answer (of the other order, or of a fake merchant) is no proof for this one.
    const paid = (asked: URLSearchParams, overrides: Record<string, unknown>) => ({
      code: 1,
      msg: '查询订单号成功！',
      trade_no: `T${String(asked.get('out_trade_no'))}`,
      out_trade_no: asked.get('out_trade_no'),
      pid: asked.get('pid'),
      money: '100.00',
      status: 1,
      ...overrides,
    });

    gateway.answer = (asked) =>
      paid(asked, { out_trade_no: asked.get('out_trade_no') === depositNo ? otherNo : depositNo });
    await reconcile();
    gateway.answer = (asked) => paid(asked, { pid: '9999' });
    await reconcile();
    gateway.answer = (asked) => paid(asked, { money: '1000.00' });
    await reconcile();
    expect(await kit.balance(m.token)).toBe('0.00');
    expect([await stateOf(depositNo), await stateOf(otherNo)]).toEqual([1, 1]);
    const refused = ['query:order_mismatch:flagged', 'query:order_mismatch:flagged', 'query:amount_mismatch:flagged'];
    expect(await outcomes(depositNo)).toEqual(refused);
    expect(await outcomes(otherNo)).toEqual(refused);

    // The gateway's own answer for this order credits it once.
    gateway.answer = (asked) =>
      asked.get('out_trade_no') === depositNo ? paid(asked, {}) : { code: -1, msg: '订单号不存在' };
    const report = await reconcile();
    expect(report.credited).toBe(1);
    expect(await kit.balance(m.token)).toBe('100.00');
    expect(await outcomes(depositNo)).toEqual([...refused, 'query:credited']);
    await kit.ledgerBalanced();
  });
});
