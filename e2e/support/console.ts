import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { dataOf, requestJson } from './api';
import { baseURL, type JourneyOperator, memberApi, type OpenedPage, recordedPage, tabOf, uniqueName } from './browser';
import { expectToast } from './toasts';

export { expectToast } from './toasts';

// Helpers of the console journeys (apps/admin at /admin/): a desktop page, signing in, members made through the
// member API (the console is what is under test here, not the member screens), and the dynamic code.

export const consoleURL = (path = '') => `${baseURL()}/admin/${path.replace(/^\//, '')}`;

/** Who a console page is signed in as: one of the journeys' operators, or an operator a journey made. */
export type ConsoleOperator = JourneyOperator | { username: string; password: string };

const DESKTOP = { viewport: { width: 1280, height: 860 }, locale: 'zh-CN' } as const;

/**
 * A console session from the console's own sign-in API, for a browser with its own console device id (a fresh one,
 * as a new browser makes: the two-person rule tells browsers apart by it). Answers what the console keeps in
 * localStorage after signing in on the form: the session under admin.session, the device id under console-device.
 */
export async function consoleStorage(as: ConsoleOperator): Promise<{ name: string; value: string }[]> {
  const device = randomUUID();
  const { username, password } = typeof as === 'string' ? inject(as) : as;
  const answer = await requestJson<{ token: string; role: string; username: string }>(`${baseURL()}/admin/api/login`, {
    body: { username, password },
    headers: { 'x-console-device': device },
  });
  const { token, role, username: name } = dataOf(answer, `sign-in of ${username}`);
  return [
    { name: 'admin.session', value: JSON.stringify({ token, role, username: name }) },
    { name: 'console-device', value: device },
  ];
}

/**
 * A 1280 px desktop page of a new context that records console errors; with `as`, that context is already signed in
 * (the session from the sign-in API, kept where the console keeps it), so the journey's first page load is its screen.
 * The sign-in form itself is a journey of its own (admin.spec).
 */
export async function desktopPage(browser: Browser, as?: ConsoleOperator): Promise<OpenedPage> {
  const storageState = as
    ? { cookies: [], origins: [{ origin: new URL(baseURL()).origin, localStorage: await consoleStorage(as) }] }
    : undefined;
  return recordedPage(browser, { ...DESKTOP, storageState }, 'console');
}

/**
 * The console of a spec file's journeys that need no browser of their own: one context, signed in as the admin of the
 * journeys, made before the first journey and closed after the last. Each journey opens its own tab in it (and closes
 * it with `close`), so the console's scripts are fetched and compiled once per file, not once per journey. Journeys
 * that sign out, or need two operators side by side, take a desktopPage of their own.
 */
export function consoleTabsOfFile(browser: () => Browser): () => Promise<OpenedPage> {
  let shared: OpenedPage | undefined;
  beforeAll(async () => {
    shared = await desktopPage(browser(), 'operator');
    await shared.page.close();
  });
  afterAll(() => shared?.close());
  return async () => {
    if (!shared) throw new Error('the console of the file is opened before its first journey');
    return tabOf(shared.context);
  };
}

/** Signs in on 登录 (with 动态验证码 when a code is given) and waits for the console. */
export async function signIn(page: Page, username: string, password: string, code?: () => string) {
  await page.goto(consoleURL('login'));
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  if (code) await page.getByLabel('动态验证码').fill(code());
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('navigation', { name: '主菜单' }).waitFor();
}

/**
 * Opens a console screen as the admin of the journeys, already signed in: the session comes from the sign-in API and
 * is put where the console keeps it before the page loads, so the journey starts on its screen with one page load
 * instead of three (sign-in page, dashboard, screen).
 */
export async function openScreenAsBoss(page: Page, path: string, heading: string) {
  const storage = await consoleStorage('operator');
  // Once per tab: a journey that signs out stays signed out when its page loads again.
  await page.addInitScript((storage) => {
    if (sessionStorage.getItem('e2e.session-placed')) return;
    sessionStorage.setItem('e2e.session-placed', '1');
    for (const { name, value } of storage) localStorage.setItem(name, value);
  }, storage);
  await openScreen(page, path, heading);
}

/** The six-digit code of an authenticator app holding `secret`, `offsetSteps` periods from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** A member API call the set-up of a console journey needs to succeed; answers its data. */
async function memberCall<T>(path: string, body: unknown, token?: string): Promise<T> {
  return dataOf(await memberApi<T>(token ?? null, path, body), path);
}

export interface Member {
  name: string;
  token: string;
}

/** A member registered through the member API, with a bank card bound (pay password pay123456). */
export async function newMemberWithCard(cardNo = '6222020200998877'): Promise<Member> {
  const name = uniqueName('c');
  const { api_token: token } = await memberCall<{ api_token: string }>('/api/register', {
    name,
    password: 'secret123',
    confirmPass: 'secret123',
    realname: '赵六',
    paypassword: 'pay123456',
    code: 'AB12',
  });
  await memberCall(
    '/api/bindcard',
    {
      bank: '中国银行',
      bank_owner: '赵六',
      bank_no: cardNo,
      bank_address: '北京市朝阳区支行',
      pay_pass: 'pay123456',
    },
    token,
  );
  return { name, token };
}

