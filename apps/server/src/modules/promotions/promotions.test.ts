import { describe, expect, it } from 'vitest';
import { adminCall, call, operatorToken, registerMember, useOperators, useTestApp } from '../../../test/helper';

const t = useTestApp();
const ops = useOperators(t, ['content']);

interface Paged<T> {
  current_page: number;
  last_page: number;
  total: number;
  data: T[];
}
interface PromotionItem {
  id: number;
  title: string;
  banner: string;
  content: string;
  memo: string;
}

describe('promotions for visitors', () => {
  it('lists types, promotions by type and a detail', async () => {
    const types = await call<Array<{ id: number; name: string }>>(t.app, '/api/activitytype');
    expect(types.code).toBe(200);
    expect(types.data.map((x) => x.name)).toEqual(['新人专享', '日常活动', 'VIP特权', '限时活动']);
    expect(Object.keys(types.data[0] ?? {}).sort()).toEqual(['id', 'name']);

    const all = await call<Paged<PromotionItem>>(t.app, '/api/activitylist', {});
    expect(all.data).toMatchObject({ current_page: 1, total: 6 });
    expect(all.data.data[0]?.title).toBe('新会员首存加赠 最高888元');
    expect(all.data.data[0]?.banner).toBe('/art/promo-1.svg');
    const daily = await call<Paged<PromotionItem>>(t.app, '/api/activitylist', { type: types.data[1]?.id });
    expect(daily.data.data.map((p) => p.title)).toEqual(['每日返水无上限 自助领取', '推荐好友 永久分红']);

    const detail = await call<PromotionItem>(t.app, '/api/activitydeatil', { id: all.data.data[0]?.id });
    expect(detail.data).toMatchObject({ id: all.data.data[0]?.id, title: '新会员首存加赠 最高888元' });
    expect(detail.data.content).toContain('<ol>');
    expect(await call(t.app, '/api/activitydeatil', { id: 99999 })).toMatchObject({ code: 222, message: '活动不存在' });

    const art = await t.app.inject({ method: 'GET', url: '/art/promo-1.svg' });
    expect(art.statusCode).toBe(200);
    expect(art.body).toContain('<svg');
  });
});

