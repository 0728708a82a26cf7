import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, call, credit, operatorToken, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { auditLog } from '../../db/tables/backoffice';
import { DEFAULT_SETTINGS } from './site-service';

const t = useTestApp();
const ops = useOperators(t, ['admin']);

type Settings = typeof DEFAULT_SETTINGS;
const settingsAudits = () => t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
const siteInfo = async () => (await call<Record<string, unknown>>(t.app, '/api/app')).data;

describe('GET/PUT /admin/api/settings', () => {
  it('answers every setting, and only to admin', async () => {
    const answer = await adminCall<Settings>(t, ops.admin, 'GET', '/admin/api/settings');
    expect(answer.code).toBe(200);
    expect(Object.keys(answer.data).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(answer.data).toMatchObject({ site_state: 1, usdtrate: '7.20', withdraw_min: 100 });
    for (const role of ['content', 'finance'] as const) {
      const token = await operatorToken(t, role);
      expect(await adminCall(t, token, 'GET', '/admin/api/settings')).toEqual({
        code: 403,
        message: '无权进行此操作',
        data: null,
      });
      expect(await adminCall(t, token, 'PUT', '/admin/api/settings', { site_state: 0 })).toEqual({
        code: 403,
        message: '无权进行此操作',
        data: null,
      });
    }
    expect((await siteInfo()).site_state).toBe(1);
  });

  it('switches the site to maintenance and the red packets off in /api/app, answering the settings after the change', async () => {
    const answer = await adminCall<Settings>(t, ops.admin, 'PUT', '/admin/api/settings', {
      site_state: 0,
      repair_tips: '  系统升级中，预计两小时后恢复。 ',
      redpacket_switch: '0',
      title: '星河体育（维护）',
    });
    expect(answer).toMatchObject({ code: 200, message: '设置成功' });
    expect(answer.data).toMatchObject({
      site_state: 0,
      redpacket_switch: 0,
      repair_tips: '系统升级中，预计两小时后恢复。',
      usdtrate: '7.20',
    });
    expect(Object.keys(answer.data).sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
    expect(await siteInfo()).toMatchObject({
      site_state: 0,
      redpacket_switch: 0,
      repair_tips: '系统升级中，预计两小时后恢复。',
      title: '星河体育（维护）',
    });

    // Under maintenance every member money call answers repair_tips, the grab included.
    const m = await registerMember(t.app);
    expect(await call(t.app, '/api/douserredpacket', {}, { token: m.token })).toEqual({
      code: 403,
      message: '系统升级中，预计两小时后恢复。',
      data: null,
    });

    const [row] = (await settingsAudits()).slice(-1);
    expect(JSON.parse(row?.before ?? '{}')).toEqual({
      site_state: 1,
      repair_tips: DEFAULT_SETTINGS.repair_tips,
      redpacket_switch: 1,
      title: DEFAULT_SETTINGS.title,
    });
    expect(JSON.parse(row?.after ?? '{}')).toMatchObject({ site_state: 0, redpacket_switch: 0 });

    // Open again with the red packets still off: the switch is what the grab checks too.
    await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', {
      site_state: 1,
      repair_tips: DEFAULT_SETTINGS.repair_tips,
      title: DEFAULT_SETTINGS.title,
    });
    expect(await call(t.app, '/api/douserredpacket', {}, { token: m.token })).toMatchObject({
      code: 202,
      message: '红包已关闭',
    });
    await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', { redpacket_switch: 1 });
    expect(await siteInfo()).toMatchObject({ site_state: 1, redpacket_switch: 1, title: DEFAULT_SETTINGS.title });
  });

  it('stores rates as two-decimal strings that /api/user answers, and numbers the money rules use', async () => {
    const answer = await adminCall<Settings>(t, ops.admin, 'PUT', '/admin/api/settings', {
      usdtrate: 7.1,
      withdrawcashfee: '3',
      withdraw_min: '50.5',
      withdraw_daily_count: '3',
    });
    expect(answer.data).toMatchObject({
      usdtrate: '7.10',
      withdrawcashfee: '3.00',
      withdraw_min: 50.5,
      withdraw_daily_count: 3,
    });
    const m = await registerMember(t.app);
    expect(
      (await call<{ usdtrate: string; withdrawcashfee: string }>(t.app, '/api/user', {}, { token: m.token })).data,
    ).toMatchObject({
      usdtrate: '7.10',
      withdrawcashfee: '3.00',
    });
    // The minimum follows the setting (docs/wire-rules.md "Withdrawals").
    const op = await operatorToken(t, 'finance');
    await credit(t, op, m.name, '100');
    const withdraw = await call(
      t.app,
      '/api/withdraw',
      { amount: '50', password: 'pay123456', bank: 1 },
      { token: m.token },
    );
    expect(withdraw).toMatchObject({ code: 214, message: '单笔取款不能低于50.5元' });
    await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', {
      usdtrate: '7.20',
      withdrawcashfee: '5.00',
      withdraw_min: 100,
      withdraw_daily_count: 5,
    });
  });

  it('sends clients to a visit URL once one is set, and back to 202 when cleared', async () => {
    await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', { visit_url: 'https://m.example.com/' });
    expect(await call(t.app, '/api/getVisitUrl', {}, { method: 'GET' })).toMatchObject({
      code: 200,
      data: { url: 'https://m.example.com/' },
    });
    await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', { visit_url: '' });
    expect((await call(t.app, '/api/getVisitUrl', {}, { method: 'GET' })).code).toBe(202);
  });

  it('refuses unknown keys and bad values with a Chinese message, changing nothing', async () => {
    const before = (await adminCall<Settings>(t, ops.admin, 'GET', '/admin/api/settings')).data;
    const audits = (await settingsAudits()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, '请至少提交一项设置'],
      [{ site_state: 0, bogus: 1 }, '不支持的设置项：bogus'],
      [{ __proto__x: 1 }, '不支持的设置项：__proto__x'],
      [{ site_state: 2 }, '设置项site_state的值不正确：开关只能为0或1'],
      [{ fanshui: true }, '设置项fanshui的值不正确：开关只能为0或1'],
      [{ redpacket_switch: '' }, '设置项redpacket_switch的值不正确：开关只能为0或1'],
      [{ usdtrate: '7.123' }, '设置项usdtrate的值不正确：请输入正确的数值（最多两位小数）'],
      [{ usdtrate: 0 }, '设置项usdtrate的值不正确：请输入正确的数值（最多两位小数）'],
      [{ withdrawfeeusdttrc: '-1' }, '设置项withdrawfeeusdttrc的值不正确：请输入正确的数值（最多两位小数）'],
      [{ deposit_bonus_percent: 101 }, '设置项deposit_bonus_percent的值不正确：存款优惠比例须在0-100%之间'],
      [{ deposit_bonus_percent: '1.234' }, '设置项deposit_bonus_percent的值不正确：请输入正确的数值（最多两位小数）'],
      [{ deposit_bonus_max: '20000.01' }, '设置项deposit_bonus_max的值不正确：存款优惠单笔上限须在0-20000元之间'],
      [{ withdraw_daily_count: 1.5 }, '设置项withdraw_daily_count的值不正确：请输入正确的次数'],
      [
        { service_url: 'javascript:alert(1)' },
        '设置项service_url的值不正确：请输入正确的链接地址（以/开头的站内路径或http(s)网址）',
      ],
      [{ visit_url: '/relative' }, '设置项visit_url的值不正确：请输入正确的链接地址（以/开头的站内路径或http(s)网址）'],
      [{ site_logo: '' }, '设置项site_logo的值不正确：请输入正确的链接地址（以/开头的站内路径或http(s)网址）'],
      // Paths a browser reads as another host.
      [
        { site_logo: '/\\evil.example/x.png' },
        '设置项site_logo的值不正确：请输入正确的链接地址（以/开头的站内路径或http(s)网址）',
      ],
      [
        { service_url: '/%2F%2Fevil.example/chat' },
        '设置项service_url的值不正确：请输入正确的链接地址（以/开头的站内路径或http(s)网址）',
      ],
      [{ title: '' }, '设置项title的值不正确：请输入内容'],
      [{ title: 'x'.repeat(65) }, '设置项title的值不正确：输入内容过长'],
      [{ repair_tips: 5 }, '设置项repair_tips的值不正确：请输入内容'],
      [{ withdraw_min: 60000 }, '最低提现金额不能高于最高提现金额'],
      // A valid key beside a bad one: nothing of the request is written.
      [{ site_state: 0, withdraw_max: 'lots' }, '设置项withdraw_max的值不正确：请输入正确的数值（最多两位小数）'],
    ];
    for (const [body, message] of cases) {
      expect(await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', body), JSON.stringify(body)).toEqual({
        code: 400,
        message,
        data: null,
      });
    }
    const raw = await t.app.inject({
      method: 'PUT',
      url: '/admin/api/settings',
      payload: [1, 2],
      headers: { authorization: `Bearer ${ops.admin}` },
    });
    expect(raw.json()).toMatchObject({ code: 400 });
    expect((await adminCall<Settings>(t, ops.admin, 'GET', '/admin/api/settings')).data).toEqual(before);
    expect((await settingsAudits()).length).toBe(audits);
    expect((await siteInfo()).site_state).toBe(1);
  });
});
