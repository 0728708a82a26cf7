import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { MSG } from '@h5/contract/messages';
import {
  adminApi,
  baseURL,
  browserOfFile,
  creditMember,
  expectCleanThenClose,
  newOperatorApproved,
  phonePage,
  uniqueName,
} from './support/browser';
import {
  balanceOf,
  bankDeposit,
  chooseOption,
  consoleURL,
  desktopPage,
  expectToast,
  newMemberWithCard,
  rowWith,
  signIn,
  totpCode,
  withdraw,
  clickInDialog,
  openScreen as openScreenAt,
  approveDepositInDialog,
} from './support/console';

// The operators' console at /admin/ in Chromium at 1280 px, against the real server: sign-in with two factors,
// the money desk, the second review of large withdrawals and the roles. Each journey also checks that nothing was
// logged, so a script or style the page's content security policy refused would fail it.

const browser = browserOfFile();

const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });
const openScreen = async (page: Page, name: string) => {
  await menu(page).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();
};
const dialog = (page: Page) => page.getByRole('dialog').last();

/** Reads 中心钱包 on the member page. */
const centralWallet = (page: Page) =>
  page.locator('.ant-statistic', { hasText: '中心钱包' }).locator('.ant-statistic-content').textContent();

async function openMember(page: Page, username: string) {
  await openScreen(page, '会员管理');
  await page.getByLabel('用户名').fill(username);
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await rowWith(page, username).getByRole('link', { name: username }).click();
  await page.getByRole('heading', { name: `会员详情：${username}` }).waitFor();
}

/** Proposes a new operator on 管理员: it waits for a second admin (docs/operators.md "Two people, judged by person"). */
async function proposeOperator(page: Page, role: '财务' | '超级管理员' | '内容运营') {
  const username = uniqueName('op');
  await openScreen(page, '管理员');
  await page.getByRole('button', { name: '新增管理员' }).click();
  await dialog(page).getByText('新增管理员须另一位管理员在「待审批变更」中通过后才生效').waitFor();
  await dialog(page).getByLabel('用户名').fill(username);
  await chooseOption(page, '角色', role);
  await clickInDialog(page, '提交审批');
  await expectToast(page, MSG.integrationChangePending);
  expect(await rowWith(page, username).count()).toBe(0);
  return username;
}

