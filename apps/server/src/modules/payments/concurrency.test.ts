import { describe, expect, it } from 'vitest';
import { adminCall, call } from '../../../test/helper';
import { usePaymentsApp } from './payments-test-kit';

// Runs on PGlite and, with TEST_DATABASE_URL set, on PostgreSQL with a pool of connections (real races).

const { t, ops, kit } = usePaymentsApp();

describe('racing money requests', () => {
  it('leaves exactly one withdrawal when the same one is sent 10 times at once with a balance for one', async () => {
    const { card, ...m } = await kit.memberWithCard('150');
    const answers = await Promise.all(Array.from({ length: 10 }, () => kit.withdraw(m.token, card, '100')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(
      answers.filter((a) => a.code !== 200).every((a) => a.code === 208 && a.message === '提现金额不能大于账户余额哦'),
    ).toBe(true);
    expect(await kit.balance(m.token)).toBe('50.00');
    const records = await call<{ total: number }>(
      t.app,
      '/api/gettransrecord',
      { date: 1, type: 2 },
      { token: m.token },
    );
    expect(records.data.total).toBe(1);
    await kit.ledgerBalanced();
  });

  it('lets exactly one of approve and reject win on one withdrawal, and the money follows the winner', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { card, ...m } = await kit.memberWithCard('300');
      const sent = await kit.withdraw(m.token, card, '200');
      const url = `/admin/api/withdrawals/${sent.data.order_no}`;
      const [approve, reject] = await Promise.all([
        adminCall<{ state: number }>(t, ops.finance, 'POST', `${url}/approve`, {}),
        adminCall<{ state: number }>(t, ops.finance, 'POST', `${url}/reject`, {}),
      ]);
      const codes = [approve.code, reject.code].sort();
      expect(codes).toEqual([200, 409]);
      const approved = approve.code === 200;
      expect(await kit.balance(m.token)).toBe(approved ? '100.00' : '300.00');
      const records = await call<{ data: Array<{ state: number }> }>(
        t.app,
        '/api/gettransrecord',
        { date: 1, type: 2 },
        { token: m.token },
      );
      expect(records.data.data[0]?.state).toBe(approved ? 2 : 3);
    }
    await kit.ledgerBalanced();
  });
});
