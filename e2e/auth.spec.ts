import { describe, expect, it } from 'vitest';
import { baseURL, hashPath, browserOfFile, phonePage, uniqueName, submitRegisterForm } from './support/browser';

const browser = browserOfFile();

describe('visitor to member and back', () => {
  it('is sent to login from /mine, registers, stays logged in across a reload, and logs out', async () => {
    const { page, errors, context } = await phonePage(browser());

    await page.goto(`${baseURL()}/#/mine`);
    await page.waitForURL(/#\/login\?/);
    expect(decodeURIComponent(hashPath(page))).toContain('redirect=/mine');

    await page.getByRole('tab', { name: '注册' }).click();
    const name = uniqueName('walker');
    await submitRegisterForm(page, name);

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
