import { MOVEMENT_TYPES } from '@h5/contract/movement-types';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminApi,
  approveDeposit,
  baseURL,
  browserOfFile,
  expectCleanThenClose,
  memberApi,
  phonePage,
  registerWithCard,
  submitBankDeposit,
  transferIntoVenue,
} from './support/browser';
import { expectToast } from './support/toasts';

// A new member's first walk at 375 px, as a person reads it: names where the site has codes (venues, ledger
// movements), a withdrawal ready to submit with the one card bound, and a 站内信 after the money arrives.

const browser = browserOfFile();

/** Every member route a first walk reaches (docs/member-app.md "Screens and routes"). */
const MEMBER_ROUTES = [
  '/',
  '/activity',
  '/zhanzhu',
  '/mine',
  '/money',
  '/transfer',
  '/recharge',
  '/withdrawal',
  '/wallet?type=1',
  '/wallet?type=2',
  '/transRecord?type=1',
  '/transRecord?type=2',
  '/transRecord?type=3',
  '/transRecord?type=4',
  '/betRecord',
  '/activityRecord',
  '/fanshui',
  '/welfare',
  '/message?type=1',
  '/message?type=2',
  '/vip',
  '/applyagent',
  '/concise?type=obgdy',
  '/userInfo',
  '/userCent',
  '/referral',
  '/responsible',
] as const;

/** A code as a whole word of the page's text (so 'pp' does not match inside 'App', nor 'ae' inside a word). */
const asWord = (code: string) =>
  new RegExp(`(?<![A-Za-z0-9_])${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`);

async function textOf(page: Page, route: string): Promise<string> {
  await page.goto(`${baseURL()}/#${route}`);
  await page.locator('main').first().waitFor();
  // Lists and names arrive with their calls: the text is read once the network is quiet and no loader shows.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('.page-loading, [aria-busy="true"]').count()).toBe(0);
  return page.locator('body').innerText();
}

describe('a first walk through the member app at 375 px', () => {
  it('shows names, never codes; a withdrawal ready for the one card; a 站内信 once the deposit is credited; the application under review', async () => {
    const opened = await phonePage(browser());
    const { page } = opened;
    const name = await registerWithCard(page);
    const token = await page.evaluate(() => sessionStorage.getItem('token'));

    // The codes the site has for what a person reads: every venue's and every ledger movement type's.
    const venues = (await memberApi<{ name: string; platname: string }[]>(token, '/api/balancelist')).data;
    expect(venues.length).toBeGreaterThan(0);
    const codes = [...venues.map((v) => v.platname), ...Object.keys(MOVEMENT_TYPES)];

    // A deposit, credited by finance: the member hears of it in the 站内信.
    await submitBankDeposit(page, '500');
    await expectToast(page, '提交成功，等待后台审核');
    const pending = await adminApi<{ data: { username: string; deposit_no: string }[] }>(
      'GET',
      '/admin/api/deposits?state=1&pagesize=50',
    );
    const deposit = pending.data.data.find((d) => d.username === name);
    if (!deposit) throw new Error('the deposit is not waiting for review');
    expect((await approveDeposit(deposit.deposit_no)).code).toBe(200);
    await page.goto(`${baseURL()}/#/message?type=2`);
    const inbox = page.getByRole('list', { name: '站内信列表' });
    await expect.poll(() => inbox.innerText()).toContain('存款已到账');
    expect(await inbox.innerText()).toContain(deposit.deposit_no);
    expect(await inbox.innerText()).toContain('欢迎加入');

    // Money into a venue, so 交易记录 → 转入 has a row to name.
    const venue = venues.find((v) => v.platname === 'XHZR') ?? venues[0]!;
    await transferIntoVenue(page, venue.name, '100');
    await page.waitForLoadState('networkidle');

    // The withdrawal screen opens on the bank card tab with the only card chosen, and says when bets count.
    await page.goto(`${baseURL()}/#/withdrawal`);
    await expect.poll(() => page.getByRole('tab', { name: '银行卡' }).getAttribute('aria-selected')).toBe('true');
    const cards = page.getByRole('radiogroup', { name: '选择银行卡' }).getByRole('radio');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('aria-checked')).toBe('true');
    expect(await page.getByText(/约1分钟后计入打码量/).count()).toBe(1);

    // The game page is headed by the venue's name.
    await page.goto(
      `${baseURL()}/#/gamePage?${new URLSearchParams({ name: venue.platname, type: '', code: '' }).toString()}`,
    );
    await expect.poll(() => page.locator('.back-bar-title').innerText()).toBe(venue.name);

    // The partner application shows that it is under review, then and on return.
    await page.goto(`${baseURL()}/#/applyagent`);
    await page.getByLabel('手机号').fill('13912345678');
    await page.getByLabel('申请理由').fill('有推广资源');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expectToast(page, '申请成功');
    const state = page.getByRole('status', { name: '申请状态' });
    await expect.poll(() => state.innerText()).toContain('正在审核中');
    await page.reload();
    await expect.poll(() => state.innerText()).toContain('正在审核中');
    expect(await page.getByRole('form', { name: '申请合营' }).count()).toBe(0);

    // No route shows a venue's or a movement's code.
    const seen: Record<string, string[]> = {};
    for (const route of MEMBER_ROUTES) {
      const text = await textOf(page, route);
      const found = codes.filter((code) => asWord(code).test(text));
      if (found.length) seen[route] = found;
    }
    expect(seen).toEqual({});
    // 转入 names the venue the money went to.
    await textOf(page, '/transRecord?type=3');
    await expect.poll(() => page.getByRole('list', { name: '交易记录列表' }).innerText()).toContain(venue.name);

    await expectCleanThenClose(opened);
    // Every member route is read in turn: longer than one journey's usual bound.
  }, 300_000);
});
