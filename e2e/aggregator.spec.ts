import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseURL,
  creditMember,
  browserOfFile,
  memberApi,
  phonePage,
  registerThroughForm,
  sandboxControlToken,
  transferIntoVenue,
  expectCleanThenClose,
  expectWalletBalances,
} from './support/browser';
import { clickInDialog, desktopPage, expectToast, openScreenAsBoss, rowWith } from './support/console';

// The money journeys of remote venues: the sandbox aggregator inside the server, reached over HTTP, with one
// transfer-wallet venue (聚合真人, the member's balance kept by the aggregator) and one seamless venue (聚合棋牌,
// played from the central wallet through our signed wallet API).
const browser = browserOfFile();

const money = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** A member API call's data, with the page's session. */
const api = async <T>(page: Page, path: string, body: unknown = {}) => (await memberApi<T>(page, path, body)).data;

async function playOneRound(page: Page, venue: string) {
  await page.goto(`${baseURL()}/#/gamePage?name=${venue}&code=dice`);
  const frame = page.frameLocator('iframe.game-frame');
  await expect.poll(() => frame.locator('#balance').textContent(), { timeout: 15_000 }).not.toBe('--');
  await frame.getByLabel(/下注金额/).fill('10');
  await frame.getByRole('button', { name: '押大' }).click();
  const line = frame.locator('#log li').first();
  await line.waitFor();
  const text = (await line.textContent()) ?? '';
  const winLoss = Number(/输赢 (-?\d+\.\d{2})/.exec(text)?.[1]);
  expect(Math.abs(winLoss)).toBe(10);
  return winLoss;
}

describe('remote venues through the sandbox aggregator', () => {
  it('moves money into a transfer-wallet venue, plays there and brings it all back', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerThroughForm(page);
    expect(await creditMember(name, '300')).toBe('300.00');

    await transferIntoVenue(page, '聚合真人', '100');
    await expectToast(page, '转账成功');

    await expectWalletBalances(page, { 聚合真人: '100.00', 中心钱包: '200.00' });

    const winLoss = await playOneRound(page, 'JHZR');
    // The aggregator keeps the venue balance: the round shows there (at the page's next poll), not in the central
    // wallet.
    await page.goto(`${baseURL()}/#/money`);
    await expect
      .poll(async () => money(await page.getByLabel('聚合真人余额').textContent()), { timeout: 10_000 })
      .toBe(100 + winLoss);

    await page.getByRole('button', { name: '一键回收' }).first().click();
    await expectToast(page, '回收成功');
    await expect.poll(async () => money(await page.getByLabel('中心钱包余额').textContent())).toBe(300 + winLoss);
    await expect.poll(() => page.getByLabel('聚合真人余额').textContent()).toContain('0.00');

    // Both transfers are in the records, each successful.
    const records = await api<{ data: { type: number; state: number; pay_way: string }[] }>(
      page,
      '/api/gettransrecord',
      { date: 1, page: 1 },
    );
    expect(records.data.filter((r) => r.pay_way === 'JHZR').map((r) => [r.type, r.state])).toEqual([
      [4, 1],
      [3, 1],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays a seamless venue from the central wallet and records the bet at once', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerThroughForm(page);
    expect(await creditMember(name, '50')).toBe('50.00');

    const winLoss = await playOneRound(page, 'JHQP');
    expect(await api<{ balance: string }>(page, '/api/balance')).toMatchObject({ balance: (50 + winLoss).toFixed(2) });

    await page.goto(`${baseURL()}/#/betRecord`);
    const row = page.locator('li.bet-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('已结算');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leaves a transfer the venue answered late pending, and finance finishes it from 场馆转账', async () => {
    const { page, errors, close } = await phonePage(browser());
    const name = await registerThroughForm(page);
    expect(await creditMember(name, '80')).toBe('80.00');
    // The aggregator holds its answer longer than the server waits (VENUE_TIMEOUT_MS 3 s in these journeys).
    const fault = await fetch(`${baseURL()}/sandbox/aggregator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sandboxControlToken()}` },
      body: JSON.stringify({ venue: 'JHZR', call: 'transfer', mode: 'late', hold_ms: 4500 }),
    });
    expect(fault.status).toBe(200);

    await transferIntoVenue(page, '聚合真人', '30');
    await expectToast(page, '转账处理中，请稍后在转账记录中查看结果');
    const records = await api<{ data: { type: number; state: number; pay_way: string; amount: string }[] }>(
      page,
      '/api/gettransrecord',
      { date: 1, page: 1 },
    );
    expect(records.data.filter((r) => r.pay_way === 'JHZR').map((r) => [r.type, r.amount, r.state])).toEqual([
      [3, '30.00', 2],
    ]);

    const desk = await desktopPage(browser());
    await openScreenAsBoss(desk.page, 'venue-transfers', '场馆转账');
    const row = rowWith(desk.page, name);
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('处理中');
    expect(await row.textContent()).toContain('30.00');
    await row.getByRole('button', { name: '对账' }).click();
    await clickInDialog(desk.page, '查询并处理');
    await expectToast(desk.page, '已按场馆答复完成该转账');
    await expect.poll(() => rowWith(desk.page, name).count()).toBe(0);

    await page.goto(`${baseURL()}/#/money`);
    await expect.poll(() => page.getByLabel('聚合真人余额').textContent(), { timeout: 10_000 }).toContain('30.00');
    await expect.poll(async () => money(await page.getByLabel('中心钱包余额').textContent())).toBe(50);
    await expectCleanThenClose({ errors, close }, desk);
  });
});
