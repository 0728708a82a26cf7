import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hashPath, launchBrowser, phonePage, readCaptcha, uniqueName } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('visitor to member and back', () => {
  it('is sent to login from /mine, registers, stays logged in across a reload, and logs out', async () => {
    const { page, errors, context } = await phonePage(browser);

    await page.goto(`${baseURL()}/#/mine`);
    await page.waitForURL(/#\/login\?/);
    expect(decodeURIComponent(hashPath(page))).toContain('redirect=/mine');

    await page.getByRole('tab', { name: '注册' }).click();
    const name = uniqueName('walker');
    await page.getByPlaceholder('请输入用户名').fill(name);
    await page.getByPlaceholder('请输入密码').last().fill('secret123');
    await page.getByPlaceholder('请再次输入密码').fill('secret123');
    await page.getByPlaceholder('请输入真实姓名').fill('李四');
    await page.getByPlaceholder('请输入支付密码').fill('pay123456');
    await page.getByPlaceholder('请输入验证码').fill(await readCaptcha(page));
    await page.getByRole('button', { name: '注册', exact: true }).click();

    const balance = page.getByLabel('账户余额');
    await balance.waitFor();
    expect(await balance.textContent()).toContain('0.00');
    expect(hashPath(page)).toMatch(/^#\/?$/);

    await page.reload();
    await page.getByLabel('账户余额').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}').username)).toBe(name);

    await page.goto(`${baseURL()}/#/mine`);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/#\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    expect(errors).toEqual([]);
    await context.close();
  });
});
