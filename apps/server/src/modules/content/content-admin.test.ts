import { desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addVenue,
  adminCall,
  call,
  creditedMember,
  registerMember,
  transferIn,
  useOperators,
  useTestApp,
} from '../../../test/helper';
import { auditLog } from '../../db/tables/backoffice';

const t = useTestApp();
const ops = useOperators(t, ['content', 'finance', 'admin']);

interface Game {
  id: number;
  name: string;
  app_state: number;
  platform_name: string;
}
interface Venue {
  id: number;
  code: string;
  name: string;
  platname: string;
  category_id: string;
  sort: number;
  enabled: number;
}
/** The fields content edits of a listed venue (its integration is not sent back: modules/integrations). */
const contentFields = (v: Venue) => ({
  code: v.code,
  name: v.name,
  platname: v.platname,
  category_id: v.category_id,
  sort: v.sort,
  enabled: v.enabled,
});

const auditRows = (prefix: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, `${prefix}.%`))
    .orderBy(desc(auditLog.id));

/** A request that must be refused with `code` and a Chinese message, leaving the resource list as it was. */
async function refused(
  token: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  body: unknown,
  code: number,
  listUrl: string,
) {
  const before = await adminCall(t, ops.content, 'GET', listUrl);
  const answer = await adminCall(t, token, method, url, body);
  expect(answer.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(code);
  expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
  expect(answer.data).toBeNull();
  expect(await adminCall(t, ops.content, 'GET', listUrl)).toEqual(before);
  return answer.message;
}

describe('banners and notices', () => {
  it('shows a new banner in bannerList, hides a disabled one and drops a deleted one, with audit rows', async () => {
    const made = await adminCall<{ id: number; src: string; sort: number; enabled: number }>(
      t,
      ops.content,
      'POST',
      '/admin/api/banners',
      {
        src: '/art/banners/summer.svg',
        sort: 99,
      },
    );
    expect(made).toMatchObject({ code: 200, data: { src: '/art/banners/summer.svg', sort: 99, enabled: 1 } });
    const list = async () =>
      (await call<Array<{ src: string; pic: string }>>(t.app, '/api/bannerList', { type: 2 })).data;
    expect((await list()).at(-1)).toEqual({ src: '/art/banners/summer.svg', pic: '/art/banners/summer.svg' });

    const edited = await adminCall(t, ops.content, 'PUT', `/admin/api/banners/${made.data.id}`, {
      src: 'https://cdn.example.com/b.png',
      sort: 0,
      enabled: 0,
    });
    expect(edited.data).toMatchObject({ src: 'https://cdn.example.com/b.png', enabled: 0 });
    expect((await list()).map((b) => b.src)).not.toContain('https://cdn.example.com/b.png');

    await adminCall(t, ops.content, 'PUT', `/admin/api/banners/${made.data.id}`, {
      src: 'https://cdn.example.com/b.png',
      sort: -1,
    });
    expect((await list())[0]?.src).toBe('https://cdn.example.com/b.png');

    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/banners/${made.data.id}`)).code).toBe(200);
    expect(await list()).toHaveLength(4);
    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/banners/${made.data.id}`)).code).toBe(202);
    expect((await adminCall(t, ops.content, 'PUT', '/admin/api/banners/99999', { src: '/x.png' })).code).toBe(202);

    const rows = await auditRows('banner');
    expect(rows.map((r) => r.action)).toEqual(['banner.delete', 'banner.update', 'banner.update', 'banner.create']);
    expect(rows.every((r) => r.target === `banner:${made.data.id}`)).toBe(true);
    expect(JSON.parse(rows[1]?.before ?? '{}')).toMatchObject({ enabled: 0 });
  });

  it('refuses bad banners and notices with a Chinese message, changing nothing', async () => {
    const audits = (await auditRows('banner')).length;
    for (const src of ['', 'javascript:alert(1)', '//evil.example.com/a.png', 'not a url', 'x'.repeat(501)]) {
      await refused(ops.content, 'POST', '/admin/api/banners', { src }, 400, '/admin/api/banners');
    }
    // Paths a browser reads as another host: a backslash, or '//' once decoded or once a tab is dropped.
    for (const src of [
      '/\\evil.example/x.png',
      '\\\\evil.example/x.png',
      '/%2F%2Fevil.example/x.png',
      '/%5Cevil.example/x.png',
      '/\t/evil.example/x.png',
    ]) {
      expect(await refused(ops.content, 'POST', '/admin/api/banners', { src }, 400, '/admin/api/banners'), src).toBe(
        '请输入正确的链接地址（以/开头的站内路径或http(s)网址）',
      );
    }
    await refused(ops.content, 'POST', '/admin/api/banners', { src: '/a.png', enabled: 2 }, 400, '/admin/api/banners');
    expect(await refused(ops.content, 'POST', '/admin/api/notices', { text: '   ' }, 400, '/admin/api/notices')).toBe(
      '请输入内容',
    );
    expect((await auditRows('banner')).length).toBe(audits);
    // Finance manages money, not content.
    expect(await refused(ops.finance, 'POST', '/admin/api/banners', { src: '/a.png' }, 403, '/admin/api/banners')).toBe(
      '无权进行此操作',
    );
    expect((await adminCall(t, ops.finance, 'GET', '/admin/api/banners')).code).toBe(403);
  });

  it('puts a new notice on the marquee and takes an edited one off', async () => {
    const made = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/notices', {
      text: '端午节活动火热进行中',
      sort: 100,
    });
    expect(made.code).toBe(200);
    const lines = async () => (await call<string[]>(t.app, '/api/homenotice')).data;
    expect((await lines()).at(-1)).toBe('端午节活动火热进行中');
    await adminCall(t, ops.content, 'PUT', `/admin/api/notices/${made.data.id}`, {
      text: '端午节活动已结束',
      sort: 100,
      enabled: 0,
    });
    expect(await lines()).not.toContain('端午节活动已结束');
    expect(await lines()).not.toContain('端午节活动火热进行中');
    expect((await auditRows('notice')).map((r) => r.action)).toEqual(['notice.update', 'notice.create']);
  });
});

