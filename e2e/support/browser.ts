import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CAPTCHA_CODES } from '../../apps/web/src/features/auth/captcha-codes';
import { expectToast, recordToastsOf } from './toasts';

export const baseURL = () => inject('baseURL');
/** The bearer token of the sandbox aggregator's test controls (faults, outcomes). */
export const sandboxControlToken = () => inject('sandboxControlToken');

/** Debian's Chromium, headless, kept on loopback (STACK "Chromium"). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  });
}

/** A phone-sized page that records console errors, so a journey can assert the console stayed clean. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  await recordToastsOf(context, 'member');
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
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

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** A fresh console session of one of the journeys' operators, from the sign-in API (as the console keeps it). */
export async function operatorSession(as: 'operator' | 'checker' = 'operator'): Promise<{ token: string; role: string; username: string }> {
  const { username, password } = inject(as);
  const res = await fetch(`${baseURL()}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const answer = (await res.json()) as Envelope<{ token: string; role: string; username: string }>;
  if (answer.code !== 200) throw new Error(`sign-in of ${username}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/**
 * A back-office request as an operator would send it (the e2e operators are created by the global setup: the admin,
 * or with `as: 'checker'` the second, finance operator).
 */
export async function adminApi<T>(method: 'GET' | 'POST', url: string, body?: unknown, as: 'operator' | 'checker' = 'operator'): Promise<Envelope<T>> {
  const { token } = await operatorSession(as);
  const res = await fetch(`${baseURL()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await res.json()) as Envelope<T>;
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
  const token = typeof session === 'object' && session ? await session.evaluate(() => sessionStorage.getItem('token')) : session;
  const res = await fetch(`${site}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
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
