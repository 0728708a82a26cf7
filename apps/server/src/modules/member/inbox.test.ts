import { describe, expect, it } from 'vitest';
import { adminCall, call, registerMember } from '../../../test/helper';
import { usePaymentsApp } from '../payments/payments-test-kit';

// The 站内信 the site writes a member itself, each in the transaction of its event: there when the event is, and
// only then.
const { t, ops, kit } = usePaymentsApp();

type Inbox = { data: Array<{ title: string; content: string; created_at: string }>; total: number };

const inbox = async (token: string) =>
  (await call<Inbox>(t.app, '/api/noticeList', { page: 1, type: 2 }, { token })).data.data;

/** The titles of the member's own messages (the broadcasts of other tests aside), newest first. */
const titles = async (token: string) => (await inbox(token)).map((m) => m.title);

describe('站内信 after what happens to a member', () => {
  it('welcomes a member who registered, once', async () => {
    const m = await registerMember(t.app);
    const messages = await inbox(m.token);
    expect(messages.filter((x) => x.title === '欢迎加入')).toHaveLength(1);
    expect(messages[0]).toMatchObject({ title: '欢迎加入' });
    expect(messages[0]?.content).toContain('在线客服');
    expect(messages[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('writes no welcome when registering fails (a name taken)', async () => {
    const m = await registerMember(t.app);
    const again = await call(
      t.app,
      '/api/register',
      { name: m.name, password: 'abc12345', paypassword: '123456', realname: '张三', pid: '' },
      {},
    );
    expect(again.code).not.toBe(200);
    expect((await titles(m.token)).filter((x) => x === '欢迎加入')).toHaveLength(1);
  });

  it('tells a member the deposit was credited, with its amount and number', async () => {
    const m = await registerMember(t.app);
    const depositNo = await kit.deposit(m.token, '500');
    const [latest] = await inbox(m.token);
    expect(latest?.title).toBe('存款已到账');
    expect(latest?.content).toContain('500.00 元');
    expect(latest?.content).toContain(depositNo);
  });

  it('says nothing of a deposit an operator rejected', async () => {
    const m = await registerMember(t.app);
    const made = await kit.recharge(m.token, {
      paytype: 'bank',
      amount: '300',
      bank_owner: '张三',
      bank: '招商银行',
      bank_no: '6214830000001111',
      bank_address: '上海分行',
    });
    expect(made.code).toBe(200);
    const rejected = await adminCall(t, ops.finance, 'POST', `/admin/api/deposits/${made.data.deposit_no}/reject`, {});
    expect(rejected.code).toBe(200);
    expect(await titles(m.token)).toEqual(['欢迎加入']);
  });

  it('tells a member the withdrawal was paid', async () => {
    const m = await kit.memberWithCard('1000');
    const orderNo = await kit.paidWithdrawal(m.token, m.card, '200');
    const [latest] = await inbox(m.token);
    expect(latest?.title).toBe('取款已出款');
    expect(latest?.content).toContain('200.00 元');
    expect(latest?.content).toContain(orderNo);
  });

  it('tells a member the withdrawal was refused and the money is back, and only once', async () => {
    const m = await kit.memberWithCard('1000');
    const made = await call<{ order_no: string }>(
      t.app,
      '/api/withdraw',
      { amount: '300', bank: m.card, password: 'pay123456' },
      { token: m.token },
    );
    expect(made.code).toBe(200);
    // Nothing is said while it waits for review.
    expect(await titles(m.token)).toEqual(['欢迎加入']);
    const path = `/admin/api/withdrawals/${made.data.order_no}/reject`;
    expect((await adminCall(t, ops.finance, 'POST', path, { note: '信息不符' })).code).toBe(200);
    // A second decision is refused and writes nothing.
    expect((await adminCall(t, ops.finance, 'POST', path, {})).code).not.toBe(200);
    const messages = await inbox(m.token);
    expect(messages.map((x) => x.title)).toEqual(['取款未通过审核', '欢迎加入']);
    expect(messages[0]?.content).toContain('300.00 元');
    expect(messages[0]?.content).toContain('退回中心钱包');
  });
});
