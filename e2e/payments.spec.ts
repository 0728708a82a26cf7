import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  adminApi,
  approveDeposit,
  baseURL,
  creditMember,
  browserOfFile,
  phonePage,
  submitBankDeposit,
  startOnlineDeposit,
  registerWithCard,
} from './support/browser';
import { expectToast } from './support/toasts';

const browser = browserOfFile();

const centralBalance = (page: Page) => page.getByLabel('账户余额').textContent();

/** The home page, loaded afresh, shows the central balance `amount`. */
async function homeShowsBalance(page: Page, amount: string) {
  await page.goto(`${baseURL()}/#/`);
  await page.reload();
  await expect.poll(() => centralBalance(page)).toContain(amount);
}

async function pendingOf<T extends { username: string }>(
  kind: 'deposits' | 'withdrawals',
  username: string,
): Promise<T> {
  const list = await adminApi<{ data: T[] }>('GET', `/admin/api/${kind}?state=1&pagesize=50`);
  const item = list.data.data.find((d) => d.username === username);
  if (!item) throw new Error(`no pending ${kind} for ${username}`);
  return item;
}

describe('deposits, withdrawals and cards', () => {
  it('binds a bank card and a USDT address, deposits by bank transfer, and the balance rises once an operator approves', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerWithCard(page);
    await page.getByRole('button', { name: '解绑尾号2233' }).waitFor();

    await page.goto(`${baseURL()}/#/addUsdtCard`);
    await page.getByRole('radio', { name: 'TRC20' }).check();
    await page.getByLabel('USDT地址', { exact: true }).fill('TXYZ1234567890abcdefghijkLMNOPqrs9');
    await page.getByLabel('支付密码', { exact: true }).fill('pay123456');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await expectToast(page, '绑定成功');
    await page.waitForURL(/#\/wallet\?type=1/);

    await submitBankDeposit(page, '500');
    await expectToast(page, '提交成功，等待后台审核');
    await page.waitForURL(/#\/transRecord/);
    await expect.poll(() => page.locator('.trans-row .trans-state').first().textContent()).toBe('待审核');

    const deposit = await pendingOf<{ username: string; deposit_no: string; amount: string }>('deposits', name);
    expect(deposit.amount).toBe('500.00');
    // Approved with its evidence (the receiving account it reached, the payer's reference); once.
    expect(await approveDeposit(deposit.deposit_no)).toMatchObject({ code: 200, data: { state: 2 } });
    expect((await approveDeposit(deposit.deposit_no)).code).toBe(409);
    await homeShowsBalance(page, '500.00');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('deposits by USDT to the receiving address shown with its countdown, and waits for an operator', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerWithCard(page);

    await startOnlineDeposit(page, 'USDT', '720');
    const timer = page.getByRole('timer', { name: '剩余支付时间' });
    await expect.poll(() => timer.textContent()).toMatch(/^(60:00|59:\d{2})$/);
    const first = await timer.textContent();
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(first);
    await page.getByRole('button', { name: '复制收款地址' }).first().waitFor();
    // No gateway on this way: nothing on the page can credit the deposit.
    expect(await page.getByRole('link', { name: '前往支付' }).count()).toBe(0);

    const deposit = await pendingOf<{ username: string; deposit_no: string; catepay: string }>('deposits', name);
    // Approved with the address of its protocol the money reached.
    expect(await approveDeposit(deposit.deposit_no, `usdt-${deposit.catepay.toLowerCase()}`)).toMatchObject({
      code: 200,
      data: { state: 2 },
    });
    await homeShowsBalance(page, '720.00');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays by Alipay on the sandbox gateway pages and sees the balance arrive without an operator', async () => {
    const { page, errors, context } = await phonePage(browser());
    await registerWithCard(page);

    await startOnlineDeposit(page, '支付宝', '268');
    const depositNo = new URL(page.url().replace('/#/', '/')).searchParams.get('deposit_no');
    await page.getByText('请点击下方“前往支付”，在支付页面完成付款，付款成功后自动到账。').waitFor();

    await page.getByRole('link', { name: '前往支付' }).click();
    await page.waitForURL(/\/sandbox\/epay\/submit\.php\?/);
    await page.getByText('¥268.00').waitFor();
    await page.getByText(depositNo ?? '-').waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();

    // The gateway notified the server over HTTP, then sent the browser back to the deposit.
    await page.waitForURL(new RegExp(`#/payInfo\\?deposit_no=${depositNo}`));
    await expect
      .poll(() => page.getByRole('region', { name: '订单状态' }).getByRole('status').textContent())
      .toBe('已到账');
    await homeShowsBalance(page, '268.00');
    const credited = await adminApi<{
      data: Array<{ deposit_no: string; reviewed_by: string; gateway_trade_no: string }>;
    }>('GET', '/admin/api/deposits?state=2&pagesize=50');
    expect(credited.data.data.find((d) => d.deposit_no === depositNo)).toMatchObject({
      reviewed_by: 'sandbox',
      gateway_trade_no: expect.stringMatching(/^\d+$/),
    });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('withdraws to the bank card, sees it pending, and gets the money back when an operator rejects it', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerWithCard(page);
    await creditMember(name, '500');

    await page.goto(`${baseURL()}/#/withdrawal?type=2`);
    await page.getByRole('radiogroup', { name: '选择银行卡' }).getByRole('radio').first().check();
    await page.getByLabel('取款金额', { exact: true }).fill('200');
    await page.getByLabel('支付密码', { exact: true }).fill('pay123456');
    await page.getByRole('button', { name: '立即取款' }).click();
    await expectToast(page, '提交成功，等待后台审核');
    await page.waitForURL(/#\/transRecord/);
    await expect.poll(() => page.locator('.trans-row .trans-state').first().textContent()).toBe('待审核');
    await page.goto(`${baseURL()}/#/`);
    await expect.poll(() => centralBalance(page)).toContain('300.00');

    const withdrawal = await pendingOf<{ username: string; order_no: string }>('withdrawals', name);
    expect(
      (await adminApi('POST', `/admin/api/withdrawals/${withdrawal.order_no}/reject`, { note: '资料不符' })).code,
    ).toBe(200);
    await page.reload();
    await expect.poll(() => centralBalance(page)).toContain('500.00');
    await page.goto(`${baseURL()}/#/transRecord?type=2`);
    await expect.poll(() => page.locator('.trans-row .trans-state').first().textContent()).toBe('审核拒绝');

    expect(errors).toEqual([]);
    await context.close();
  });
});
