import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beijingDayStart } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../apps/server/src/app';
import { type AppConfig, loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/sandbox/demo/seed';
import type { Clock } from '../apps/server/src/lib/time';
import { createOperator } from '../apps/server/src/modules/admin/admin-service';
import { sealKey, sealSetting } from '../apps/server/src/modules/ledger/ledger-seal';
import { pullVenueBets } from '../apps/server/src/modules/wallet/venue-bets';
import { connectSandboxAggregator } from '../apps/server/src/sandbox/aggregator/sandbox-aggregator-venues';
import {
  launchBrowser,
  type Envelope,
  memberApi as memberApiOf,
  phonePage,
  uniqueName,
  transferIntoVenue,
  submitBankDeposit,
  registerWithCard,
  approveDeposit,
} from './support/browser';
import { expectToast } from './support/toasts';

/*
 * Red packets draw on the deposits approved from noon the previous day to 10:00 (Beijing, docs/member-app.md "Constants and limits"), for grabs on
 * the day those deposits end. A deposit approved now therefore only pays out today while it is before 10:00 in
 * Beijing, and no rule the operator can set changes that. So that this journey does not depend on the hour it runs
 * at, it runs against its own server, built like the shared one (seeded PGlite, the built web app) but given the
 * app's Clock set to 09:00 Beijing today and flowing from there; the phone's clock is set to the same moment. The
 * journey is what a member doing it at nine in the morning would see, through the real UI and back-office API.
 */
const HOUR_MS = 3600_000;
const SHIFT_MS = beijingDayStart(new Date()).getTime() + 9 * HOUR_MS - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + SHIFT_MS) };

let browser: Browser;
let database: Database;
let app: FastifyInstance;
let uploads: string;
let config: AppConfig;
let site = '';
const operator = { username: 'promoboss', password: '' };
/** A second admin, who approves what the first proposes (a red-packet rule: docs/operators.md "Caps on money settings"). */
const second = { username: 'promosecond', password: '' };

