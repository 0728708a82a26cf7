import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAME_CATEGORIES, endpoints } from '@h5/contract';
import { describe, expect, it } from 'vitest';
import { call, registerMember, useTestApp } from '../../../test/helper';
import { DEMO_SLOTS } from '../../sandbox/demo/content-seed';
import { writeSettings } from '../site/site-service';

const t = useTestApp();

const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));

describe('POST /api/bannerList', () => {
  it('answers the enabled banners with the image URL as both src and pic', async () => {
    const answer = await call(t.app, '/api/bannerList', { type: 2 });
    expect(answer.code).toBe(200);
    const banners = endpoints.bannerList.data.parse(answer.data);
    expect(banners).toHaveLength(4);
    for (const banner of banners) {
      expect(banner.src).toMatch(/^\/art\/banners\/banner-\d\.svg$/);
      expect(banner.pic).toBe(banner.src);
    }
  });
});

describe('POST /api/homenotice', () => {
  it('answers the marquee lines as plain strings', async () => {
    const answer = await call(t.app, '/api/homenotice');
    expect(answer.code).toBe(200);
    const lines = endpoints.homeNotice.data.parse(answer.data);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.every((line) => line.length > 0 && !line.includes('<'))).toBe(true);
  });
});

describe('GET /api/game/list', () => {
  it('answers a bare array of every game covering all six categories', async () => {
    const answer = await call(t.app, '/api/game/list', { category: '' }, { method: 'GET' });
    expect(answer.code).toBe(200);
    const games = endpoints.gameList.data.parse(answer.data);
    const shown = games.filter((g) => g.app_state === 1);
    for (const category of GAME_CATEGORIES) {
      expect(shown.filter((g) => g.category_id === category.id).length, category.id).toBeGreaterThanOrEqual(3);
    }
    expect(games.some((g) => g.app_state === 0)).toBe(true);
    expect(games.every((g) => GAME_CATEGORIES.some((c) => c.id === g.category_id))).toBe(true);
  });
});

describe('POST /api/gamelistBycode', () => {
  it.each(['obgdy', 'fgdz', 'pp', 'ae'])('answers at least 12 slot games of %s', async (gamecode) => {
    const answer = await call(t.app, '/api/gamelistBycode', { gamecode });
    expect(answer.code).toBe(200);
    const slots = endpoints.gamelistByCode.data.parse(answer.data);
    expect(slots.length).toBeGreaterThanOrEqual(12);
    expect(slots.every((s) => s.catecode === gamecode && s.gamename && s.gamepic)).toBe(true);
    expect(new Set(slots.map((s) => s.gamecode)).size).toBe(slots.length);
  });

  it('answers an empty list for an unknown code', async () => {
    const answer = await call(t.app, '/api/gamelistBycode', { gamecode: 'nosuchvenue' });
    expect(answer).toMatchObject({ code: 200, data: [] });
  });
});

