import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addVenue, call, registerMember, transferIn } from '../../../test/helper';
import { deposits } from '../../db/schema';
import { usePaymentsApp } from './payments-test-kit';

const { t, kit } = usePaymentsApp();

beforeAll(async () => {
  await addVenue(t, 'RCAS', 'realbet');
});

interface Rec {
  out_trade_no: string;
  type: number;
  amount: string;
  pay_way: string;
  state: number;
  created_at: string;
}
const records = (token: string, body: Record<string, unknown>) =>
  call<{ data: Rec[]; total: number; current_page: number; last_page: number; per_page: number }>(
    t.app,
    '/api/gettransrecord',
    body,
    { token },
  );

describe('POST /api/gettransrecord', () => {
  it('lists deposits, withdrawals and transfers by type, newest first, in the paginator', async () => {
    const { card, ...m } = await kit.memberWithCard('1000');
    // The withdrawal comes first: after an approved deposit it would wait for turnover.
    const w = await kit.withdraw(m.token, card, '150');
    expect(w.code).toBe(200);
    const depositNo = await kit.deposit(m.token, '200');
    expect((await transferIn(t, m.token, 'RCAS', '100')).code).toBe(200);
    expect(
      (
        await call(
          t.app,
          '/api/transfer',
          { amount: '40', sourcetype: 'RCAS', targettype: 'userbalance' },
          { token: m.token },
        )
      ).code,
    ).toBe(200);

    const all = await records(m.token, { date: 1, page: 1 });
    expect(all.data.total).toBe(4);
    expect(all.data.data.map((r) => r.type).sort()).toEqual([1, 2, 3, 4]);
    expect(all.data.data.find((r) => r.type === 1)).toMatchObject({
      out_trade_no: depositNo,
      type: 1,
      amount: '200.00',
      state: 2,
      pay_way: '支付宝',
    });

    const deposits = await records(m.token, { date: 1, type: 1 });
    expect(deposits.data.data.map((r) => r.out_trade_no)).toEqual([depositNo]);
    const withdrawals = await records(m.token, { date: 1, type: 2 });
    expect(withdrawals.data.data).toEqual([
      expect.objectContaining({ out_trade_no: w.data.order_no, amount: '150.00', state: 1 }),
    ]);
    const ins = await records(m.token, { date: 1, type: 3 });
    // out_trade_no is the transfer id: the transfer number the venue knows it by.
    expect(ins.data.data).toEqual([
      expect.objectContaining({
        type: 3,
        amount: '100.00',
        state: 1,
        pay_way: 'RCAS',
        out_trade_no: expect.stringMatching(/^VT[0-9A-Z]+$/),
      }),
    ]);
    const outs = await records(m.token, { date: 1, type: 4, api_type: 'rcas' });
    expect(outs.data.data).toEqual([expect.objectContaining({ type: 4, amount: '40.00', state: 1 })]);
    expect((await records(m.token, { date: 1, type: 4, api_type: 'OTHER' })).data.total).toBe(0);
    expect(all.data.data[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('pages 10 by default and honours pagesize', async () => {
    const m = await registerMember(t.app);
    for (let i = 0; i < 12; i += 1) await kit.recharge(m.token, { paytype: 'alipay', amount: String(100 + i) });
    const first = await records(m.token, { date: 1, type: 1, page: 1 });
    expect(first.data).toMatchObject({ total: 12, current_page: 1, last_page: 2, per_page: 10 });
    expect(first.data.data).toHaveLength(10);
    const second = await records(m.token, { date: 1, type: 1, page: 2 });
    expect(second.data.data).toHaveLength(2);
    expect((await records(m.token, { date: 1, type: 1, pagesize: 5 })).data.last_page).toBe(3);
  });

  it('filters by period and shows only the member own records', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const made = await kit.recharge(m.token, { paytype: 'alipay', amount: '100' });
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await t.database.db
      .update(deposits)
      .set({ createdAt: threeDaysAgo })
      .where(eq(deposits.depositNo, made.data.deposit_no));
    expect((await records(m.token, { date: 1 })).data.total).toBe(0);
    expect((await records(m.token, { date: 2 })).data.total).toBe(1);
    expect((await records(other.token, { date: 4 })).data.total).toBe(0);
  });
});