/** The second admin approves a new operator in 待审批变更 and is shown its password, once: answers it. */
async function approveNewOperator(page: Page, username: string) {
  await openScreenAt(page, 'integration-changes', '待审批变更');
  const pending = rowWith(page, `操作员 ${username}（新增）`);
  await pending.getByRole('button', { name: '通过' }).click();
  await clickInDialog(page, '确认通过');
  const shown = page.locator('.ant-modal', { hasText: '管理员已创建' });
  const password = (await shown.getByLabel('初始密码').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(16);
  await shown.getByRole('button', { name: '我已保存密码' }).click();
  await expect.poll(() => pending.count()).toBe(0);
  return password;
}

describe('the operators console', () => {
  it('signs an operator in, enrols two factors from 账号安全, and signs in again with the dynamic code', async () => {
    const username = uniqueName('totp');
    const created = await newOperatorApproved(username, 'admin');
    const { page, errors, context } = await desktopPage(browser());

    await page.goto(consoleURL());
    await page.getByRole('heading', { name: '登录', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await signIn(page, username, created.password);
    await page.getByRole('heading', { name: '仪表盘', level: 1 }).waitFor();

    await openScreen(page, '账号安全');
    await page.getByRole('button', { name: '开启两步验证' }).click();
    await page.getByRole('img', { name: '两步验证二维码' }).waitFor();
    const secret = (await page.locator('code').first().textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('动态验证码').fill(totpCode(secret));
    await page.getByRole('button', { name: '确认开启' }).click();
    await page.getByText('已开启', { exact: true }).waitFor();

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('heading', { name: '登录', exact: true }).waitFor();

    // The password alone is no longer enough, and is answered as a wrong one (with a reminder of the code field);
    // the next period's code (the last one was used) signs in.
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(created.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expectToast(page, MSG.loginFailed);
    await page.getByText('账号已开启两步验证时，须同时填写验证器中的 6 位动态验证码').waitFor();
    await page.getByLabel('动态验证码').fill(totpCode(secret, 1));
    // By its text: while antd's loading icon fades out after the refused sign-in, the icon's label is still part of
    // the button's accessible name ("loading 登录"), though the button already takes clicks.
    await page.locator('button', { hasText: /^登\s?录$/ }).click();
    await page.getByRole('heading', { name: '仪表盘', level: 1 }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it("approves a member's bank deposit from 存款审核 and sees the balance on the member page", async () => {
    const member = await newMemberWithCard();
    const depositNo = await bankDeposit(member, '500');
    const { page, errors, context } = await desktopPage(browser(), 'operator');
    await openScreenAt(page, 'deposits', '存款审核');

    const row = rowWith(page, depositNo);
    await expect.poll(() => row.textContent()).toContain(member.name);
    expect(await row.textContent()).toContain('500.00');
    await row.getByRole('button', { name: '通过', exact: true }).click();
    await expect.poll(() => dialog(page).textContent()).toContain(depositNo);
    // Approved with its evidence: the receiving account the money reached and the payer's reference.
    await approveDepositInDialog(page, `张三 流水 ${depositNo.slice(-6)}`);
    await expectToast(page, '已通过');
    await expect.poll(() => row.count()).toBe(0);

    await openMember(page, member.name);
    await expect.poll(() => centralWallet(page)).toBe('500.00');
    await page.getByRole('tab', { name: '存款记录' }).click();
    await expect.poll(() => rowWith(page, depositNo).textContent()).toContain('已通过');
    expect(await balanceOf(member)).toBe('500.00');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('rejects a withdrawal from 提款审核 with a reason, and the member has the money back and reads why in 站内信', async () => {
    const member = await newMemberWithCard();
    await creditMember(member.name, '500');
    const orderNo = await withdraw(member, '200');
    expect(await balanceOf(member)).toBe('300.00');
    const { page, errors, context } = await desktopPage(browser(), 'operator');
    await openScreenAt(page, 'withdrawals', '提款审核');

    const row = rowWith(page, orderNo);
    await expect.poll(() => row.textContent()).toContain('6222020200998877');
    expect(await row.textContent()).toContain('已完成');
    await row.getByRole('button', { name: '拒绝', exact: true }).click();
    await dialog(page).getByLabel('拒绝原因').fill('收款信息与实名不符');
    await clickInDialog(page, '确认拒绝');
    await expectToast(page, '已拒绝');
    await expect.poll(() => row.count()).toBe(0);
    expect(await balanceOf(member)).toBe('500.00');

    await page.goto(consoleURL(`withdrawals?state=3`));
    await expect.poll(() => rowWith(page, orderNo).textContent()).toContain('收款信息与实名不符');
    await rowWith(page, orderNo).getByRole('link', { name: member.name }).click();
    await expect.poll(() => centralWallet(page)).toBe('500.00');
    expect(errors).toEqual([]);
    await context.close();

    // A second withdrawal, paid: the member reads of both in 消息中心 → 站内信, the newest first.
    const paidNo = await withdraw(member, '120');
    expect(
      (await adminApi<{ state: number }>('POST', `/admin/api/withdrawals/${paidNo}/approve`, { note: '' })).code,
    ).toBe(200);
    const phone = await phonePage(browser());
    await phone.context.addInitScript((token) => sessionStorage.setItem('token', token), member.token);
    await phone.page.goto(`${baseURL()}/#/message?type=2`);
    const inbox = phone.page.getByRole('list', { name: '站内信列表' });
    await expect.poll(() => inbox.innerText()).toContain('取款已出款');
    const text = await inbox.innerText();
    expect(text).toContain(paidNo);
    expect(text).toContain(orderNo);
    expect(text.indexOf('取款已出款')).toBeLessThan(text.indexOf('取款未通过审核'));
    await expectCleanThenClose(phone);
  });

  it('needs a second operator for a large withdrawal; a finance operator the boss made on 管理员 is not one', async () => {
    const boss = await desktopPage(browser(), 'operator');
    await openScreenAt(boss.page, 'operators', '管理员');
    const username = await proposeOperator(boss.page, '财务');

    // Only a second admin's approval makes the account, and shows that admin its password once.
    const admin2 = await desktopPage(browser(), 'second');
    const finance = { username, password: await approveNewOperator(admin2.page, username) };
    expect(admin2.errors).toEqual([]);
    await admin2.context.close();

    await openScreen(boss.page, '提款审核');
    await boss.page.getByRole('button', { name: '设置', exact: true }).click();
    await boss.page.getByLabel('复核线（元，1 至 100000）').fill('1000');
    await boss.page.getByRole('button', { name: '保存', exact: true }).click();
    await boss.page.getByText('大额复核：超过 1,000.00 元的提款需另一位操作员复核').waitFor();

    try {
      const member = await newMemberWithCard();
      await creditMember(member.name, '6000');
      const orderNo = await withdraw(member, '5000');
      await boss.page.reload();
      const bossRow = rowWith(boss.page, orderNo);
      await expect.poll(() => bossRow.textContent()).toContain('大额需复核');
      await bossRow.getByRole('button', { name: '通过', exact: true }).click();
      await expect.poll(() => dialog(boss.page).textContent()).toContain('本次为初审');
      await clickInDialog(boss.page, '确认通过');
      await expectToast(boss.page, '初审已通过，等待另一位操作员复核');
      await expect.poll(() => bossRow.textContent()).toContain('待复核（初审 e2eboss）');
      expect(await bossRow.getByRole('button', { name: '通过', exact: true }).isDisabled()).toBe(true);
      expect(await balanceOf(member)).toBe('1000.00');

      const made = await desktopPage(browser(), finance);
      await openScreenAt(made.page, 'withdrawals', '提款审核');
      const names = await menu(made.page).getByRole('link').allTextContents();
      expect(names).toContain('提款审核');
      expect(names).not.toContain('管理员');
      await made.page.goto(consoleURL('operators'));
      await made.page.getByText('无权访问').waitFor();

      // The boss vouched for this account: it is no second person for the boss's first approval.
      await openScreen(made.page, '提款审核');
      const madeRow = rowWith(made.page, orderNo);
      await madeRow.getByRole('button', { name: '复核通过' }).click();
      await expect.poll(() => dialog(made.page).textContent()).toContain('初审：e2eboss');
      await clickInDialog(made.page, '确认通过');
      await expectToast(made.page, MSG.secondPersonVouched);
      expect(await balanceOf(member)).toBe('1000.00');
      expect(made.errors).toEqual([]);
      await made.context.close();

      // Another finance operator, from the operator CLI, gives the second approval.
      const checker = inject('checker');
      const second = await desktopPage(browser(), 'checker');
      await openScreenAt(second.page, 'withdrawals', '提款审核');
      const secondRow = rowWith(second.page, orderNo);
      await secondRow.getByRole('button', { name: '复核通过' }).click();
      await expect.poll(() => dialog(second.page).textContent()).toContain('初审：e2eboss');
      await clickInDialog(second.page, '确认通过');
      await expectToast(second.page, '已通过');
      await expect.poll(() => secondRow.count()).toBe(0);

      await second.page.goto(consoleURL('withdrawals?state=2'));
      await expect.poll(() => rowWith(second.page, orderNo).textContent()).toContain(`e2eboss / ${checker.username}`);
      expect(await balanceOf(member)).toBe('1000.00');
      expect(second.errors).toEqual([]);
      await second.context.close();
    } finally {
      await boss.page.goto(consoleURL('withdrawals'));
      await boss.page.getByRole('button', { name: '设置', exact: true }).click();
      // Back to the default: the line is never off.
      await boss.page.getByLabel('复核线（元，1 至 100000）').fill('5000');
      await boss.page.getByRole('button', { name: '保存', exact: true }).click();
      await boss.page.getByText('大额复核：超过 5,000.00 元的提款需另一位操作员复核').waitFor();
    }
    expect(boss.errors).toEqual([]);
    await boss.context.close();
    // Four operators' browsers one after another: about 40 s alone, twice that beside the other journeys.
  }, 180_000);
});