describe('POST /api/doactivityapply', () => {
  it('answers 222, 申请成功, then 223/224/225 by the state of the application; the review works once', async () => {
    const m = await registerMember(t.app);
    const list = await call<Paged<PromotionItem>>(t.app, '/api/activitylist', {});
    const [first, second, third] = list.data.data;
    expect(await call(t.app, '/api/doactivityapply', { activityid: 99999 }, { token: m.token })).toMatchObject({
      code: 222,
      message: '活动不存在',
    });
    expect(await call(t.app, '/api/doactivityapply', { activityid: first?.id })).toMatchObject({ code: 401 });

    for (const p of [first, second, third]) {
      expect(await call(t.app, '/api/doactivityapply', { activityid: p?.id }, { token: m.token })).toMatchObject({
        code: 200,
        message: '申请成功',
      });
    }
    expect(await call(t.app, '/api/doactivityapply', { activityid: first?.id }, { token: m.token })).toMatchObject({
      code: 223,
      message: '您已申请过该活动，请等待审核',
    });

    const pending = await adminCall<Paged<{ id: number; username: string; promotion_id: number; state: number }>>(
      t,
      ops.content,
      'GET',
      '/admin/api/activity-applications?state=1',
    );
    const mine = pending.data.data.filter((a) => a.username === m.name);
    expect(mine).toHaveLength(3);
    const appOf = (promotionId: number | undefined) => mine.find((a) => a.promotion_id === promotionId)?.id;

    const approve = await adminCall<{ state: number }>(
      t,
      ops.content,
      'POST',
      `/admin/api/activity-applications/${appOf(second?.id)}/approve`,
      { note: '已发放' },
    );
    expect(approve).toMatchObject({ code: 200, data: { state: 2, note: '已发放' } });
    expect(
      await adminCall(t, ops.content, 'POST', `/admin/api/activity-applications/${appOf(second?.id)}/reject`, {}),
    ).toMatchObject({ code: 409, message: '该记录已处理' });
    expect(
      (await adminCall(t, ops.content, 'POST', `/admin/api/activity-applications/${appOf(third?.id)}/reject`, {})).code,
    ).toBe(200);
    expect(
      (await adminCall(t, ops.content, 'POST', `/admin/api/activity-applications/${appOf(third?.id)}/reject`, {})).code,
    ).toBe(409);
    expect((await adminCall(t, ops.content, 'POST', '/admin/api/activity-applications/99999/approve', {})).code).toBe(
      202,
    );

    expect(await call(t.app, '/api/doactivityapply', { activityid: second?.id }, { token: m.token })).toMatchObject({
      code: 224,
      message: '您已申请过该活动，申请已通过',
    });
    expect(await call(t.app, '/api/doactivityapply', { activityid: third?.id }, { token: m.token })).toMatchObject({
      code: 225,
      message: '您的活动申请已被拒绝',
    });

    const log = await call<Paged<{ activity_name: string; created_at: string; state: number }>>(
      t.app,
      '/api/activityapplylog',
      { page: 1 },
      { token: m.token },
    );
    expect(log.data.total).toBe(3);
    expect(log.data.data.map((a) => a.state).sort()).toEqual([1, 2, 3]);
    expect(log.data.data[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(log.data.data.map((a) => a.activity_name)).toContain(first?.title);

    const admin = await operatorToken(t, 'admin');
    const audit = await adminCall<Paged<{ action: string; target: string }>>(t, admin, 'GET', '/admin/api/audit');
    expect(audit.data.data.map((a) => a.action)).toEqual(
      expect.arrayContaining(['activity-application.approve', 'activity-application.reject']),
    );
  });

  it('lets one of two racing applications in', async () => {
    const m = await registerMember(t.app);
    const list = await call<Paged<PromotionItem>>(t.app, '/api/activitylist', {});
    const id = list.data.data[3]?.id;
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t.app, '/api/doactivityapply', { activityid: id }, { token: m.token })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([200, 223, 223]);
  });
});

describe('promotions in the back office', () => {
  it('creates, edits, hides and deletes promotions and types, keeping the applications log readable', async () => {
    const type = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/promotion-types', {
      name: '节日活动',
      sort: 9,
    });
    expect(type.code).toBe(200);
    const made = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/promotions', {
      type_id: type.data.id,
      title: '端午节存款送礼',
      banner: '/art/promo-4.svg',
      content: '<p>存款即送</p>',
      memo: '<p>详见规则</p>',
    });
    expect(made.code).toBe(200);
    const byType = await call<Paged<PromotionItem>>(t.app, '/api/activitylist', { type: type.data.id });
    expect(byType.data.data.map((p) => p.title)).toEqual(['端午节存款送礼']);

    const m = await registerMember(t.app);
    await call(t.app, '/api/doactivityapply', { activityid: made.data.id }, { token: m.token });

    const edited = await adminCall<{ title: string; enabled: number }>(
      t,
      ops.content,
      'PUT',
      `/admin/api/promotions/${made.data.id}`,
      {
        type_id: type.data.id,
        title: '端午节存款加赠',
        enabled: 0,
      },
    );
    expect(edited.data).toMatchObject({ title: '端午节存款加赠', enabled: 0 });
    expect((await call(t.app, '/api/activitydeatil', { id: made.data.id })).code).toBe(222);
    expect((await call(t.app, '/api/doactivityapply', { activityid: made.data.id }, { token: m.token })).code).toBe(
      222,
    );

    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/promotions/${made.data.id}`)).code).toBe(200);
    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/promotion-types/${type.data.id}`)).code).toBe(200);
    const log = await call<Paged<{ activity_name: string }>>(t.app, '/api/activityApplyLog', {}, { token: m.token });
    expect(log.data.data[0]?.activity_name).toBe('端午节存款送礼');

    expect((await adminCall(t, ops.content, 'POST', '/admin/api/promotions', { title: '' })).code).toBe(400);
    const finance = await operatorToken(t, 'finance');
    expect((await adminCall(t, finance, 'POST', '/admin/api/promotions', { title: 'x' })).code).toBe(403);
  });
});
