import { describe, expect, it } from 'vitest';
import {
  baseURL,
  creditMember,
  browserOfFile,
  memberApi,
  phonePage,
  registerThroughForm,
  transferIntoVenue,
  expectWalletBalances,
} from './support/browser';
import { expectToast } from './support/toasts';

const browser = browserOfFile();

describe('a member moves money into a venue, plays and recycles it', () => {
  it('transfers 100 in, sees it in /money, plays a demo round, sees the bet and recycles everything', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerThroughForm(page);
    expect(await creditMember(name, '500')).toBe('500.00');

    await transferIntoVenue(page, '星河真人', '100');
    await expectToast(page, '转账成功');

    await expectWalletBalances(page, { 星河真人: '100.00', 中心钱包: '400.00' });

    // One demo round in the venue's game page, served by the sandbox aggregator inside the app's game frame.
    await page.goto(`${baseURL()}/#/gamePage?name=XHZR&type=baccarat&code=baccarat`);
    await expect
      .poll(() => page.locator('iframe.game-frame').getAttribute('src'))
      .toContain('/sandbox/aggregator/play?ticket=');
    const frame = page.frameLocator('iframe.game-frame');
    await frame.getByLabel(/下注金额/).fill('10');
    await frame.getByRole('button', { name: '押大' }).click();
    await frame.locator('#log li').first().waitFor();

    // The settled round reaches the bet record by the venue's bet pull.
    const betRecord = async () => (await memberApi<{ data: { win_loss: string }[] }>(page, '/api/betrecord')).data.data;
    await expect.poll(async () => (await betRecord()).length, { timeout: 15_000 }).toBe(1);
    await page.goto(`${baseURL()}/#/betRecord`);
    const row = page.locator('li.bet-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('已结算');
    const winLoss = Number((await betRecord())[0]?.win_loss);
    expect(Math.abs(winLoss)).toBe(10);

    await page.goto(`${baseURL()}/#/money`);
    await page.getByRole('button', { name: '一键回收' }).first().click();
    await expectToast(page, '回收成功');
    await expect.poll(() => page.getByLabel('星河真人余额').textContent()).toContain('0.00');
    await expect.poll(() => page.getByLabel('中心钱包余额').textContent()).toContain((500 + winLoss).toFixed(2));

    expect(errors).toEqual([]);
    await context.close();
  });
});
