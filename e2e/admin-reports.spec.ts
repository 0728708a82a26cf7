import { readFileSync } from 'node:fs';
import { centsToMoney, dailyReportColumns, parseMoneyToCents } from '@h5/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../apps/admin/src/shared/format';
import { adminApi, browserOfFile } from './support/browser';
import {
  bankDeposit,
  desktopPage,
  expectToast,
  newMemberWithCard,
  rowWith,
  openScreen as openScreenAt,
  approveDepositInDialog,
} from './support/console';

// 仪表盘's figures and 每日报表 in Chromium at 1280 px, against the real server: a deposit approved from 存款审核
// moves today's figures, and the daily report shows the same day on screen and in its CSV download. Other journeys
// share the server, so every expectation is the figure before plus what this journey did.

const browser = browserOfFile();

interface Day {
  day: string;
  deposits: string;
  withdrawals: string;
  net: string;
  new_members: number;
  first_depositors: number;
  bettors: number;
  ggr: string;
}
interface Figures {
  today: Day;
  yesterday: Day;
  chart: { day: string; deposits: string; withdrawals: string; ggr: string }[];
}

const figures = async () => {
  const answer = await adminApi<Figures>('GET', '/admin/api/dashboard/figures');
  expect(answer.code).toBe(200);
  return answer.data;
};
const plus = (money: string, yuan: number) => centsToMoney((parseMoneyToCents(money) ?? NaN) + yuan * 100);

const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const openScreen = async (page: Page, name: string) => {
  await menu(page).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
};
/** The value of a figure card of 今日概况, as shown. */
const statistic = (page: Page, title: string) =>
  page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content')
    .textContent();

describe('reports and the dashboard figures', () => {
  it('shows a deposit approved today on 仪表盘, and in 每日报表 on screen and in its CSV', async () => {
    const before = await figures();
    const member = await newMemberWithCard();
    const depositNo = await bankDeposit(member, '777');
    const { page, errors, context } = await desktopPage(browser(), 'operator');
    await openScreenAt(page, '', '仪表盘');

    // Today's figures as they stand (the member registered, nothing credited yet), and the 30-day chart after them.
    await page.getByRole('heading', { name: `今日概况（${before.today.day}，北京时间）`, level: 2 }).waitFor();
    await expect.poll(() => statistic(page, '存款（元）')).toBe(formatMoney(before.today.deposits));
    expect(await statistic(page, '新增会员')).toBe(`${before.today.new_members + 1}人`);
    const chart = page.getByRole('img', { name: /每日存款、提款与平台盈亏/ });
    // Drawn, though a line of zeros has no height for the browser to call visible.
    await chart.locator('.recharts-line-curve').first().waitFor({ state: 'attached' });
    expect(await chart.locator('.recharts-line-curve').count()).toBe(3);
    expect(
      await page.getByRole('table', { name: '近30天每日存款、提款与平台盈亏（元）' }).getByRole('row').count(),
    ).toBe(31);

    await openScreen(page, '存款审核');
    const row = rowWith(page, depositNo);
    await row.getByRole('button', { name: '通过', exact: true }).click();
    await approveDepositInDialog(page, `流水 ${depositNo.slice(-6)}`);
    await expectToast(page, '已通过');

    // The member's first deposit, approved today: deposits, net and first depositors move.
    await openScreen(page, '仪表盘');
    const after = await figures();
    expect(after.today.deposits).toBe(plus(before.today.deposits, 777));
    await expect.poll(() => statistic(page, '存款（元）')).toBe(formatMoney(after.today.deposits));
    expect(await statistic(page, '净存款（元）')).toBe(formatMoney(plus(before.today.net, 777)));
    expect(await statistic(page, '首存人数')).toBe(`${before.today.first_depositors + 1}人`);
    expect(await statistic(page, '新增会员')).toBe(`${before.today.new_members + 1}人`);
    const today = after.today.day;
    const yesterday = after.yesterday.day;

    // 每日报表: yesterday and today, typed into the range picker.
    await openScreen(page, '每日报表');
    await page.locator('#report-from').click();
    await page.locator('#report-from').fill(yesterday);
    await page.locator('#report-from').press('Enter');
    await page.locator('#report-to').fill(today);
    await page.locator('#report-to').press('Enter');
    // The address keeps the range (`to` is today, the default, so it is left out).
    await page.waitForURL((url) => url.searchParams.get('from') === yesterday);
    // Members and money in and out in the first of its two tables, bets and what was paid out in the second.
    const money = page.getByRole('region', { name: '会员与存提' });
    const bets = page.getByRole('region', { name: '投注与派发' });
    await expect.poll(() => money.locator('tbody tr.ant-table-row').count()).toBe(2);
    await expect.poll(() => bets.locator('tbody tr.ant-table-row').count()).toBe(2);
    const todayRow = money.locator('tbody tr.ant-table-row', { hasText: today });
    await expect.poll(() => todayRow.textContent()).toContain(formatMoney(after.today.deposits));
    await expect.poll(() => money.locator('tfoot tr').textContent()).toMatch(/^合计/);
    await expect.poll(() => bets.locator('tfoot tr').textContent()).toMatch(/^合计/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`每日报表_${yesterday}_${today}.csv`);
    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe(dailyReportColumns.map(([, header]) => header).join(','));
    const depositsAt = dailyReportColumns.findIndex(([key]) => key === 'deposits_amount');
    const csvToday = lines.find((line) => line.startsWith(`${today},`))?.split(',');
    expect(csvToday?.[depositsAt]).toBe(after.today.deposits);
    expect(lines.at(-1)).toMatch(/^合计,/);
    expect(lines).toHaveLength(4);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server’s refusal of a range too long, on the page and when exporting', async () => {
    const { page, errors, context } = await desktopPage(browser(), 'operator');
    await openScreenAt(page, 'reports/daily?from=2024-01-01&to=2026-01-01', '每日报表');
    await page.getByRole('alert').filter({ hasText: '查询范围不能超过366天' }).waitFor();
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    await expectToast(page, '查询范围不能超过366天');
    await context.close();
    // The refused calls are the server's answers, not failures of the page.
    expect(errors).toEqual([]);
  });
});
