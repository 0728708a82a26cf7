import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  adminCall,
  call,
  credit,
  expectLedgerBalanced,
  launchTicket,
  memberBalance,
  type OperatorRole,
  play,
  registerMember,
  secondFinance,
  type TestApp,
  transferIn,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import { deposits, paymentGateways, paymentNotifies, receivingAccounts } from '../../db/tables/payments';
import { allowLoopbackPort } from '../../lib/outbound';
import { epaySign } from '../../providers/epay';

/** The body of a bank-transfer deposit (paytype bank, no gateway: finance reviews it) of `amount` from 张三's card. */
export const bankTransfer = (amount: string, bankNo = '6214830000001111') => ({
  paytype: 'bank',
  amount,
  bank_owner: '张三',
  bank: '招商银行',
  bank_no: bankNo,
  bank_address: '上海分行',
});

/** Test helpers shared by the payments suites (imported by tests only). */
export function paymentsKit(t: TestApp, finance: () => string) {
  /** The member's central balance (memberBalance). */
  const balance = (token: string) => memberBalance(t, token);

  const recharge = (token: string, body: Record<string, unknown>) =>
    call<{ deposit_no: string }>(t.app, '/api/recharge', body, { token });

  /** The pay page's details of a deposit (POST /api/payinfo), as the member's app asks for them. */
  const payInfo = <T = unknown>(token: string, depositNo: string) =>
    call<T>(t.app, '/api/payinfo', { deposit_no: depositNo }, { token });

  /**
   * A deposit made and credited: counts as a deposit (paysum, turnover requirement). On a pay way with a gateway (the
   * sandbox's alipay) the gateway's signed notify credits it, as only a gateway may; without one (a production app)
   * finance approves it with its evidence, and a second finance operator where it waits for one.
   */
  const deposit = async (token: string, amount: string) => {
    const made = await recharge(token, { paytype: 'alipay', amount });
    expect(made.code).toBe(200);
    const depositNo = made.data.deposit_no;
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
    if (row?.gatewayCode) {
      const [gateway] = await t.database.db
        .select()
        .from(paymentGateways)
        .where(eq(paymentGateways.code, row.gatewayCode));
      const params = epayNotifyParams(depositNo, row.amount, gateway?.secret ?? '', { pid: gateway?.merchantId ?? '' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pay/notify/${row.gatewayCode}?${new URLSearchParams(params)}`,
      });
      expect(res.body).toBe('success');
      return depositNo;
    }
    await approveManual(depositNo);
    return depositNo;
  };

  /**
   * Approves a deposit without a gateway as finance does: with the first receiving account of its channel and a
   * payer's reference; where the approval is a first one (above the line or past a daily total), a second finance
   * operator approves it too.
   */
  const approveManual = async (depositNo: string) => {
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
    const channel = row?.payWay === 'usdt' ? `usdt-${row.catepay.toLowerCase()}` : (row?.payWay ?? '');
    const [account] = await t.database.db
      .select()
      .from(receivingAccounts)
      .where(eq(receivingAccounts.channel, channel))
      .orderBy(receivingAccounts.id)
      .limit(1);
    const evidence = { receiving_account_id: account?.id, payer_reference: `流水${depositNo.slice(-8)}` };
    const approved = await adminCall(t, finance(), 'POST', `/admin/api/deposits/${depositNo}/approve`, evidence);
    expect(approved.code).toBe(200);
    if (approved.message !== MSG.ok) {
      const second = await adminCall(t, await secondFinance(t), 'POST', `/admin/api/deposits/${depositNo}/approve`, {});
      expect(second).toMatchObject({ code: 200, message: MSG.ok, data: { state: 2 } });
    }
  };

  const bindBank = async (token: string, bankNo = '6222020200112233445') => {
    const bound = await call(
      t.app,
      '/api/bindcard',
      { bank: '招商银行', bank_owner: '张三', bank_address: '上海分行', bank_no: bankNo, pay_pass: 'pay123456' },
      { token },
    );
    expect(bound.code).toBe(200);
    const cards = await call<Array<{ id: number; bank_not: string }>>(t.app, '/api/getcard', { type: 1 }, { token });
    const card = cards.data.find((c) => c.bank_not === bankNo.slice(-4));
    if (!card) throw new Error('bound card not listed');
    return card.id;
  };

  /** A new member a finance operator credited with `amount` (no deposit, so no turnover owed), with a bound bank card. */
  const memberWithCard = async (amount: string) => {
    const m = await registerMember(t.app);
    await credit(t, finance(), m.name, amount);
    return { ...m, card: await bindBank(m.token) };
  };

  /** Binds a USDT address of a protocol (ERC20, TRC20) with the pay password, and answers its card id. */
  const bindUsdt = async (token: string, protocol: 'ERC20' | 'TRC20', address: string) => {
    const bound = await call(
      t.app,
      '/api/bindcard',
      { bank: 'USDT', bank_owner: protocol, bank_address: '', bank_no: address, pay_pass: 'pay123456' },
      { token },
    );
    expect(bound.code).toBe(200);
    const cards = await call<Array<{ id: number; bank_owner: string; bank_not: string }>>(
      t.app,
      '/api/getcard',
      { type: 2 },
      { token },
    );
    const card = cards.data.find((c) => c.bank_owner === protocol && c.bank_not === address.slice(-4));
    if (!card) throw new Error('bound USDT address not listed');
    return card.id;
  };

  /** A withdrawal of `amount` to a bound card as the member asks for it, with the pay password: the envelope. */
  const withdraw = (token: string, card: number, amount: string) =>
    call<{ order_no: string }>(t.app, '/api/withdraw', { amount, bank: card, password: 'pay123456' }, { token });

  /** A withdrawal of `amount` to a bound card, approved (paid) by a finance operator: answers its order number. */
  const paidWithdrawal = async (token: string, card: number, amount: string) => {
    const made = await withdraw(token, card, amount);
    expect(made.code).toBe(200);
    const approved = await adminCall(t, finance(), 'POST', `/admin/api/withdrawals/${made.data.order_no}/approve`, {});
    expect(approved.code).toBe(200);
    return made.data.order_no;
  };

  /**
   * A settled bet of `valid` at the sandbox casino venue, played the way a member plays: an operator credit (not a
   * deposit, so it owes no turnover) goes to the venue and is staked in one round, which settles at once. The
   * central balance is left as it was; the valid amount counts as turnover.
   */
  const settleBet = async (token: string, memberId: number, valid: string) => {
    const credited = await adminCall<{ pending: { id: number } | null }>(
      t,
      finance(),
      'POST',
      `/admin/api/members/${memberId}/adjust`,
      { amount: valid, note: 'test stake' },
    );
    expect(credited.code).toBe(200);
    // Above the adjustment line the credit waits for a second operator, as it would on the site.
    if (credited.data.pending) {
      const approved = await adminCall(
        t,
        await secondFinance(t),
        'POST',
        `/admin/api/adjustments/${credited.data.pending.id}/approve`,
        {},
      );
      expect(approved.code).toBe(200);
    }
    expect((await transferIn(t, token, 'XHZR', valid)).code).toBe(200);
    const ticket = await launchTicket(t, token, 'XHZR');
    const round = await play(t, 'round', { ticket, stake: valid, pick: 'big' });
    expect(round).toMatchObject({ code: 200, data: { status: 1 } });
  };

  /** The ledger check, asserted balanced with no mismatched account. */
  const ledgerBalanced = () => expectLedgerBalanced(t, finance());

  return {
    balance,
    recharge,
    payInfo,
    deposit,
    approveManual,
    bindBank,
    memberWithCard,
    bindUsdt,
    withdraw,
    paidWithdrawal,
    settleBet,
    ledgerBalanced,
  };
}

/** The notify a gateway sends for a paid deposit (epay's fields, as the demo's `sandbox` gateway sends them), signed with `key`. */
export function epayNotifyParams(
  depositNo: string,
  money: string,
  key: string,
  overrides: Record<string, string> = {},
) {
  const params: Record<string, string> = {
    pid: '1001',
    trade_no: `T${depositNo.slice(1)}`,
    out_trade_no: depositNo,
    type: 'wxpay',
    name: '账户充值',
    money,
    trade_status: 'TRADE_SUCCESS',
    ...overrides,
  };
  return { ...params, sign: epaySign(params, key), sign_type: 'MD5' };
}

/** What the app recorded of a deposit's notifies and order queries, oldest first: `source:outcome[:flagged]`. */
export async function notifyOutcomes(t: TestApp, depositNo: string) {
  const rows = await t.database.db
    .select()
    .from(paymentNotifies)
    .where(eq(paymentNotifies.depositNo, depositNo))
    .orderBy(paymentNotifies.id);
  return rows.map((r) => `${r.source}:${r.outcome}${r.flagged ? ':flagged' : ''}`);
}

/**
 * A gateway on loopback for a test file (started before its tests, stopped after them) that answers every order query
 * with what the test last set in `answer`; the app's outbound rules let its port through. `origin` is its address.
 */
export function useScriptedGateway(t: TestApp, answer: (asked: URLSearchParams) => Record<string, unknown>) {
  const gateway = { origin: '', answer };
  let server: Server | undefined;
  beforeAll(async () => {
    const started = createServer((req, res) => {
      const asked = new URL(req.url ?? '/', 'http://gateway').searchParams;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(gateway.answer(asked)));
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    const port = (started.address() as AddressInfo).port;
    allowLoopbackPort(t.config.outbound, port);
    gateway.origin = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return gateway;
}

/**
 * A payments suite's app, built for the file (useTestApp with `options`), its operators signed in by role
 * (useOperators, finance always among them), and the payments helpers acting as its finance operator.
 */
export function usePaymentsApp<const R extends OperatorRole = 'finance'>(
  options: Parameters<typeof useTestApp>[0] = {},
  roles: readonly ('finance' | R)[] = ['finance'],
  operatorOptions: { each?: boolean } = {},
) {
  const t = useTestApp(options);
  const ops = useOperators(t, roles, operatorOptions);
  const kit = paymentsKit(t, () => ops.finance);
  return { t, ops, kit };
}