beforeAll(async () => {
  uploads = mkdtempSync(path.join(tmpdir(), 'h5-e2e-promo-'));
  // Both admins sign in from this machine: its address is no evidence of one person, as on the shared server.
  config = loadConfig({ LOG_LEVEL: 'warn', UPLOAD_DIR: uploads, OPERATOR_SHARED_ADDRESSES: '127.0.0.1,::1' });
  // Its sessions seal movements with the site's key, as a server's do (server-process.ts).
  const seal = config.ledgerSeal.key ? sealSetting(sealKey(config.ledgerSeal.key)) : undefined;
  database = await openDatabase({ dataDir: 'memory', ledgerSeal: seal });
  await seedIfEmpty(database.db, { sandbox: true });
  operator.password = await createOperator(database.db, operator.username, 'admin');
  second.password = await createOperator(database.db, second.username, 'admin');
  app = await buildApp({ db: database.db, config, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  site = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The demo venues are played at the sandbox aggregator inside this server, over HTTP.
  await connectSandboxAggregator(database.db, site, { create: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await database?.close();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

/** A back-office request as an operator would send it (an admin of this journey's server, the first unless `as`). */
async function adminApi<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  as = operator,
): Promise<Envelope<T>> {
  const login = (await (
    await fetch(`${site}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(as),
    })
  ).json()) as Envelope<{ token: string }>;
  const res = await fetch(`${site}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  return (await res.json()) as Envelope<T>;
}

/** A member call with the session the page holds, to read what the server says beside what the page shows. */
const memberApi = <T>(page: Page, url: string, body: unknown = {}) => memberApiOf<T>(page, url, body, site);

const cents = (money: string | null | undefined) =>
  Math.round(Number.parseFloat((money ?? '').replace(/[^\d.-]/g, '')) * 100);
const centralCents = async (page: Page) =>
  cents((await memberApi<{ balance: string }>(page, '/api/user')).data.balance);
const field = (page: Page, name: string) => page.locator(`dd[data-field=${name}]`);
/** 'HH:mm' of a moment in Beijing time. */
const beijingClock = (at: Date) => new Date(at.getTime() + 8 * HOUR_MS).toISOString().slice(11, 16);

/** A phone whose clock agrees with this journey's server, installed before the first page loads. */
async function phone(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await phonePage(browser);
  await opened.context.clock.install({ time: clock.now() });
  return opened;
}

/** Bank-transfer deposit through /recharge, approved by the operator; the central balance shows it. */
async function depositAndApprove(page: Page, name: string, amount: string) {
  await submitBankDeposit(page, amount, site);
  await expectToast(page, '提交成功，等待后台审核');
  await page.waitForURL(/#\/transRecord/);

  const pending = await adminApi<{ data: { username: string; deposit_no: string; amount: string }[] }>(
    'GET',
    '/admin/api/deposits?state=1&pagesize=50',
  );
  const deposit = pending.data.data.find((d) => d.username === name);
  if (!deposit) throw new Error(`no pending deposit for ${name}`);
  expect(deposit.amount).toBe(Number(amount).toFixed(2));
  expect((await approveDeposit(deposit.deposit_no, 'bank', adminApi)).code).toBe(200);
  await page.goto(`${site}/#/`);
  await page.reload();
  await expect.poll(() => page.getByLabel('账户余额').textContent()).toContain(Number(amount).toFixed(2));
}

describe('rebates, red packets and promotions', () => {
  it('claims the rebate of settled bets, grabs a red packet on the day its deposit counts, and applies for a promotion', async () => {
    const { page, errors, context } = await phone();
    const name = await registerWithCard(page, uniqueName('p'), site);
    await depositAndApprove(page, name, '1000');

    // Money into a live-casino demo venue at the sandbox aggregator, then demo rounds that settle at once.
    await transferIntoVenue(page, '星河真人', '500', site);
    await expectToast(page, '转账成功');

    await page.goto(`${site}/#/gamePage?name=XHZR&type=baccarat&code=baccarat`);
    const frame = page.frameLocator('iframe.game-frame');
    const rounds = 3;
    for (let round = 1; round <= rounds; round += 1) {
      await frame.getByLabel(/下注金额/).fill('100');
      await frame.getByRole('button', { name: round % 2 ? '押大' : '押小' }).click();
      await expect.poll(() => frame.locator('#log li').count()).toBe(round);
      await expect.poll(() => frame.getByRole('button', { name: '押大' }).isEnabled()).toBe(true);
    }
    // The settled rounds come in by the venue's bet pull (every minute on a server; here at once).
    await pullVenueBets({ db: database.db, clock, venueTimeoutMs: 8000, outbound: config.outbound }, 'XHZR');
    const bets = await memberApi<{ data: { win_loss: string }[] }>(page, '/api/betrecord');
    expect(bets.data.data).toHaveLength(rounds);

    // Rebates: what the settled bets earned is pending, one claim pays it into the central wallet.
    await page.goto(`${site}/#/fanshui`);
    await expect.poll(async () => cents(await field(page, 'nojisuan').textContent())).toBeGreaterThan(0);
    const pendingRebate = cents(await field(page, 'nojisuan').textContent());
    const claimedBefore = cents(await field(page, 'jisuan').textContent());
    const rebateRows = page.getByRole('list', { name: '返水记录列表' }).getByRole('listitem');
    await expect.poll(() => rebateRows.count()).toBe(rounds);
    await expect.poll(() => rebateRows.first().textContent()).toContain('暂未领取');
    const centralBeforeRebate = await centralCents(page);
    expect(centralBeforeRebate).toBe(500_00);

    await page.getByRole('button', { name: '一键领取' }).click();
    await expectToast(page, '领取成功');
    await expect.poll(() => field(page, 'nojisuan').textContent()).toBe('0.00');
    await expect.poll(async () => cents(await field(page, 'jisuan').textContent())).toBe(claimedBefore + pendingRebate);
    await expect.poll(() => rebateRows.first().textContent()).not.toContain('暂未领取');
    expect(await centralCents(page)).toBe(centralBeforeRebate + pendingRebate);
    await page.goto(`${site}/#/`);
    await expect
      .poll(async () => cents(await page.getByLabel('账户余额').textContent()))
      .toBe(centralBeforeRebate + pendingRebate);

    // Red packets: the operator opens a window around now for deposits of 100 and up; the approved deposit counts.
    const now = clock.now();
    // A new rule waits for a second admin: the second admin approves it, and then it applies.
    const rule = await adminApi<{ id: number }>('POST', '/admin/api/redpacket-rules', {
      start_time: beijingClock(new Date(now.getTime() - HOUR_MS / 2)),
      end_time: beijingClock(new Date(now.getTime() + HOUR_MS / 2)),
      day_flow: '100.00',
      flow_money: '99999.00',
      recharge: 1,
      money: '5.00',
    });
    expect(rule).toMatchObject({
      code: 200,
      message: MSG.integrationChangePending,
      data: { target: 'redpacket-rule:new' },
    });
    const approved = await adminApi(
      'POST',
      `/admin/api/integration-changes/${rule.data.id}/approve`,
      { note: '' },
      second,
    );
    expect(approved).toMatchObject({ code: 200, message: MSG.integrationChangeApplied });

    await page.goto(`${site}/#/hongbao`);
    await expect.poll(() => page.locator('.hongbao-phase').textContent()).toBe('活动进行中');
    await expect.poll(() => field(page, 'sendnums').textContent()).toBe('1');
    await expect.poll(() => field(page, 'acquirednum').textContent()).toBe('0');
    const centralBeforeGrab = await centralCents(page);
    await page.getByRole('button', { name: '抢红包', exact: true }).click();
    const win = page.getByRole('dialog').filter({ hasText: '恭喜您抢到红包' });
    await win.waitFor();
    const prize = cents(await win.locator('.hongbao-win-amount').textContent());
    // Between 1.00 and 5% of the 1000.00 deposited.
    expect(prize).toBeGreaterThanOrEqual(1_00);
    expect(prize).toBeLessThanOrEqual(50_00);
    await win.getByRole('button', { name: '开心收下' }).click();
    await win.waitFor({ state: 'hidden' });
    await expect.poll(() => field(page, 'sendnums').textContent()).toBe('0');
    await expect.poll(() => field(page, 'acquirednum').textContent()).toBe('1');
    expect(await centralCents(page)).toBe(centralBeforeGrab + prize);

    await page.goto(`${site}/#/welfare`);
    const packets = page.getByRole('list', { name: '红包记录列表' }).getByRole('listitem');
    await expect.poll(() => packets.count()).toBe(1);
    expect(cents(await packets.first().locator('.welfare-prize').textContent())).toBe(prize);
    expect(await packets.first().textContent()).toContain('1000.00');

    // Promotions: a seeded promotion, applied for once; the application waits for review.
    await page.goto(`${site}/#/activity`);
    const card = page.getByRole('list', { name: '活动列表' }).getByRole('link', { name: '新会员首存加赠 最高888元' });
    await card.click();
    await page.waitForURL(/#\/activityInfo\?id=\d+/);
    await expect.poll(() => page.locator('.activity-info-title').textContent()).toBe('新会员首存加赠 最高888元');
    await page.getByRole('button', { name: '立即申请' }).click();
    await expectToast(page, '申请成功');
    // Once per member: a second press hears that the first application is waiting for review.
    await page.getByRole('button', { name: '立即申请' }).click();
    await expectToast(page, '您已申请过该活动，请等待审核');

    await page.goto(`${site}/#/activityRecord`);
    const applications = page.getByRole('list', { name: '活动申请列表' }).getByRole('listitem');
    await expect.poll(() => applications.count()).toBe(1);
    expect(await applications.first().locator('.apply-name').textContent()).toBe('新会员首存加赠 最高888元');
    expect(await applications.first().locator('.apply-state').textContent()).toBe('待审核');

    // Every movement of the journey (the deposit, the transfers, the rebate, the red packet) was sealed.
    const movements = await database.db.execute(
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE seal_mac IS NULL)::int AS unsealed FROM ledger_transactions`,
    );
    const [tally] = (movements as unknown as { rows: { total: number; unsealed: number }[] }).rows;
    expect(tally?.total).toBeGreaterThan(3);
    expect(tally?.unsealed).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
