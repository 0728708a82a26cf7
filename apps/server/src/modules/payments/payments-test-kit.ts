import { expect } from 'vitest';
import { adminCall, call, play, secondFinance, type TestApp } from '../../../test/helper';

/** Test helpers shared by the payments suites (imported by tests only). */
export function paymentsKit(t: TestApp, finance: () => string) {
  const balance = async (token: string) => (await call<{ balance: string }>(t.app, '/api/balance', {}, { token })).data.balance;

  const recharge = (token: string, body: Record<string, unknown>) => call<{ deposit_no: string }>(t.app, '/api/recharge', body, { token });

  /** A deposit made and approved by a finance operator: counts as a deposit (paysum, turnover requirement). */
  const deposit = async (token: string, amount: string) => {
    const made = await recharge(token, { paytype: 'alipay', amount });
    expect(made.code).toBe(200);
    const approved = await adminCall(t, finance(), 'POST', `/admin/api/deposits/${made.data.deposit_no}/approve`, {});
    expect(approved.code).toBe(200);
    return made.data.deposit_no;
  };

  const bindBank = async (token: string, bankNo = '6222020200112233445') => {
    const bound = await call(t.app, '/api/bindcard', { bank: '招商银行', bank_owner: '张三', bank_address: '上海分行', bank_no: bankNo, pay_pass: 'pay123456' }, { token });
    expect(bound.code).toBe(200);
    const cards = await call<Array<{ id: number; bank_not: string }>>(t.app, '/api/getcard', { type: 1 }, { token });
    const card = cards.data.find((c) => c.bank_not === bankNo.slice(-4));
    if (!card) throw new Error('bound card not listed');
    return card.id;
  };

  /**
   * A settled bet of `valid` at the sandbox casino venue, played the way a member plays: an operator credit (not a
   * deposit, so it owes no turnover) goes to the venue and is staked in one round, which settles at once. The
   * central balance is left as it was; the valid amount counts as turnover.
   */
  const settleBet = async (token: string, memberId: number, valid: string) => {
    const credited = await adminCall<{ pending: { id: number } | null }>(t, finance(), 'POST', `/admin/api/members/${memberId}/adjust`, { amount: valid, note: 'test stake' });
    expect(credited.code).toBe(200);
    // Above the adjustment line the credit waits for a second operator, as it would on the site.
    if (credited.data.pending) {
      const approved = await adminCall(t, await secondFinance(t), 'POST', `/admin/api/adjustments/${credited.data.pending.id}/approve`, {});
      expect(approved.code).toBe(200);
    }
    const moved = await call(t.app, '/api/transfer', { amount: valid, sourcetype: 'userbalance', targettype: 'XHZR' }, { token });
    expect(moved.code).toBe(200);
    const launched = await call<{ url: string }>(t.app, '/api/getGameUrl', { plat_name: 'XHZR', game_code: 'demo' }, { token });
    expect(launched.code).toBe(200);
    const ticket = new URL(launched.data.url).searchParams.get('ticket') ?? '';
    const round = await play(t, 'round', { ticket, stake: valid, pick: 'big' });
    expect(round).toMatchObject({ code: 200, data: { status: 1 } });
  };

  const ledgerBalanced = async () => {
    const check = await adminCall<{ balanced: boolean; mismatched: unknown[] }>(t, finance(), 'GET', '/admin/api/ledger/check');
    expect(check.code).toBe(200);
    expect(check.data.mismatched).toEqual([]);
    expect(check.data.balanced).toBe(true);
  };

  return { balance, recharge, deposit, bindBank, settleBet, ledgerBalanced };
}