describe('venues and games', () => {
  const tiles = async () => (await call<Game[]>(t.app, '/api/game/list', {}, { method: 'GET' })).data;

  it('adds a venue and its tile; disabling the venue takes it off the game lists and balancelist', async () => {
    const venue = await adminCall<Venue>(t, ops.content, 'POST', '/admin/api/venues', {
      code: 'CAV',
      name: '测试电子',
      category_id: 'concise',
      sort: 50,
    });
    expect(venue.data).toMatchObject({
      code: 'CAV',
      name: '测试电子',
      platname: 'CAV',
      category_id: 'concise',
      enabled: 1,
    });
    const game = await adminCall<Game>(t, ops.content, 'POST', '/admin/api/games', {
      name: '测试电子大厅',
      category_id: 'concise',
      platform_name: 'CAV',
      game_code: 'CAV',
      mobile_img: '/art/venues/cav.svg',
      sort: 50,
    });
    expect(game.code).toBe(200);
    expect((await tiles()).find((g) => g.id === game.data.id)).toMatchObject({
      name: '测试电子大厅',
      app_state: 1,
      platform_name: 'CAV',
    });

    const m = await registerMember(t.app);
    const balances = async () =>
      (
        await call<Array<{ platname: string; balance: string }>>(t.app, '/api/balancelist', {}, { token: m.token })
      ).data.map((v) => v.platname);
    expect(await balances()).toContain('CAV');

    const fields = contentFields(venue.data);
    expect(
      (await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${venue.data.id}`, { ...fields, enabled: 0 })).code,
    ).toBe(200);
    expect((await tiles()).find((g) => g.id === game.data.id)?.app_state).toBe(0);
    expect(await balances()).not.toContain('CAV');
    expect(await call(t.app, '/api/getGameUrl', { plat_name: 'CAV' }, { token: m.token })).toMatchObject({
      code: 209,
      message: '该场馆暂未开放',
    });

    await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${venue.data.id}`, { ...fields, enabled: 1 });
    expect((await tiles()).find((g) => g.id === game.data.id)?.app_state).toBe(1);
  });

  it('empties the slot list of a disabled slot venue', async () => {
    const list = await adminCall<Venue[]>(t, ops.content, 'GET', '/admin/api/venues');
    const pp = list.data.find((v) => v.code === 'pp');
    if (!pp) throw new Error('seed venue pp missing');
    const slots = async () => (await call<unknown[]>(t.app, '/api/gamelistBycode', { gamecode: 'pp' })).data.length;
    expect(await slots()).toBeGreaterThan(0);
    const { id } = pp;
    const fields = contentFields(pp);
    await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${id}`, { ...fields, enabled: 0 });
    expect(await slots()).toBe(0);
    expect((await tiles()).filter((g) => g.platform_name === 'pp').every((g) => g.app_state === 0)).toBe(true);
    await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${id}`, { ...fields, enabled: 1 });
    expect(await slots()).toBeGreaterThan(0);
  });

  it('never deletes a venue holding member money: disabled, the money still comes back', async () => {
    // A transfer-wallet venue at the sandbox aggregator, reached over HTTP (connected as the seed connects one).
    await addVenue(t, 'CAM', 'realbet');
    const venue = {
      data: (await adminCall<Venue[]>(t, ops.content, 'GET', '/admin/api/venues')).data.find((v) => v.code === 'CAM')!,
    };
    const m = await creditedMember(t, ops.finance, '100');
    expect((await transferIn(t, m.token, 'CAM', '30')).code).toBe(200);

    expect(
      await refused(ops.content, 'DELETE', `/admin/api/venues/${venue.data.id}`, undefined, 409, '/admin/api/venues'),
    ).toBe('该场馆仍有会员余额或未结算注单，不能删除，请改为停用');
    const { id } = venue.data;
    const fields = contentFields(venue.data);
    // The code is the venue's identity in the ledger: fixed once created.
    expect(
      await refused(
        ops.content,
        'PUT',
        `/admin/api/venues/${id}`,
        { ...fields, code: 'CAM2' },
        409,
        '/admin/api/venues',
      ),
    ).toBe('场馆代码创建后不能修改');

    await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${id}`, { ...fields, enabled: 0 });
    expect((await transferIn(t, m.token, 'CAM', '1')).code).toBe(209);
    const out = await call<{ balance: string }>(
      t.app,
      '/api/transfer',
      { amount: '10', sourcetype: 'CAM', targettype: 'userbalance' },
      { token: m.token },
    );
    expect(out).toMatchObject({ code: 200, data: { balance: '80.00' } });
    expect(await call(t.app, '/api/transall', {}, { token: m.token })).toMatchObject({
      code: 200,
      message: '回收成功',
      data: { balance: '100.00' },
    });

    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/venues/${id}`)).code).toBe(200);
    const rows = await auditRows('venue');
    expect(rows[0]).toMatchObject({ action: 'venue.delete', target: `venue:${id}` });
    const check = await adminCall<{ balanced: boolean }>(t, ops.finance, 'GET', '/admin/api/ledger/check');
    expect(check.data.balanced).toBe(true);
  });

  it("leaves a venue's integration to admins: content's fields only, the admin's proposal checked field by field", async () => {
    const remote = { code: 'CRS', name: '无缝测试', category_id: 'realbet' };
    for (const extra of [
      { wallet_mode: 'seamless' },
      { api_secret: 'a-secret-of-16+chars' },
      { api_base_url: 'https://v.example.com' },
      { currency: 'USD' },
    ]) {
      expect(
        await refused(ops.content, 'POST', '/admin/api/venues', { ...remote, ...extra }, 400, '/admin/api/venues'),
      ).toBe('场馆的钱包模式、接口地址、密钥和币种须由管理员在接入设置中提交');
    }
    const made = await adminCall<Venue & { api_secret_set: boolean }>(
      t,
      ops.content,
      'POST',
      '/admin/api/venues',
      remote,
    );
    expect(made.data).toMatchObject({
      wallet_mode: 'transfer',
      api_secret_set: false,
      currency: 'CNY',
      api_base_url: '',
      pending_change: false,
    });
    const propose = (body: Record<string, unknown>) =>
      adminCall(t, ops.admin, 'POST', `/admin/api/venues/${made.data.id}/integration`, body);
    expect(await propose({ wallet_mode: 'seamless' })).toMatchObject({
      code: 400,
      message: '转账钱包与无缝钱包场馆须填写签名密钥（至少16位）',
    });
    expect(await propose({ wallet_mode: 'seamless', api_secret: 'short' })).toMatchObject({
      code: 400,
      message: '转账钱包与无缝钱包场馆须填写签名密钥（至少16位）',
    });
    expect(await propose({ wallet_mode: 'transfer', api_secret: 's'.repeat(16) })).toMatchObject({
      code: 400,
      message: '转账钱包场馆须填写接口地址（http或https网址）',
    });
    expect(await propose({ wallet_mode: 'seamless', api_secret: 's'.repeat(16), currency: 'rmb' })).toMatchObject({
      code: 400,
      message: '币种须为3位大写字母，如CNY',
    });
    expect(await propose({ wallet_mode: 'mixed' })).toMatchObject({
      code: 400,
      message: '请选择钱包模式：转账钱包或无缝钱包',
    });
    expect(await propose({ wallet_mode: 'seamless', api_secret: 'a-secret-of-16+chars' })).toMatchObject({
      code: 200,
      data: { state: 1 },
    });
    // Content renames the venue while the change waits; the secret is in no answer and no audit row.
    expect(
      (
        await adminCall(t, ops.content, 'PUT', `/admin/api/venues/${made.data.id}`, {
          ...contentFields(made.data),
          name: '无缝测试二',
        })
      ).data,
    ).toMatchObject({
      name: '无缝测试二',
      pending_change: true,
    });
    const listed = await adminCall<unknown[]>(t, ops.content, 'GET', '/admin/api/venues');
    expect(JSON.stringify(listed)).not.toContain('a-secret-of-16+chars');
    expect(JSON.stringify(await auditRows('venue'))).not.toContain('a-secret-of-16+chars');
    expect(JSON.stringify(await auditRows('integration'))).not.toContain('a-secret-of-16+chars');

    // A transfer-wallet venue with a member's money in it keeps its mode until it is empty.
    await addVenue(t, 'CLM', 'realbet');
    const ledger = (await adminCall<Venue[]>(t, ops.content, 'GET', '/admin/api/venues')).data.find(
      (v) => v.code === 'CLM',
    )!;
    const m = await creditedMember(t, ops.finance, '10');
    await transferIn(t, m.token, 'CLM', '5');
    const switched = { wallet_mode: 'seamless', api_base_url: '', api_secret: 'b-secret-of-16+chars' };
    expect(await adminCall(t, ops.admin, 'POST', `/admin/api/venues/${ledger.id}/integration`, switched)).toMatchObject(
      {
        code: 409,
        message: '该场馆仍有会员余额或未结算注单，不能更改钱包模式',
      },
    );
    await call(t.app, '/api/transall', {}, { token: m.token });
    expect((await adminCall(t, ops.admin, 'POST', `/admin/api/venues/${ledger.id}/integration`, switched)).code).toBe(
      200,
    );
  });

  it('refuses bad venues and games, changing nothing', async () => {
    const audits = (await auditRows('venue')).length + (await auditRows('game')).length;
    const venue = { code: 'CAX', name: '测试', category_id: 'sport' };
    expect(
      await refused(ops.content, 'POST', '/admin/api/venues', { ...venue, code: 'a b' }, 400, '/admin/api/venues'),
    ).toBe('场馆代码须为1-32位字母、数字或下划线');
    expect(
      await refused(
        ops.content,
        'POST',
        '/admin/api/venues',
        { ...venue, category_id: 'poker' },
        400,
        '/admin/api/venues',
      ),
    ).toBe('请选择正确的游戏分类');
    expect(
      await refused(ops.content, 'POST', '/admin/api/venues', { ...venue, name: '' }, 400, '/admin/api/venues'),
    ).toBe('请输入名称');
    // Clients send venue codes in any case: 'xhzr' would be the seeded XHZR to them.
    expect(
      await refused(ops.content, 'POST', '/admin/api/venues', { ...venue, code: 'xhzr' }, 409, '/admin/api/venues'),
    ).toBe('该记录已存在');
    const game = { name: '大厅', category_id: 'sport', platform_name: 'NOPE' };
    expect(await refused(ops.content, 'POST', '/admin/api/games', game, 400, '/admin/api/games')).toBe(
      '场馆不存在，请先添加场馆',
    );
    expect(
      await refused(
        ops.content,
        'POST',
        '/admin/api/games',
        { ...game, platform_name: 'JSTY', mobile_img: 'javascript:x' },
        400,
        '/admin/api/games',
      ),
    ).toBe('请输入正确的链接地址（以/开头的站内路径或http(s)网址）');
    expect(
      (await adminCall(t, ops.content, 'PUT', '/admin/api/games/99999', { ...game, platform_name: 'JSTY' })).code,
    ).toBe(202);
    expect((await adminCall(t, ops.content, 'DELETE', '/admin/api/venues/abc')).code).toBe(202);
    await refused(ops.finance, 'POST', '/admin/api/venues', venue, 403, '/admin/api/venues');
    await refused(ops.finance, 'DELETE', '/admin/api/games/1', undefined, 403, '/admin/api/games');
    expect((await auditRows('venue')).length + (await auditRows('game')).length).toBe(audits);
  });

  it('edits and deletes a home tile', async () => {
    const made = await adminCall<Game>(t, ops.content, 'POST', '/admin/api/games', {
      name: '极速体育二厅',
      category_id: 'sport',
      platform_name: 'jsty',
      sort: 70,
    });
    expect(made.code).toBe(200);
    await adminCall(t, ops.content, 'PUT', `/admin/api/games/${made.data.id}`, {
      name: '极速体育二厅',
      category_id: 'sport',
      platform_name: 'jsty',
      app_state: 0,
    });
    expect((await tiles()).find((g) => g.id === made.data.id)?.app_state).toBe(0);
    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/games/${made.data.id}`)).code).toBe(200);
    expect((await tiles()).some((g) => g.id === made.data.id)).toBe(false);
    expect((await auditRows('game')).map((r) => r.action).slice(0, 3)).toEqual([
      'game.delete',
      'game.update',
      'game.create',
    ]);
  });
});

describe('articles', () => {
  it('edits the article of a help type, refuses a second one of the same type, and recreates a deleted one', async () => {
    const list = await adminCall<Array<{ id: number; type: number; title: string }>>(
      t,
      ops.content,
      'GET',
      '/admin/api/articles',
    );
    const faq = list.data.find((a) => a.type === 1);
    if (!faq) throw new Error('seed FAQ missing');
    await adminCall(t, ops.content, 'PUT', `/admin/api/articles/${faq.id}`, {
      type: 1,
      title: '常见问题（新）',
      content: '<p>新的答案</p>',
    });
    expect((await call(t.app, '/api/article', { type: 1 })).data).toMatchObject({
      title: '常见问题（新）',
      content: '<p>新的答案</p>',
    });

    const articleRefusals: Array<['POST' | 'PUT', string, Record<string, unknown>, number, string]> = [
      ['POST', '/admin/api/articles', { type: 1, title: '重复', content: '<p>x</p>' }, 409, '该记录已存在'],
      ['POST', '/admin/api/articles', { type: 9, title: '九', content: '<p>x</p>' }, 400, '文章类型须为1-8'],
      ['PUT', `/admin/api/articles/${faq.id}`, { type: 1, title: '', content: '<p>x</p>' }, 400, '请输入标题'],
    ];
    for (const [method, url, body, code, message] of articleRefusals)
      expect(await refused(ops.content, method, url, body, code, '/admin/api/articles')).toBe(message);

    const about = list.data.find((a) => a.type === 7);
    expect((await adminCall(t, ops.content, 'DELETE', `/admin/api/articles/${about?.id}`)).code).toBe(200);
    expect((await call(t.app, '/api/article', { type: 7 })).code).toBe(202);
    expect(
      (
        await adminCall(t, ops.content, 'POST', '/admin/api/articles', {
          type: 7,
          title: '关于我们',
          content: '<p>我们</p>',
        })
      ).code,
    ).toBe(200);
    expect((await call(t.app, '/api/article', { type: 7 })).data).toMatchObject({ title: '关于我们' });

    const rows = await auditRows('article');
    expect(rows.map((r) => r.action)).toEqual(['article.create', 'article.delete', 'article.update']);
    const [update] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, rows[2]?.id ?? 0));
    expect(JSON.parse(update?.after ?? '{}')).toMatchObject({ title: '常见问题（新）' });
  });
});