/** A bank-transfer deposit waiting for review; answers its number. */
export async function bankDeposit(member: Member, amount: string): Promise<string> {
  const { deposit_no } = await memberCall<{ deposit_no: string }>(
    '/api/recharge',
    {
      paytype: 'bank',
      amount,
      bank: '中国银行',
      bank_no: '6222020200998877',
      bank_owner: '赵六',
      bank_address: '北京市朝阳区支行',
      catepay: '',
    },
    member.token,
  );
  return deposit_no;
}

/** A withdrawal to the member's bank card; answers its number. */
export async function withdraw(member: Member, amount: string): Promise<string> {
  const cards = await memberCall<{ id: number }[]>('/api/getcard', { type: 1 }, member.token);
  const card = cards[0];
  if (!card) throw new Error('the member has no card');
  const { order_no } = await memberCall<{ order_no: string }>(
    '/api/withdraw',
    { amount, bank: card.id, password: 'pay123456' },
    member.token,
  );
  return order_no;
}

export const balanceOf = async (member: Member) =>
  (await memberCall<{ balance: string }>('/api/balance', {}, member.token)).balance;

/**
 * The table row of a queue or list that shows `text` (not the rows of a dialog's description list, which a confirm
 * dialog closing over the list may still show for a moment).
 */
export const rowWith = (page: Page, text: string) => page.locator('tr:not(.ant-descriptions-row)', { hasText: text });

/** The dialog on top (a form, or a confirm over it). */
export const dialog = (page: Page) => page.getByRole('dialog').last();

/**
 * Picks the option showing `label` in the select labelled `field` of the open dialog, and waits for its list to close
 * (an open list covers the inputs below it) and the select to show the choice.
 */
export async function chooseOption(page: Page, field: string, label: string) {
  const select = dialog(page).getByLabel(field, { exact: true });
  const shown = dialog(page)
    .locator('.ant-form-item', { has: page.getByLabel(field, { exact: true }) })
    .locator('.ant-select');
  await expect
    .poll(
      async () => {
        if (!(await shown.textContent())?.includes(label)) {
          // A click that lands while the dialog still moves may close the list again: each try is short, and the
          // poll opens the list afresh until the choice shows.
          await select.click({ timeout: 3_000 }).catch(() => undefined);
          const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
          await list
            .locator('.ant-select-item-option', { hasText: label })
            .first()
            .click({ timeout: 3_000 })
            .catch(() => undefined);
          await list.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => page.keyboard.press('Escape'));
        }
        return shown.textContent();
      },
      { timeout: 15_000 },
    )
    .toContain(label);
}

/**
 * Fills the open 存款审核 approval dialog as finance does: the receiving account the money reached (the demo's first
 * bank account) and the payer's reference, then confirms.
 */
export async function approveDepositInDialog(page: Page, reference: string) {
  await chooseOption(page, '到账的收款账户', '中国工商银行');
  await dialog(page).getByLabel('付款流水号 / 付款人', { exact: true }).fill(reference);
  await clickInDialog(page, '确认通过');
}

/** Opens a console screen by its path and waits for its heading (the whole of it, or matching a pattern). */
export async function openScreen(page: Page, path: string, heading: string | RegExp) {
  await page.goto(consoleURL(path));
  await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
}

/**
 * Opens a console screen the way its menu does, inside the running app (no page load), and waits for its heading.
 * For journeys that only read a screen; one that needs the data fetched afresh uses openScreen.
 */
export async function navigateInApp(page: Page, path: string, heading: string | RegExp) {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, consoleURL(path));
  await page.getByRole('heading', { name: heading, exact: true, level: 1 }).waitFor();
}

/**
 * Clicks a button of the dialog on top once that dialog has stopped moving: a click while a confirm still zooms in
 * can miss it on a busy machine. Only the dialog's own layer is watched (a toast sliding in elsewhere does not count).
 */
export async function clickInDialog(page: Page, name: string, options: { exact?: boolean } = {}) {
  const button = dialog(page).getByRole('button', { name, exact: options.exact });
  await button.evaluate(async (el) => {
    const layer = el.closest('.ant-modal-root') ?? el.closest('[role="dialog"]') ?? document.body;
    const moving = () =>
      document.getAnimations().some((a) => {
        const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
        return (
          a.playState === 'running' &&
          a.effect?.getTiming().iterations !== Infinity &&
          !!target &&
          layer.contains(target)
        );
      });
    while (moving()) await new Promise((resolve) => requestAnimationFrame(resolve));
  });
  await button.click();
}

/** Saves the open form dialog of a resource screen. */
export async function save(page: Page) {
  await clickInDialog(page, '保存');
}

/** Deletes the row showing `text` after the confirm dialog, and waits for it to leave the table. */
export async function removeRow(page: Page, text: string) {
  await rowWith(page, text).getByRole('button', { name: /^删除/ }).click();
  await clickInDialog(page, '删除', { exact: true });
  await expectToast(page, '已删除');
  await rowWith(page, text).waitFor({ state: 'detached' });
}
