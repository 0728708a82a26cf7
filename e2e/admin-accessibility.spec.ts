import { dailyReportColumns } from '@h5/contract';
import { MOVEMENT_TYPES } from '@h5/contract/movement-types';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './support/axe';
import {
  adminApi,
  baseURL,
  browserOfFile,
  creditMember,
  memberApi,
  type OpenedPage,
  sandboxControlToken,
  uniqueName,
} from './support/browser';
import {
  bankDeposit,
  consoleTabsOfFile,
  consoleURL,
  desktopPage,
  expectToast,
  type Member,
  navigateInApp,
  newMemberWithCard,
  openScreen,
  rowWith,
} from './support/console';
import { type Fit, fitProblems, measureFit } from './support/screen-fit';

// Every console screen of the menu, walked once as an admin (who sees them all) at the size the console is made for
// (docs/operators.md "Console": desktop first, 1280 × 800):
// - axe-core (WCAG 2 A and AA) finds nothing serious or critical: labels, names, contrast;
// - every decision a row offers (通过, 拒绝, 处理, 派发, a switch ...) and every total of a report lies inside the
//   window without scrolling sideways, and the page itself never scrolls sideways;
// - venues and movements are named, never shown by their codes.
// The dialogs that take input, an open picker or an expanded row are scanned by themselves over a screen scanned
// already.

const browser = browserOfFile();
const consoleTab = consoleTabsOfFile(browser);
const WINDOW = { width: 1280, height: 800 };

/**
 * The tab the journeys scan in, signed in as the admin: opened on its first screen by the first journey that needs
 * it and kept for the others, which move inside the running app as the menu does.
 */
let shared: OpenedPage | undefined;
async function tabOn(path: string, heading: string | RegExp): Promise<OpenedPage> {
  if (shared) {
    await navigateInApp(shared.page, path, heading);
    return shared;
  }
  shared = await consoleTab();
  await shared.page.setViewportSize(WINDOW);
  await openScreen(shared.page, path, heading);
  return shared;
}

/** What a screen draws after its data (and after its spinner is gone), waited for before it is scanned. */
const drawn: Record<string, (page: Page) => Promise<void>> = {
  // The dashboard's lazily loaded 30-day chart.
  仪表盘: (page) =>
    page
      .getByRole('img', { name: /每日存款、提款与平台盈亏/ })
      .locator('.recharts-line-curve')
      .first()
      .waitFor({ state: 'attached' }),
};

/** Waits until nothing on the screen is loading any more (its rows are in) and what it draws late is drawn. */
async function settle(page: Page, screen: string) {
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .console-page-loading'),
    undefined,
    { timeout: 15_000 },
  );
  await drawn[screen]?.(page);
}

async function scan(page: Page, label: string, findings: string[], within?: Locator) {
  for (const finding of await seriousFindings(page, within)) findings.push(`${label}: ${finding}`);
}

/** Codes of movement kinds with an underscore, which are never words of a screen (deposit alone is part of references). */
const MOVEMENT_CODES = Object.keys(MOVEMENT_TYPES).filter((code) => code.includes('_'));

/**
 * The screens where a venue's code is itself what the operator reads: 场馆 and 游戏 manage venues and games by it, and
 * 场馆报表 puts it beside the name for reconciling with the venue's own statements. Every other screen names a venue.
 */
const SHOWS_VENUE_CODES = new Set(['场馆', '游戏', '场馆报表']);

/** The codes a screen's text shows where it should name the thing. */
function codesShown(screen: string, text: string, venueCodes: string[]): string[] {
  const problems: string[] = [];
  for (const code of MOVEMENT_CODES) {
    if (new RegExp(`\\b${code}\\b`).test(text)) problems.push(`${screen}: shows the code ${code}`);
  }
  for (const code of SHOWS_VENUE_CODES.has(screen) ? [] : venueCodes) {
    if (new RegExp(`\\b${code}\\b`).test(text)) problems.push(`${screen}: shows the venue code ${code}`);
  }
  return problems;
}

/** The dialog on top, scanned by itself over a screen scanned already. */
const topDialog = (page: Page) => page.getByRole('dialog').last();

