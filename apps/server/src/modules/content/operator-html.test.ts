import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, call, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { DEMO_ARTICLES } from '../../sandbox/demo/content-seed';
import { memberMessages } from '../../db/tables/member';
import { DEMO_PROMOTIONS } from '../../sandbox/demo/promotions-seed';
import { promotions } from '../../db/tables/promotions';
import { DEFAULT_SETTINGS, readSettings, writeSettings } from '../site/site-service';
import { cleanStoredHtml } from './clean-stored-html';
import { articles } from '../../db/tables/content';

const t = useTestApp();
const ops = useOperators(t, ['admin', 'content']);

// The hostile cases of the browser journeys (e2e/member.spec.ts) and what must be left of them.
const HOSTILE =
  '<p>尊敬的会员，<strong>您的资料已更新</strong></p>' +
  '<script>window.__xss = 1</script>' +
  '<a href="javascript:window.__xss = 100">详情</a>' +
  '<img src="data:image/png;base64,AAAA" alt="坏图" onerror="window.__xss = 1">' +
  '<button type="button" onclick="window.__xss = 10">领取</button>';
const CLEAN =
  '<p>尊敬的会员，<strong>您的资料已更新</strong></p>' +
  '<a>详情</a>' +
  '<img src="data:image/png;base64,AAAA" alt="坏图">' +
  '领取';

describe('operator HTML is cleaned when the back office stores it', () => {
  it('cleans an article, and refuses one with nothing left', async () => {
    const list = await adminCall<{ id: number; type: number; title: string }[]>(
      t,
      ops.content,
      'GET',
      '/admin/api/articles',
    );
    const faq = list.data.find((a) => a.type === 1);
    if (!faq) throw new Error('no seeded FAQ');
    const saved = await adminCall(t, ops.content, 'PUT', `/admin/api/articles/${faq.id}`, {
      type: 1,
      title: faq.title,
      content: HOSTILE,
    });
    expect(saved.code).toBe(200);
    const read = await call<{ content: string }>(t.app, '/api/article', { type: 1 });
    expect(read.data.content).toBe(CLEAN);

    const empty = await adminCall(t, ops.content, 'PUT', `/admin/api/articles/${faq.id}`, {
      type: 1,
      title: faq.title,
      content: '<script>alert(1)</script>',
    });
    expect(empty.code).toBe(400);
    expect(empty.message).toContain('请输入内容');
  });

  it('cleans a promotion content and memo', async () => {
    const saved = await adminCall<{ id: number }>(t, ops.content, 'POST', '/admin/api/promotions', {
      title: '测试活动',
      content: HOSTILE,
      memo: `<p onclick="x">说明</p>${HOSTILE}`,
    });
    expect(saved.code).toBe(200);
    const read = await call<{ content: string; memo: string }>(t.app, '/api/activitydeatil', { id: saved.data.id });
    expect(read.data.content).toBe(CLEAN);
    expect(read.data.memo).toBe(`<p>说明</p>${CLEAN}`);
  });

  it('cleans an inbox message', async () => {
    const member = await registerMember(t.app);
    const sent = await adminCall(t, ops.content, 'POST', '/admin/api/messages', { title: '站内信', content: HOSTILE });
    expect(sent.code).toBe(200);
    const inbox = await call<{ data: { title: string; content: string }[] }>(
      t.app,
      '/api/noticeList',
      { type: 2, page: 1 },
      { token: member.token },
    );
    expect(inbox.data.data.find((m) => m.title === '站内信')?.content).toBe(CLEAN);
  });

  it('cleans the welcome text of the site settings', async () => {
    const saved = await adminCall(t, ops.admin, 'PUT', '/admin/api/settings', { webcontent: HOSTILE });
    expect(saved.code).toBe(200);
    const site = await call<{ webcontent: string }>(t.app, '/api/app');
    expect(site.data.webcontent).toBe(CLEAN);
    await writeSettings(t.database.db, { webcontent: DEFAULT_SETTINGS.webcontent });
  });
});

describe('cleanStoredHtml (npm run clean-html)', () => {
  it('seeds only clean HTML', async () => {
    const { cleanHtml } = await import('../../lib/clean-html');
    for (const article of DEMO_ARTICLES) expect(cleanHtml(article.content), article.title).toBe(article.content);
    for (const promotion of DEMO_PROMOTIONS) {
      expect(cleanHtml(promotion.content), promotion.title).toBe(promotion.content);
      expect(cleanHtml(promotion.memo), promotion.title).toBe(promotion.memo);
    }
    expect(cleanHtml(DEFAULT_SETTINGS.webcontent)).toBe(DEFAULT_SETTINGS.webcontent);
  });

  it('cleans rows stored before cleaning on save, once, and leaves clean rows alone', async () => {
    const db = t.database.db;
    // Rows as an older server stored them: written straight to the tables.
    const [article] = await db.select().from(articles).where(eq(articles.type, 2));
    if (!article) throw new Error('no seeded privacy article');
    await db.update(articles).set({ content: HOSTILE }).where(eq(articles.id, article.id));
    const [promotion] = await db.insert(promotions).values({ title: '旧活动', content: HOSTILE, memo: '' }).returning();
    const [message] = await db
      .insert(memberMessages)
      .values({ kind: 2, title: '旧消息', content: HOSTILE })
      .returning();
    await writeSettings(db, { webcontent: HOSTILE });

    expect(await cleanStoredHtml(db)).toEqual({ articles: 1, promotions: 1, messages: 1, webcontent: 1 });
    const [a] = await db.select().from(articles).where(eq(articles.id, article.id));
    const [p] = await db.select().from(promotions).where(eq(promotions.id, promotion!.id));
    const [m] = await db.select().from(memberMessages).where(eq(memberMessages.id, message!.id));
    expect([a?.content, p?.content, m?.content]).toEqual([CLEAN, CLEAN, CLEAN]);
    expect((await readSettings(db, ['webcontent'])).webcontent).toBe(CLEAN);

    expect(await cleanStoredHtml(db)).toEqual({ articles: 0, promotions: 0, messages: 0, webcontent: 0 });
  });
});
