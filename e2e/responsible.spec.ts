import { describe, expect, it } from 'vitest';
import { adminApi, baseURL, browserOfFile, phonePage, submitBankDeposit, registerWithCard } from './support/browser';
import { expectToast } from './support/toasts';

const browser = browserOfFile();

describe('理性娱乐', () => {
  it('sets a daily deposit limit from the security centre; a deposit above it is refused, one at it goes through', async () => {
    const { page, errors, context } = await phonePage(browser());
    // The deposit screen asks for a bound card first.
    const name = await registerWithCard(page);

    await page.goto(`${baseURL()}/#/userCent`);
    await page.getByRole('link', { name: /理性娱乐/ }).click();
    await page.waitForURL(/#\/responsible/);
    const form = page.getByRole('form', { name: '每日存款限额' });
    await expect.poll(() => page.getByLabel('每日存款限额当前').textContent()).toBe('不限');
    await expect.poll(() => page.getByText('暂无变更记录').count()).toBe(1);
    await form.getByLabel('每日存款限额', { exact: true }).fill('300');
    await form.getByRole('button').filter({ hasText: '保存' }).click();
    await expectToast(page, '设置成功，已立即生效');
    await expect.poll(() => page.getByLabel('每日存款限额当前').textContent()).toBe('300.00元');
    await expect
      .poll(() => page.getByRole('list', { name: '变更记录列表' }).textContent())
      .toContain('每日存款限额 不限 → 300.00元，立即生效');

    // Raising it waits 24 hours, and the screen says so.
    await form.getByLabel('每日存款限额', { exact: true }).fill('5000');
    await form.getByRole('button').filter({ hasText: '保存' }).click();
    await expectToast(page, '放宽限制需等待24小时，届时自动生效');
    await expect
      .poll(() => form.getByRole('note').textContent())
      .toMatch(/^待生效：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 起调整为 5000\.00元$/);
    await expect.poll(() => page.getByLabel('每日存款限额当前').textContent()).toBe('300.00元');

    await submitBankDeposit(page, '300.01');
    await expectToast(page, '超出您设置的每日存款限额300.00元，本期还可存款300.00元');
    expect(page.url()).toMatch(/#\/recharge/);
    const none = await adminApi<{ data: Array<{ username: string }> }>(
      'GET',
      '/admin/api/deposits?state=1&pagesize=50',
    );
    expect(none.data.data.filter((d) => d.username === name)).toEqual([]);

    await page.getByLabel('存款金额', { exact: true }).fill('300');
    await page.getByRole('button', { name: '提交存款' }).click();
    await expectToast(page, '提交成功，等待后台审核');
    await page.waitForURL(/#\/transRecord/);

    expect(errors).toEqual([]);
    await context.close();
  });
});