describe('POST /api/article', () => {
  it('answers a title and HTML content for each help type 1 to 8', async () => {
    for (let type = 1; type <= 8; type += 1) {
      const answer = await call(t.app, '/api/article', { type });
      expect(answer.code, `type ${type}`).toBe(200);
      const article = endpoints.article.data.parse(answer.data);
      expect(article.type).toBe(type);
      expect(article.title.length).toBeGreaterThan(1);
      expect(article.content).toMatch(/^<(p|h3)>/);
    }
  });

  it('gives responsible-gambling advice on limits, self-exclusion, age and help', async () => {
    const answer = await call<{ content: string }>(t.app, '/api/article', { type: 8 });
    for (const phrase of ['存款上限', '游戏时间', '自我排除', '18周岁', '寻求帮助']) {
      expect(answer.data.content).toContain(phrase);
    }
  });

  it('answers 202 with a Chinese message for an unknown type', async () => {
    const answer = await call(t.app, '/api/article', { type: 99 });
    expect(answer.code).toBe(202);
    expect(answer.data).toBeNull();
    expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('POST /api/uservip', () => {
  it('answers the 10 levels in order with strictly rising thresholds', async () => {
    const answer = await call(t.app, '/api/uservip');
    expect(answer.code).toBe(200);
    const levels = endpoints.userVip.data.parse(answer.data);
    expect(levels.map((l) => l.name)).toEqual(Array.from({ length: 10 }, (_, i) => `VIP${i + 1}`));
    for (let i = 1; i < levels.length; i += 1) {
      const [prev, next] = [levels[i - 1]!, levels[i]!];
      expect(Number(next.recharge)).toBeGreaterThan(Number(prev.recharge));
      expect(Number(next.flow)).toBeGreaterThan(Number(prev.flow));
      expect(Number(next.electron)).toBeGreaterThan(Number(prev.electron));
    }
    expect(levels[0]).toMatchObject({ recharge: '0.00', flow: '0.00', realperson: '0.40' });
  });
});

describe('URLs of other pages', () => {
  it('serves our own chat page as the customer service until an operator sets an address', async () => {
    const answer = await call(t.app, '/api/getservicerurl');
    expect(answer.code).toBe(200);
    expect(endpoints.getServicerUrl.data.parse(answer.data).url).toBe('/service/chat.html');

    const page = await t.app.inject({ method: 'GET', url: '/service/chat.html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Our chat with the support desk (docs/member-app.md "在线客服"): its conversation, its input and its script.
    expect(page.body).toContain('aria-label="聊天记录"');
    expect(page.body).toContain('for="text">输入消息</label>');
    expect(page.body).toContain('<script src="/service/chat.js"></script>');
    const script = await t.app.inject({ method: 'GET', url: '/service/chat.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('answers getVisitUrl with 202 and null data until a visit URL is set, then 200 with it', async () => {
    const before = await call(t.app, '/api/getVisitUrl', {}, { method: 'GET' });
    expect(before).toMatchObject({ code: 202, data: null });

    await writeSettings(t.database.db, { visit_url: 'https://m.example.com/' });
    try {
      const after = await call(t.app, '/api/getVisitUrl', {}, { method: 'GET' });
      expect(after.code).toBe(200);
      expect(endpoints.getVisitUrl.data.parse(after.data)).toEqual({ url: 'https://m.example.com/' });
    } finally {
      await writeSettings(t.database.db, { visit_url: '' });
    }
  });

  it('answers getAgentLoginUrl to members only', async () => {
    const visitor = await call(t.app, '/api/getAgentLoginUrl', {}, { method: 'GET' });
    expect(visitor).toMatchObject({ code: 401, data: null });

    const { token } = await registerMember(t.app);
    const answer = await call(t.app, '/api/getAgentLoginUrl', {}, { method: 'GET', token });
    expect(answer.code).toBe(200);
    // Without a setting: the agent centre of the web app, on the address the member called.
    expect(endpoints.getAgentLoginUrl.data.parse(answer.data).url).toBe('http://localhost:80/#/agentCenter');

    await writeSettings(t.database.db, { agent_login_url: 'https://agent.example.com/login' });
    const set = await call<{ url: string }>(t.app, '/api/getAgentLoginUrl', {}, { method: 'GET', token });
    expect(set.data.url).toBe('https://agent.example.com/login');
    await writeSettings(t.database.db, { agent_login_url: '' });
  });
});

describe('artwork', () => {
  it('has every image the seed and the site settings reference on disk, served as SVG', async () => {
    const [banners, games, site, ...slotLists] = await Promise.all([
      call<Array<{ src: string }>>(t.app, '/api/bannerList', { type: 2 }),
      call<Array<{ mobile_img: string }>>(t.app, '/api/game/list', {}, { method: 'GET' }),
      call<{ site_logo: string; ios_download_qrcode: string }>(t.app, '/api/app'),
      ...Object.keys(DEMO_SLOTS).map((gamecode) =>
        call<Array<{ gamepic: string }>>(t.app, '/api/gamelistBycode', { gamecode }),
      ),
    ]);
    const urls = new Set([
      ...banners.data.map((b) => b.src),
      ...games.data.map((g) => g.mobile_img),
      ...slotLists.flatMap((list) => list.data.map((s) => s.gamepic)),
      site.data.site_logo,
      site.data.ios_download_qrcode,
    ]);
    expect(urls.size).toBeGreaterThan(80);
    for (const url of urls) {
      expect(url, url).toMatch(/^\/art\/[\w/-]+\.svg$/);
      expect(existsSync(`${publicDir}${url}`), url).toBe(true);
    }
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain('<svg');
    }
  });

  it('does not serve files outside the art folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/art/../../package.json' });
    expect(res.body).not.toContain('"@h5/server"');
  });
});