describe('the console, screen by screen', () => {
  let member: Member;
  let memberId: number;
  /** The venues' codes of four or more letters (two-letter ones, such as pp, could be part of other words). */
  let venueCodes: string[];

  /**
   * A venue transfer in doubt (the aggregator answers after our timeout). One is made before the walk, for the screens
   * that show the member's transfers (客服's member panel, 会员详情), and another right before 场馆转账 is opened: the
   * reconciliation job leaves a transfer alone for its first minute, so that one is still pending when the screen
   * shows it, however long the screens before it took.
   */
  async function transferInDoubt() {
    const fault = await fetch(`${baseURL()}/sandbox/aggregator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sandboxControlToken()}` },
      body: JSON.stringify({ venue: 'JHZR', call: 'transfer', mode: 'late', hold_ms: 4500 }),
    });
    expect(fault.status).toBe(200);
    const sent = await memberApi(member.token, '/api/transfer', {
      amount: '30',
      sourcetype: 'userbalance',
      targettype: 'JHZR',
    });
    expect([sent.code, sent.message]).toEqual([200, '转账处理中，请稍后在转账记录中查看结果']);
  }

  // Rows for the queues the demo month leaves empty: an adjustment above the second-review line, a promotion and an
  // agent application, a proposed operator, and a venue transfer in doubt (another just before 场馆转账).
  beforeAll(async () => {
    const venues = await adminApi<{ code: string }[]>('GET', '/admin/api/venues');
    venueCodes = venues.data.map((venue) => venue.code).filter((code) => code.length >= 4);
    expect(venueCodes).toContain('XHZR');
    member = await newMemberWithCard();
    await creditMember(member.name, '500');
    const found = await adminApi<{ data: { id: number; username: string }[] }>(
      'GET',
      `/admin/api/members?username=${member.name}`,
    );
    memberId = found.data.data.find((m) => m.username === member.name)?.id ?? 0;
    expect(memberId).toBeGreaterThan(0);

    const adjusted = await adminApi<{ pending: { id: number } | null }>(
      'POST',
      `/admin/api/members/${memberId}/adjust`,
      { amount: '5000.00', note: '版面检查' },
    );
    expect(adjusted.data.pending).not.toBeNull();

    const promotions = await memberApi<{ data: { id: number }[] }>(null, '/api/activitylist', {});
    const promotion = promotions.data.data[0];
    expect(promotion).toBeDefined();
    expect((await memberApi(member.token, '/api/doactivityapply', { activityid: promotion?.id })).code).toBe(200);
    expect(
      (await memberApi(member.token, '/api/applyagentdo', { mobile: '8613912345678', apply_info: '推广渠道' })).code,
    ).toBe(200);

    // An operator proposed and left for a second admin: a change only this file names (approved by its id, if ever).
    const proposed = await adminApi('POST', '/admin/api/operators', { username: uniqueName('op'), role: 'content' });
    expect(proposed.code).toBe(200);

    // A line to 在线客服: 客服's queue has the member waiting, and their conversation is opened there.
    expect((await memberApi(member.token, '/api/support/send', { text: '我的存款到账了吗' })).code).toBe(200);
    // A canned reply: 快捷回复 lists it, and 客服's picker offers it.
    const canned = await adminApi('POST', '/admin/api/support/canned-replies', {
      title: '存款未到账',
      text: '您好，请提供存款单号，我们立即为您核实。',
      sort: 0,
      enabled: 1,
    });
    expect(canned.code).toBe(200);
    await transferInDoubt();
  });

  it('finds no serious or critical WCAG A/AA problem on 登录', async () => {
    const { page, errors, close } = await desktopPage(browser());
    await page.goto(consoleURL('login'));
    await page.getByRole('heading', { name: '登录', exact: true }).waitFor();
    const findings: string[] = [];
    await scan(page, '登录', findings);
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  // Forty screens and more, each scanned and measured: longer than one journey's bound.
  it(
    'walks every screen of the menu: nothing serious for axe, every decision and total in the window, no codes',
    { timeout: 300_000 },
    async () => {
      const { page, errors } = await tabOn('', '仪表盘');
      const from = errors.length;
      const screens = await page
        .getByRole('navigation', { name: '主菜单' })
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => ({ name: a.textContent ?? '', path: new URL((a as HTMLAnchorElement).href).pathname })),
        );
      // The hidden detail screen of a member, reached from 会员管理: the member of this file, with a venue transfer in
      // its 账变记录.
      screens.push({ name: '会员详情', path: `/admin/members/${memberId}` });
      expect(screens.length).toBeGreaterThan(30);

      const findings: string[] = [];
      const problems: string[] = [];
      const seen = new Map<string, Fit>();
      for (const screen of screens) {
        const heading = screen.name === '会员详情' ? new RegExp(`会员详情：${member.name}$`) : screen.name;
        if (screen.name === '场馆转账') await transferInDoubt();
        await navigateInApp(page, screen.path.replace(/^\/admin\/?/, ''), heading);
        await settle(page, screen.name);
        // 站内信 lists what this screen sent: one message sent from it gives its list a row.
        if (screen.path === '/admin/messages') {
          await page.getByLabel('会员ID或用户名').fill(member.name);
          await page.getByLabel('标题').fill('版面检查');
          await page.getByRole('textbox', { name: '内容', exact: true }).fill('您好');
          // antd spaces the two characters of a button: 发 送.
          await page.locator('button', { hasText: /^发\s?送$/ }).click();
          await expectToast(page, '已发送');
          await rowWith(page, '版面检查').waitFor();
        }
        // 客服 with the member's conversation open: its messages, its actions and the member beside it.
        if (screen.path === '/admin/support') {
          await page
            .getByRole('list', { name: '进行中的会话' })
            .getByRole('button', { name: new RegExp(member.name) })
            .click();
          await page.getByRole('log', { name: '会话消息' }).getByText('我的存款到账了吗').waitFor();
          await page.getByRole('region', { name: '会员资料' }).getByText('最近存款').waitFor();
          // The desk socket opened through the served console (its line says so; without it the screen polls).
          await page.getByText('实时连接', { exact: true }).waitFor();
          await settle(page, screen.name);
        }
        await scan(page, screen.name, findings);
        const fit = await measureFit(page);
        seen.set(screen.name, fit);
        problems.push(...fitProblems(screen.name, fit), ...codesShown(screen.name, fit.text, venueCodes));
      }
      expect(findings).toEqual([]);
      expect(problems).toEqual([]);
      expect(errors.slice(from)).toEqual([]);

      // What was measured is what the screens are for: the queues' decisions and the daily report's totals.
      expect(seen.get('提款审核')?.controls).toBeGreaterThan(0);
      expect(seen.get('存款审核')?.controls).toBeGreaterThan(0);
      expect(seen.get('风控')?.controls).toBeGreaterThan(0);
      expect(seen.get('调整复核')?.controls).toBeGreaterThan(0);
      expect(seen.get('场馆转账')?.controls).toBeGreaterThan(0);
      // Every figure of 每日报表 has its total cell (the first column names the row: 合计).
      expect(seen.get('每日报表')?.totals).toBeGreaterThanOrEqual(dailyReportColumns.length);
      expect(seen.get('会员详情')?.text).toContain('转入场馆');
      // The member's transfer into 聚合真人 (JHZR), waiting for the venue's answer, is shown by the venue's name.
      expect(seen.get('场馆转账')?.text).toContain('聚合真人');
    },
  );

  it('finds no serious or critical WCAG A/AA problem in the detail page and the dialogs that take input', async () => {
    const member = await newMemberWithCard();
    const depositNo = await bankDeposit(member, '300');
    const list = await adminApi<{ data: { id: number; username: string }[] }>(
      'GET',
      `/admin/api/members?username=${member.name}`,
    );
    const id = list.data.data[0]?.id;
    const { page, errors } = await tabOn(`members/${id}`, new RegExp(`会员详情：${member.name}$`));
    const from = errors.length;
    const findings: string[] = [];
    await scan(page, '会员详情', findings);
    await page.getByRole('button', { name: '调整余额' }).click();
    await page.getByRole('dialog').getByLabel('调整金额（元）').waitFor();
    await scan(page, '调整余额', findings, topDialog(page));
    await page.keyboard.press('Escape');

    await navigateInApp(page, 'deposits', '存款审核');
    await rowWith(page, depositNo).getByRole('button', { name: '拒绝', exact: true }).click();
    await page.getByRole('dialog').getByLabel('拒绝原因').waitFor();
    await scan(page, '拒绝存款', findings, topDialog(page));
    await page.keyboard.press('Escape');

    // A report's range picker open.
    await navigateInApp(page, 'reports/daily', '每日报表');
    await page.locator('#report-from').click();
    await page.locator('.ant-picker-dropdown .ant-picker-presets').waitFor();
    await scan(
      page,
      '每日报表（日期选择）',
      findings,
      page.locator('.ant-picker-dropdown', { has: page.locator('.ant-picker-presets') }),
    );
    await page.keyboard.press('Escape');

    await navigateInApp(page, 'audit', '操作日志');
    // The first row with a change shown field by field: journeys running beside this one add rows on top, some with
    // nothing to compare (无变更内容).
    const expanded = page.locator('.ant-table-expanded-row');
    const withChange = expanded.filter({ has: page.getByRole('columnheader', { name: '变更前' }) });
    for (let opened = 1; (await withChange.count()) === 0; opened += 1) {
      expect(opened, 'an audit row with a change among the first ten').toBeLessThanOrEqual(10);
      await page.getByRole('button', { name: /展开/ }).first().click();
      await expect.poll(() => expanded.count()).toBeGreaterThanOrEqual(opened);
    }
    await scan(page, '操作日志（展开）', findings, withChange.first());

    await navigateInApp(page, 'partner-plans', '佣金方案');
    await page.getByRole('button', { name: '新增方案' }).click();
    await page.getByRole('dialog').getByLabel('方案名称').waitFor();
    await scan(page, '新增佣金方案', findings, topDialog(page));
    await page.keyboard.press('Escape');

    await navigateInApp(page, 'operators', '管理员');
    await page.getByRole('button', { name: '新增管理员' }).click();
    await page.getByRole('dialog').getByLabel('用户名').waitFor();
    await scan(page, '新增管理员', findings, topDialog(page));
    await page.keyboard.press('Escape');

    // The generic resource dialog, with an image preview and upload, and with the rich-text editor.
    await navigateInApp(page, 'banners', '轮播图');
    await page.getByRole('button', { name: '新增轮播图' }).click();
    await page.getByRole('dialog').getByLabel('图片地址').fill('/art/banners/banner-1.svg');
    await page.getByRole('dialog').getByAltText('图片地址预览').waitFor();
    await scan(page, '新增轮播图', findings, topDialog(page));
    await page.keyboard.press('Escape');
    await navigateInApp(page, 'promotions', '优惠活动');
    await page.getByRole('button', { name: '新增优惠活动' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: '活动内容' }).waitFor();
    await scan(page, '新增优惠活动', findings, topDialog(page));
    // The editor's image dialog (address, upload, alt text) over the promotion dialog.
    await page
      .getByRole('dialog')
      .getByRole('toolbar', { name: '活动内容格式', exact: true })
      .getByRole('button', { name: '图片' })
      .click();
    await page.getByRole('dialog', { name: '插入图片' }).getByLabel('图片地址').waitFor();
    await scan(page, '插入图片', findings, page.getByRole('dialog', { name: '插入图片' }));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '插入图片' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // Starting enrolment only keeps a pending secret; the shared operator stays without two factors.
    await navigateInApp(page, 'security', '账号安全');
    await page.getByRole('button', { name: '开启两步验证' }).click();
    await page.getByRole('img', { name: '两步验证二维码' }).waitFor();
    await scan(page, '两步验证二维码', findings, page.locator('.ant-card', { hasText: '两步验证（动态验证码）' }));

    expect(findings).toEqual([]);
    expect(errors.slice(from)).toEqual([]);
  });

  it('still works at tablet width: the menu folds to icons and wide tables scroll inside the page', async () => {
    const { page, errors, context } = await desktopPage(browser(), 'operator');
    await page.setViewportSize({ width: 768, height: 1024 });
    await openScreen(page, 'withdrawals', '提款审核');
    await expect
      .poll(() => page.locator('.ant-layout-sider').evaluate((el) => el.getBoundingClientRect().width))
      .toBeLessThan(100);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '会员管理' }).click();
    await page.getByRole('heading', { name: '会员管理', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
