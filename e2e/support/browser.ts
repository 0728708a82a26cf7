import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CAPTCHA_CODES } from '../../apps/web/src/features/auth/captcha-codes';
import { dataOf, type Envelope, requestJson } from './api';
import { chromiumLaunchOptions } from './chromium';
import { expectToast, recordToastsOf, type TOAST_SELECTOR } from './toasts';

export type { Envelope } from './api';

export const baseURL = () => inject('baseURL');
/** The bearer token of the sandbox aggregator's test controls (faults, outcomes). */
export const sandboxControlToken = () => inject('sandboxControlToken');

/** Debian's Chromium, headless, kept on loopback (STACK "Chromium"). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions());
}

/**
 * The browser of a spec file's journeys: launched before the first of them and closed after the last. Answers a
 * getter, since the browser only exists once the file's journeys start.
 */
export function browserOfFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('the browser is launched before the first journey of the file');
    return browser;
  };
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** Closes what was opened for the journey: its context, or only its tab of a context the file shares. */
  close(): Promise<void>;
}

/** A new tab of `context` that records every console error (the context records its toasts already). */
export async function tabOf(context: BrowserContext, close?: () => Promise<void>): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors, close: close ?? (() => page.close()) };
}

/**
 * A page of a new context that records the toasts of `app` and every console error, so a journey can wait for its
 * toasts and assert the console stayed clean.
 */
export async function recordedPage(
  browser: Browser,
  options: BrowserContextOptions,
  app: keyof typeof TOAST_SELECTOR,
): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  await recordToastsOf(context, app);
  return tabOf(context, () => context.close());
}

/**
 * The end of a journey with several pages open: none of them logged an error (a script or style the content security
 * policy refused would), then they all close.
 */
export async function expectCleanThenClose(...opened: Pick<OpenedPage, 'close' | 'errors'>[]) {
  for (const { errors } of opened) expect(errors).toEqual([]);
  for (const { close } of opened) await close();
}

