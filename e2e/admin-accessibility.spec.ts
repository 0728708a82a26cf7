import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousFindings } from './support/axe';
import { adminApi, browserOfFile, type OpenedPage } from './support/browser';
import {
  bankDeposit,
  consoleTabsOfFile,
  consoleURL,
  desktopPage,
  navigateInApp,
  newMemberWithCard,
  openScreen,
  rowWith,
} from './support/console';

// Every console screen, and its dialogs that take input, scanned by axe-core (WCAG 2 A and AA) at 1280 px as an
// admin, who sees them all: labels, names, contrast. Serious and critical findings fail the journey. Each screen is
// scanned once; a dialog, an open picker or an expanded row over a screen scanned already is scanned by itself.

const browser = browserOfFile();
const consoleTab = consoleTabsOfFile(browser);

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
  await openScreen(shared.page, path, heading);
  return shared;
}

/** What a screen draws after its data (and after its spinner is gone), waited for before it is scanned. */
const drawn: Record<string, (page: Page) => Promise<void>> = {
  // The dashboard's lazily loaded 30-day chart.
  '': (page) =>
    page
      .getByRole('img', { name: /每日存款、提款与平台盈亏/ })
      .locator('.recharts-line-curve')
      .first()
      .waitFor({ state: 'attached' }),
};

const SCREENS: [path: string, heading: string][] = [
  ['', '仪表盘'],
  ['members', '会员管理'],
  ['deposits', '存款审核'],
  ['withdrawals', '提款审核'],
  ['venue-transfers', '场馆转账'],
  ['risk', '风控'],
  ['promotion-applications', '优惠申请'],
  ['agent-applications', '代理申请'],
  ['audit', '操作日志'],
  ['ledger', '账务核对'],
  ['operators', '管理员'],
  ['reports/daily', '每日报表'],
  ['reports/venues', '场馆报表'],
  ['reports/members', '会员报表'],
  ['partners', '代理管理'],
  ['partner-plans', '佣金方案'],
  ['partner-statements', '代理结算'],
  ['security', '账号安全'],
  ['banners', '轮播图'],
  ['notices', '公告'],
  ['venues', '场馆'],
  ['games', '游戏'],
  ['promotions', '优惠活动'],
  ['promotion-types', '活动类型'],
  ['articles', '帮助文章'],
  ['vip-levels', 'VIP等级'],
  ['redpacket-rules', '红包规则'],
  ['pay-ways', '支付方式'],
  ['receiving-accounts', '收款账户'],
  ['gateways', '支付通道'],
  ['integration-changes', '待审批变更'],
  ['messages', '站内信'],
  ['settings', '站点设置'],
];

async function scan(page: Page, label: string, findings: string[], within?: Locator) {
  for (const finding of await seriousFindings(page, within)) findings.push(`${label}: ${finding}`);
}

/** The dialog on top, scanned by itself over a screen scanned already. */
const topDialog = (page: Page) => page.getByRole('dialog').last();

describe('accessibility of the console', () => {
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

  // A handful of screens per journey, so that each stays well inside the journey timeout as the console grows.
  const SCREENS_PER_JOURNEY = 8;
  const groups = Array.from({ length: Math.ceil(SCREENS.length / SCREENS_PER_JOURNEY) }, (_, i) =>
    SCREENS.slice(i * SCREENS_PER_JOURNEY, (i + 1) * SCREENS_PER_JOURNEY),
  );
  it.each(groups.map((group) => [group.map(([, heading]) => heading).join('、'), group] as const))(
    'finds no serious or critical WCAG A/AA problem on the screens %s',
    async (_names, group) => {
      const findings: string[] = [];
      const [[firstPath, firstHeading]] = group as [[string, string]];
      const { page, errors } = await tabOn(firstPath, firstHeading);
      const from = errors.length;
      for (const [index, [path, heading]] of group.entries()) {
        if (index > 0) await navigateInApp(page, path, heading);
        await page
          .locator('.ant-spin-spinning')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
        await drawn[path]?.(page);
        await scan(page, heading, findings);
      }

      expect(findings).toEqual([]);
      expect(errors.slice(from)).toEqual([]);
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
    await page.getByRole('button', { name: /展开/ }).first().click();
    await page.getByRole('columnheader', { name: '变更前' }).waitFor();
    await scan(page, '操作日志（展开）', findings, page.locator('.ant-table-expanded-row').first());

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
