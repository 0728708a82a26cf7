import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueMessage } from './common';
import { endpointList, endpoints } from './endpoints';
import type { BodyOf, DataOf } from './endpoints';

/** Every row of docs/member-app.md "Server calls", written out literally, plus the login and register paths. */
const SPEC_ROWS = [
  'GET /api/getVisitUrl',
  'GET /api/game/list',
  'POST /api/app',
  'POST /api/user',
  'POST /api/refreshusermoney',
  'POST /api/balance',
  'POST /api/logoff',
  'POST /api/transall',
  'POST /api/bannerList',
  'POST /api/homenotice',
  'POST /api/getservicerurl',
  'GET /api/getAgentLoginUrl',
  'POST /api/getGameUrl',
  'GET /api/userredpacket',
  'POST /api/douserredpacket',
  'POST /api/redpacket',
  'POST /api/activitytype',
  'POST /api/activitylist',
  'POST /api/activitydeatil',
  'POST /api/doactivityapply',
  'POST /api/activityApplyLog',
  'POST /api/uservip',
  'POST /api/uploadimg',
  'POST /api/applyagentdo',
  'POST /api/article',
  'POST /api/noticeList',
  'POST /api/balancelist',
  'POST /api/getfanshui',
  'POST /api/dofanshui',
  'POST /api/updateuserinfo',
  'POST /api/getcard',
  'POST /api/delcard',
  'POST /api/banklist',
  'POST /api/bindcard',
  'POST /api/editPassword',
  'POST /api/editPayPassword',
  'POST /api/betrecord',
  'POST /api/gettransrecord',
  'GET /api/get_pay_way',
  'POST /api/getPayRange',
  'POST /api/getpaybank',
  'POST /api/recharge',
  'POST /api/payinfo',
  'POST /api/getBetAmount',
  'POST /api/withdraw',
  'POST /api/transfer',
  'POST /api/uptransferstatus',
  'POST /api/gamelistBycode',
  'POST /api/login_pc',
  'POST /api/login',
  'POST /api/register',
];

/** Ours, beyond docs/member-app.md "Server calls": the app names /referral only as a navigation target; this gives it its content. */
const OUR_ROWS = [
  'POST /api/referralinfo',
  'POST /api/agentapplystate',
  'POST /api/agent/summary',
  'POST /api/agent/downline',
  'POST /api/agent/statements',
  'POST /api/responsible',
  'POST /api/responsible/set',
  'POST /api/responsible/break',
  'POST /api/support/open',
  'POST /api/support/send',
  'POST /api/support/messages',
  'POST /api/support/upload',
  'POST /api/support/visitor/open',
  'POST /api/support/visitor/send',
  'POST /api/support/visitor/messages',
  'POST /api/support/visitor/close',
  'POST /api/support/visitor/rate',
  'POST /api/support/close',
  'POST /api/support/rate',
  'POST /api/tickets/create',
  'POST /api/tickets/list',
  'POST /api/tickets/detail',
];

const PUBLIC_PATHS = [
  '/api/register',
  '/api/login_pc',
  '/api/login',
  '/api/app',
  '/api/getVisitUrl',
  '/api/game/list',
  '/api/bannerList',
  '/api/homenotice',
  '/api/getservicerurl',
  '/api/activitytype',
  '/api/activitylist',
  '/api/activitydeatil',
  '/api/uservip',
  '/api/article',
  '/api/gamelistBycode',
  '/api/support/visitor/open',
  '/api/support/visitor/send',
  '/api/support/visitor/messages',
  '/api/support/visitor/close',
  '/api/support/visitor/rate',
];

