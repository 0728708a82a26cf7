import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseURL,
  hashPath,
  browserOfFile,
  phonePage,
  registerThroughForm,
  submitRegisterForm,
  uniqueName,
} from './support/browser';
import { expectToast } from './support/toasts';

// The content and service screens: sponsors, customer service, help, the USDT notes, slots, about us, VIP, the
// app download page, the security centre, the card wallet and the referral link.

const browser = browserOfFile();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('content and service screens', () => {
  it('lets a visitor read sponsors, service, help, the USDT notes, slots, about us, VIP and the register view', async () => {
    const { page, errors, context } = await phonePage(browser());

    await page.goto(`${baseURL()}/#/zhanzhu`);
    await heading(page, '品牌赞助').waitFor();
    await page.locator('.sponsor-card').first().click();
    await page.waitForURL(/#\/zhanzhuye\?type=/);
    await heading(page, '赞助详情').waitFor();

    await page.goto(`${baseURL()}/#/kefu`);
    await heading(page, '客服中心').waitFor();
    await page.getByRole('link', { name: '帮助中心' }).click();
    await page.waitForURL(/#\/boutBallBet$/);
    await page.locator('.help-link').first().click();
    await page.waitForURL(/#\/boutBallBetInfo\?type=/);
    await heading(page, '帮助详情').waitFor();
    await expect.poll(() => page.locator('.article-title, .safe-html').first().textContent()).not.toBe('');

    await page.goto(`${baseURL()}/#/usdtmore`);
    await heading(page, 'TRC20 与 ERC20 有什么区别？').waitFor();

    await page.goto(`${baseURL()}/#/concise`);
    await page.getByRole('tab', { name: '鸥鹏电子' }).waitFor();
    await page.getByRole('list', { name: '游戏列表' }).first().waitFor();
    // Slots are for members: a visitor tapping a game is told to log in and stays on the list.
    await page.getByRole('list', { name: '游戏列表' }).first().locator('li').first().click();
    await expectToast(page, '请登录！');
    expect(hashPath(page)).toMatch(/^#\/concise/);

    // /abouts?type=5 and 6 keep their own titles (the back bar's, level 1), reached from the partner programme.
    await page.goto(`${baseURL()}/#/applyagent`);
    await page.getByRole('link', { name: '代理协议' }).click();
    await page.waitForURL(/#\/abouts\?type=6$/);
    await page.getByRole('heading', { level: 1, name: '代理协议' }).waitFor();
    await page.goto(`${baseURL()}/#/abouts?type=5`);
    await page.getByRole('heading', { level: 1, name: '代理加盟' }).waitFor();

    await page.goto(`${baseURL()}/#/vip`);
    await heading(page, 'VIP规则说明').waitFor();

    await page.goto(`${baseURL()}/#/register`);
    await heading(page, '注册').first().waitFor();
    await page.getByRole('link', { name: '立即登录' }).click();
    await page.waitForURL(/#\/login/);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a member the app download, the security centre, the cards, VIP progress and a referral link that brings an invitee', async () => {
    const { page, errors, context } = await phonePage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await registerThroughForm(page);

    await page.goto(`${baseURL()}/#/app`);
    await heading(page, 'APP下载').waitFor();

    await page.goto(`${baseURL()}/#/userCent`);
    await heading(page, '安全中心').waitFor();
    const security = page.getByRole('main', { name: '安全中心' });
    for (const [label, target] of [
      ['个人资料', /#\/userInfo$/],
      ['卡片管理', /#\/wallet$/],
    ] as const) {
      await security.getByRole('link', { name: new RegExp(label) }).click();
      await page.waitForURL(target);
      await page.goBack();
      await heading(page, '安全中心').waitFor();
    }
    await security.getByRole('link', { name: /登录密码/ }).click();
    await page.waitForURL(/#\/password\?type=1$/);
    await page.goBack();
    await security.getByRole('link', { name: /取款密码/ }).click();
    await page.waitForURL(/#\/password\?type=2$/);

    await page.goto(`${baseURL()}/#/wallet`);
    await heading(page, '卡片管理').waitFor();
    await page.getByRole('tab', { name: 'USDT' }).waitFor();

    await page.goto(`${baseURL()}/#/vip`);
    await page.getByRole('region', { name: '我的VIP进度' }).waitFor();
    await page.getByRole('progressbar', { name: '晋级进度' }).waitFor();

    await page.goto(`${baseURL()}/#/referral`);
    const linkText = page.getByLabel('邀请链接地址');
    await expect.poll(() => linkText.textContent()).toMatch(/#\/login\?type=1&pid=\d+$/);
    const link = (await linkText.textContent()) ?? '';
    await page.getByRole('img', { name: '邀请二维码' }).waitFor();
    await page.getByRole('button', { name: '复制链接' }).click();
    await expectToast(page, '复制成功！');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect.poll(() => page.getByLabel('已邀请人数').textContent()).toBe('0');

    // A friend opens the link in their own browser and registers: the invite counts.
    const friend = await phonePage(browser());
    await friend.page.goto(link);
    await submitRegisterForm(friend.page, uniqueName('f'));
    expect(friend.errors).toEqual([]);
    await friend.context.close();

    await page.reload();
    await expect.poll(() => page.getByLabel('已邀请人数').textContent()).toBe('1');

    expect(errors).toEqual([]);
    await context.close();
  });
});