/** A phone-sized page that records console errors, so a journey can assert the console stayed clean. */
export function phonePage(browser: Browser): Promise<OpenedPage> {
  return recordedPage(
    browser,
    { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN' },
    'member',
  );
}

/** A phone page of the member app at `path` (a hash route), past the welcome modal if it shows. */
export async function memberPageAt(browser: Browser, path = ''): Promise<OpenedPage> {
  const member = await phonePage(browser);
  await member.page.goto(`${baseURL()}/${path}`);
  await member.page
    .getByRole('button', { name: '我知道了' })
    .click({ timeout: 5000 })
    .catch(() => undefined);
  return member;
}

export const hashPath = (page: Page) => new URL(page.url()).hash;

/** The code of the captcha image on screen, read from the page state (the image's index into the pool). */
export async function readCaptcha(page: Page): Promise<string> {
  const index = await page.getByAltText('验证码').getAttribute('data-captcha-index');
  const code = CAPTCHA_CODES[Number(index)];
  if (!code) throw new Error(`no captcha code for index ${index}`);
  return code;
}

let seq = 0;
export function uniqueName(prefix = 'e2e'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${seq}`.slice(0, 16);
}

/**
 * The journeys' operators, made by the global setup with the operator CLI: the admin (`operator`), a second admin
 * (`second`) who approves the first one's pending changes, and a second, finance operator (`checker`).
 */
export type JourneyOperator = 'operator' | 'second' | 'checker';

/** A fresh console session of one of the journeys' operators, from the sign-in API (as the console keeps it). */
export async function operatorSession(
  as: JourneyOperator = 'operator',
): Promise<{ token: string; role: string; username: string }> {
  const { username, password } = inject(as);
  const answer = await requestJson<{ token: string; role: string; username: string }>(`${baseURL()}/admin/api/login`, {
    body: { username, password },
  });
  return dataOf(answer, `sign-in of ${username}`);
}

/**
 * A back-office request as an operator would send it (the e2e operators are created by the global setup: the admin,
 * or with `as` the second admin or the second, finance operator).
 */
export async function adminApi<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  as: JourneyOperator = 'operator',
): Promise<Envelope<T>> {
  const { token } = await operatorSession(as);
  return requestJson<T>(`${baseURL()}${url}`, { method, body, token });
}

/**
 * A new operator as a site makes one (docs/operators.md "Two people, judged by person"): the admin proposes it, the second admin
 * approves the pending change and is answered its password, once.
 */
export async function newOperatorApproved(username: string, role: 'admin' | 'finance' | 'content') {
  const proposed = await adminApi<{ id: number }>('POST', '/admin/api/operators', { username, role });
  if (proposed.code !== 200) throw new Error(`operator not proposed: ${proposed.message}`);
  const approved = await adminApi<{ password?: string }>(
    'POST',
    `/admin/api/integration-changes/${proposed.data.id}/approve`,
    { note: '' },
    'second',
  );
  if (approved.code !== 200 || !approved.data.password) throw new Error(`operator not approved: ${approved.message}`);
  return { username, password: approved.data.password };
}

/**
 * Approves, as the second admin, the pending change of a setting that moves money (docs/operators.md "Caps on money settings"):
 * `target` as the change names it ('redpacket-rule:new', 'vip-level:12', 'pay-way:usdt'). Answers the approval.
 */
export async function approveSetting(target: string) {
  const changes = await adminApi<{ data: { id: number; target_kind: string; target: string }[] }>(
    'GET',
    '/admin/api/integration-changes?state=1&pagesize=50',
  );
  const change = changes.data.data.find((c) => c.target_kind === 'setting' && c.target === target);
  if (!change) throw new Error(`no pending change of ${target}`);
  const approved = await adminApi(
    'POST',
    `/admin/api/integration-changes/${change.id}/approve`,
    { note: '' },
    'second',
  );
  if (approved.code !== 200) throw new Error(`change of ${target} not approved: ${approved.message}`);
  return approved;
}

/**
 * A member API call as the member app sends it, with the session of a page (its token in sessionStorage), a token,
 * or none.
 */
export async function memberApi<T>(
  session: Page | string | null,
  url: string,
  body: unknown = {},
  site = baseURL(),
): Promise<Envelope<T>> {
  const token =
    typeof session === 'object' && session ? await session.evaluate(() => sessionStorage.getItem('token')) : session;
  return requestJson<T>(`${site}${url}`, { body, token });
}

type AdminApi = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => Promise<Envelope<T>>;

/**
 * Approves a deposit paid to a receiving account as finance does (docs/operators.md "Who may move money"): naming the receiving
 * account of its channel the money reached and the payer's reference. Answers the approval.
 */
export async function approveDeposit(depositNo: string, channel = 'bank', api: AdminApi = adminApi) {
  const accounts = await api<{ id: number; channel: string }[]>('GET', '/admin/api/receiving-accounts');
  const account = accounts.data.find((a) => a.channel === channel);
  if (!account) throw new Error(`no receiving account of ${channel}`);
  return api<{ state: number }>('POST', `/admin/api/deposits/${depositNo}/approve`, {
    receiving_account_id: account.id,
    payer_reference: `e2e 流水 ${depositNo.slice(-8)}`,
  });
}

/**
 * Credits a member through the back office and answers the new balance; above the adjustment line the credit waits
 * and the second operator approves it, as on the site.
 */
export async function creditMember(username: string, amount: string): Promise<string> {
  const list = await adminApi<{ data: { id: number; username: string }[] }>(
    'GET',
    `/admin/api/members?username=${username}`,
  );
  const member = list.data.data.find((m) => m.username === username);
  if (!member) throw new Error(`no member ${username}`);
  const answer = await adminApi<{ balance: string; pending: { id: number; amount: string } | null }>(
    'POST',
    `/admin/api/members/${member.id}/adjust`,
    { amount, note: 'e2e 入款' },
  );
  if (answer.code !== 200) throw new Error(`credit failed: ${answer.message}`);
  if (!answer.data.pending) return answer.data.balance;
  const approved = await adminApi('POST', `/admin/api/adjustments/${answer.data.pending.id}/approve`, {}, 'checker');
  if (approved.code !== 200) throw new Error(`credit approval failed: ${approved.message}`);
  const after = await adminApi<{ balance: string }>('GET', `/admin/api/members/${member.id}`);
  return after.data.balance;
}

/** Fills and sends the register form already on screen (the login screen's register tab, or a referral link). */
export async function submitRegisterForm(page: Page, name = uniqueName('m')): Promise<string> {
  await page.getByPlaceholder('请输入用户名').fill(name);
  await page.getByPlaceholder('请输入密码').last().fill('secret123');
  await page.getByPlaceholder('请再次输入密码').fill('secret123');
  await page.getByPlaceholder('请输入真实姓名').fill('王五');
  await page.getByPlaceholder('请输入支付密码').fill('pay123456');
  await page.getByPlaceholder('请输入验证码').fill(await readCaptcha(page));
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await page.getByLabel('账户余额').waitFor();
  return name;
}

/** Registers a member through the real register form and leaves the page logged in on the home page. */
export async function registerThroughForm(page: Page, name = uniqueName('m'), site = baseURL()): Promise<string> {
  await page.goto(`${site}/#/login?type=1`);
  return submitRegisterForm(page, name);
}

/** Binds a bank card through /addBankCard (pay password pay123456) and waits for the card list. */
export async function bindBankCard(page: Page, site = baseURL()) {
  await page.goto(`${site}/#/addBankCard`);
  await page.getByLabel('持卡人姓名', { exact: true }).fill('王五');
  await page.getByRole('button', { name: /^开户银行/ }).click();
  await page.getByRole('dialog', { name: '选择银行' }).getByRole('button', { name: '中国银行' }).click();
  await page.getByLabel('银行卡号', { exact: true }).fill('6222020200112233');
  await page.getByLabel('开户行地址', { exact: true }).fill('上海市浦东新区支行');
  await page.getByLabel('支付密码', { exact: true }).fill('pay123456');
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expectToast(page, '绑定成功');
  await page.waitForURL(/#\/wallet\?type=2/);
}

/**
 * Registers a member through the form and binds a bank card, as the deposit screens ask first; leaves the page
 * logged in on the card list and answers the member's name.
 */
export async function registerWithCard(page: Page, name = uniqueName('m'), site = baseURL()): Promise<string> {
  await registerThroughForm(page, name, site);
  await bindBankCard(page, site);
  return name;
}

/**
 * Moves `amount` from the central wallet into a venue (named as the wallet pickers of /transfer show it) and sends
 * the transfer; the journey waits for the toast it expects (done, or still in doubt).
 */
export async function transferIntoVenue(page: Page, venue: string, amount: string, site = baseURL()) {
  await page.goto(`${site}/#/transfer`);
  const form = page.getByRole('form', { name: '手动转账' });
  await form.getByRole('button', { name: /^转出钱包：/ }).click();
  await page
    .getByRole('dialog', { name: '选择转出钱包' })
    .getByRole('button', { name: /中心钱包/ })
    .click();
  await form.getByRole('button', { name: /^转入钱包：/ }).click();
  await page
    .getByRole('dialog', { name: '选择转入钱包' })
    .getByRole('button', { name: new RegExp(venue) })
    .click();
  await page.getByLabel('转账金额').fill(amount);
  await page.getByRole('button', { name: '立即转账' }).click();
}

/**
 * Fills and sends the bank-transfer deposit of /recharge (the member needs a bound card first); the journey waits for
 * the answer it expects (taken for review, or refused).
 */
export async function submitBankDeposit(page: Page, amount: string, site = baseURL()) {
  await page.goto(`${site}/#/recharge`);
  await page.getByRole('radio', { name: '银行卡转账' }).check();
  await page.getByLabel('存款金额', { exact: true }).fill(amount);
  await page.getByLabel('存款人姓名', { exact: true }).fill('王五');
  await page.getByLabel('银行类型', { exact: true }).fill('中国银行');
  await page.getByLabel('银行卡号', { exact: true }).fill('6222020200112233');
  await page.getByLabel('开户行地址', { exact: true }).fill('上海市浦东新区支行');
  await page.getByRole('button', { name: '提交存款' }).click();
}

/** Starts an online deposit of `amount` by `way` (a payment way of /recharge) and waits for its payment screen. */
export async function startOnlineDeposit(page: Page, way: string, amount: string, site = baseURL()) {
  await page.goto(`${site}/#/recharge`);
  await page.getByRole('radio', { name: way }).check();
  await page.getByLabel('存款金额', { exact: true }).fill(amount);
  await page.getByRole('button', { name: '立即存款' }).click();
  await page.waitForURL(/#\/payInfo\?deposit_no=/);
}

/** Opens /money and waits until each wallet named shows its balance (a venue's arrives at the page's next poll). */
export async function expectWalletBalances(page: Page, balances: Record<string, string>, site = baseURL()) {
  await page.goto(`${site}/#/money`);
  for (const [wallet, balance] of Object.entries(balances)) {
    await expect.poll(() => page.getByLabel(`${wallet}余额`).textContent()).toContain(balance);
  }
}