describe('endpoint registry', () => {
  it('holds exactly the rows of docs/member-app.md "Server calls", plus our own', () => {
    const rows = endpointList().map((e) => `${e.method} ${e.path}`);
    expect([...rows].sort()).toEqual([...SPEC_ROWS, ...OUR_ROWS].sort());
  });

  it('has no path twice, even ignoring case (the server matches paths case-insensitively)', () => {
    const paths = endpointList().map((e) => e.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps the agreed keys', () => {
    expect(endpoints.loginPc.path).toBe('/api/login_pc');
    expect(endpoints.login.path).toBe('/api/login');
    expect(endpoints.register.path).toBe('/api/register');
    expect(endpoints.activityDetail.path).toBe('/api/activitydeatil');
    expect(endpoints.gameList).toMatchObject({ method: 'GET', path: '/api/game/list' });
    expect(endpoints.getPayWay).toMatchObject({ method: 'GET', path: '/api/get_pay_way' });
  });

  it('lets visitors call only the public rows', () => {
    const publicPaths = endpointList()
      .filter((e) => e.auth === 'public')
      .map((e) => e.path);
    expect(publicPaths.sort()).toEqual([...PUBLIC_PATHS].sort());
  });

  it('gives every endpoint a summary and its key', () => {
    for (const e of endpointList()) {
      expect(e.summary.length, e.key).toBeGreaterThan(0);
      expect(endpoints[e.key as keyof typeof endpoints].path).toBe(e.path);
    }
  });

  it('accepts an empty body wherever docs/member-app.md "Server calls" sends none or {}', () => {
    for (const key of [
      'app',
      'user',
      'balance',
      'logoff',
      'transAll',
      'homeNotice',
      'balanceList',
      'doFanshui',
    ] as const) {
      expect(endpoints[key].body.safeParse({}).success, key).toBe(true);
    }
  });
});

describe('request bodies', () => {
  it('applies the defaults of docs/member-app.md "Server calls"', () => {
    expect(endpoints.bannerList.body.parse({})).toEqual({ type: 2 });
    expect(endpoints.getGameUrl.body.parse({ plat_name: 'ag', game_code: 'x' })).toMatchObject({
      game_type: '',
      is_mobile_url: 1,
    });
    expect(endpoints.getFanshui.body.parse({})).toMatchObject({ date: 4, page: 1, api_type: '', type: '' });
    expect(endpoints.betRecord.body.parse({})).toMatchObject({ date: 1, page: 1 });
    expect(endpoints.getTransRecord.body.parse({ page: '2' })).toMatchObject({ date: 1, page: 2 });
  });

  it('keeps missing form fields as empty strings so the rule functions can answer', () => {
    expect(endpoints.register.body.parse({ name: 'abc' })).toEqual({
      name: 'abc',
      password: '',
      confirmPass: '',
      realname: '',
      paypassword: '',
      code: '',
      pid: '',
    });
  });

  it('accepts money as a number or a string and strips unknown fields', () => {
    const body: BodyOf<typeof endpoints.transfer> = { amount: 10.5, sourcetype: 'userbalance', targettype: 'ag' };
    expect(endpoints.transfer.body.parse({ ...body, extra: 1 })).toEqual({
      amount: '10.5',
      sourcetype: 'userbalance',
      targettype: 'ag',
    });
  });

  it('fails overlong fields with 输入内容过长 and objects with the bad-input message', () => {
    const long = endpoints.login.body.safeParse({ name: 'x'.repeat(33), password: 'p' });
    expect(long.success).toBe(false);
    if (!long.success) expect(firstIssueMessage(long.error)).toBe('输入内容过长');
    const object = endpoints.login.body.safeParse({ name: { $gt: '' }, password: 'p' });
    expect(object.success).toBe(false);
    if (!object.success) expect(firstIssueMessage(object.error)).toBe('请求参数格式不正确');
  });

  it('only lets the auto-transfer switch be 0 or 1', () => {
    expect(endpoints.upTransferStatus.body.parse({ transferstatus: '1' })).toEqual({ transferstatus: 1 });
    expect(endpoints.upTransferStatus.body.safeParse({ transferstatus: 2 }).success).toBe(false);
    expect(endpoints.upTransferStatus.body.safeParse({}).success).toBe(false);
  });

  it('allows USDT addresses longer than 32 characters', () => {
    const erc20 = '0x' + 'a'.repeat(40);
    const parsed = endpoints.bindCard.body.parse({ bank: 'USDT', bank_owner: 'ERC20', bank_no: erc20, pay_pass: '1' });
    expect(parsed.bank_no).toBe(erc20);
  });
});

describe('answer shapes', () => {
  it('reads the paginator nested in getfanshui', () => {
    const data: DataOf<typeof endpoints.getFanshui> = {
      list: {
        current_page: 1,
        data: [{ id: 1, gamename: 'AG', money: '1.20', created_at: '2024-03-10 12:00:00', updated_at: null, state: 0 }],
        last_page: 1,
        per_page: 10,
        total: 1,
        from: 1,
        to: 1,
      },
      jisuan: '0.00',
      nojisuan: '1.20',
    };
    expect(endpoints.getFanshui.data.parse(data)).toEqual(data);
  });

  it('keeps get_pay_way keys in the order ebpay, card, usdt, wechat, alipay', () => {
    const parsed = endpoints.getPayWay.data.parse({ alipay: 1, wechat: 0, usdt: 1, card: 1, ebpay: 0 });
    expect(Object.keys(parsed)).toEqual(['ebpay', 'card', 'usdt', 'wechat', 'alipay']);
  });

  it('rejects money that is not a two-decimal string', () => {
    expect(endpoints.balance.data.safeParse({ balance: '12.3' }).success).toBe(false);
    expect(endpoints.balance.data.safeParse({ balance: 12.3 }).success).toBe(false);
    expect(endpoints.balance.data.parse({ balance: '12.30' })).toEqual({ balance: '12.30' });
  });

  it('lets getVisitUrl answer null when no visit URL is set', () => {
    expect(endpoints.getVisitUrl.data.safeParse(null).success).toBe(true);
  });

  it('describes every answer as JSON schema for /api/docs', () => {
    for (const e of endpointList()) {
      expect(() => z.toJSONSchema(e.data), e.key).not.toThrow();
      expect(() => z.toJSONSchema(e.body, { io: 'input' }), e.key).not.toThrow();
    }
  });
});
