import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, call, memberId, registerMember, transferIn } from '../../../test/helper';
import {
  deposits,
  ledgerTransactions,
  memberCards,
  promotionApplications,
  rebates,
  redpacketGrabs,
  withdrawals,
} from '../../db/schema';
import { bankTransfer, usePaymentsApp } from '../payments/payments-test-kit';
import { DEFAULT_SETTINGS } from './site-service';

const { t, ops, kit } = usePaymentsApp({}, ['admin', 'finance']);

const settings = async (values: Record<string, unknown>) => {
  expect((await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', values)).code).toBe(200);
};

/** Every row a money call of the member could write, counted, and the member's balances. */
async function footprint(name: string, token: string) {
  const id = await memberId(t, name);
  const db = t.database.db;
  const rows = async (
    table:
      | typeof deposits
      | typeof withdrawals
      | typeof memberCards
      | typeof promotionApplications
      | typeof redpacketGrabs
      | typeof rebates,
  ) => (await db.select({ n: count() }).from(table).where(eq(table.memberId, id)))[0]?.n;
  return {
    deposits: await rows(deposits),
    withdrawals: await rows(withdrawals),
    cards: await rows(memberCards),
    applications: await rows(promotionApplications),
    grabs: await rows(redpacketGrabs),
    rebates: await rows(rebates),
    movements: (await db.select({ n: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.memberId, id)))[0]
      ?.n,
    balance: await kit.balance(token),
    venues: (await call<Array<{ platname: string; balance: string }>>(t.app, '/api/balancelist', {}, { token })).data,
    rebate: (await call<{ nojisuan: string }>(t.app, '/api/getfanshui', {}, { token })).data.nojisuan,
  };
}

describe('site_state 0: money calls closed for maintenance', () => {
  it('answers 403 with repair_tips to every member money call and changes nothing; reads, logins and operators work', async () => {
    const m = await registerMember(t.app);
    const card = await kit.bindBank(m.token);
    await kit.deposit(m.token, '300');
    // A settled 100.00 bet leaves a claimable rebate, and 100.00 more goes to the venue.
    await kit.settleBet(m.token, await memberId(t, m.name), '100');
    expect((await transferIn(t, m.token, 'XHZR', '100')).code).toBe(200);
    const pendingDeposit = (await kit.recharge(m.token, bankTransfer('200', '6222020200112233445'))).data.deposit_no;
    const promotion = (await call<{ data: Array<{ id: number }> }>(t.app, '/api/activitylist', {})).data.data[0]?.id;
    expect(promotion).toBeDefined();
    const before = await footprint(m.name, m.token);
    expect(before.rebate).not.toBe('0.00');
    expect(before.balance).toBe('200.00');
    // The round either lost the stake or won twice it: 100.00 or 300.00 waits in the venue.
    const inVenue = before.venues.find((v) => v.platname === 'XHZR')?.balance;
    expect(['100.00', '300.00']).toContain(inVenue);

    await settings({ site_state: 0, repair_tips: '系统升级中，请稍后再来' });
    const closed = { code: 403, message: '系统升级中，请稍后再来', data: null };
    // The member money calls (site-service openForMoney), each with a body that would otherwise succeed.
    const moneyCalls: Array<[string, Record<string, unknown>]> = [
      ['/api/recharge', bankTransfer('200', '6222020200112233445')],
      ['/api/withdraw', { amount: '100', bank: card, password: 'pay123456' }],
      [
        '/api/bindcard',
        {
          bank: '工商银行',
          bank_owner: '张三',
          bank_address: '北京分行',
          bank_no: '6222020200998877665',
          pay_pass: 'pay123456',
        },
      ],
      ['/api/transfer', { amount: '50', sourcetype: 'userbalance', targettype: 'XHZR' }],
      ['/api/transall', {}],
      ['/api/getGameUrl', { plat_name: 'XHZR', game_code: 'demo' }],
      ['/api/dofanshui', {}],
      ['/api/douserredpacket', {}],
      ['/api/doactivityapply', { activityid: promotion }],
    ];
    for (const [path, body] of moneyCalls) {
      expect({ path, answer: await call(t.app, path, body, { token: m.token }) }).toEqual({ path, answer: closed });
    }
    // Path case does not get around it.
    expect(await call(t.app, '/api/TRANSALL', {}, { token: m.token })).toEqual(closed);
    expect(await footprint(m.name, m.token)).toEqual(before);

    // A visitor still learns only that a login is needed.
    expect((await call(t.app, '/api/withdraw', {})).code).toBe(401);
    // Reads and logins keep working.
    expect((await call(t.app, '/api/login_pc', { name: m.name, password: m.password })).code).toBe(200);
    for (const path of [
      '/api/user',
      '/api/balance',
      '/api/getcard',
      '/api/getBetAmount',
      '/api/gettransrecord',
      '/api/balancelist',
    ]) {
      expect({ path, code: (await call(t.app, path, {}, { token: m.token })).code }).toEqual({ path, code: 200 });
    }
    expect((await call<{ site_state: number; repair_tips: string }>(t.app, '/api/app', {})).data).toMatchObject({
      site_state: 0,
      repair_tips: '系统升级中，请稍后再来',
    });
    // Operators keep working: an adjustment and a deposit review (with its evidence) move money as usual.
    expect(
      (
        await adminCall(t, ops.finance, 'POST', `/admin/api/members/${await memberId(t, m.name)}/adjust`, {
          amount: '10',
          note: '维护期间补偿',
        })
      ).code,
    ).toBe(200);
    await kit.approveManual(pendingDeposit);
    expect(await kit.balance(m.token)).toBe('410.00');

    // Without repair_tips the answer carries a fixed message.
    await settings({ repair_tips: '' });
    expect(await call(t.app, '/api/transall', {}, { token: m.token })).toEqual({
      code: 403,
      message: '系统维护中，暂停存取款及游戏，请稍后再试',
      data: null,
    });

    await settings({ site_state: 1, repair_tips: DEFAULT_SETTINGS.repair_tips });
    expect(await call(t.app, '/api/transall', {}, { token: m.token })).toMatchObject({
      code: 200,
      message: '回收成功',
    });
    expect(Number(await kit.balance(m.token))).toBe(410 + Number(inVenue));
    await kit.ledgerBalanced();
  });
});
