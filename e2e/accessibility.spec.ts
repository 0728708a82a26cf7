import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousFindings } from './support/axe';
import { baseURL, browserOfFile, phonePage, registerThroughForm } from './support/browser';

// Every screen, scanned by axe-core (WCAG 2 A and AA rules) at 375 px as a member: labels, names, alt text,
// contrast. Serious and critical findings fail the journey.

const SCREENS = [
  '#/',
  '#/hongbao',
  '#/activity',
  '#/activityInfo?id=1',
  '#/activityRecord',
  '#/zhanzhu',
  '#/zhanzhuye?type=1',
  '#/mine',
  '#/app',
  '#/kefu',
  '#/message?type=2',
  '#/fanshui',
  '#/userInfo',
  '#/userCent',
  '#/wallet',
  '#/addBankCard',
  '#/addUsdtCard',
  '#/password?type=1',
  '#/welfare',
  '#/betRecord',
  '#/transRecord',
  '#/money',
  '#/recharge',
  '#/withdrawal',
  '#/transfer',
  '#/vip',
  '#/applyagent',
  '#/boutBallBet',
  '#/boutBallBetInfo?type=1',
  '#/usdtmore',
  '#/concise',
  '#/abouts',
  '#/abouts?type=6',
  '#/referral',
  // The agent centre as a member who is not a partner sees it (the refusal and the way to apply).
  '#/agentCenter',
  // 意见反馈: the form as 反馈此单 opens it (with a record named), and a new member's empty list.
  '#/feedback?kind=deposit&no=D1',
  '#/feedback?tab=list',
  // Our own pages outside the app: the download guide (ios_download_url) and the programme's page.
  'app/download.html',
  'service/agent.html',
];

/**
 * What a screen shows once its data has come, beyond its page loader: a hash navigation keeps the page loaded, so
 * networkidle does not wait for these. A new member has no card, so 存款 opens its 温馨提示 at once.
 */
const SHOWN_ONCE_LOADED: Record<string, (page: Page) => Promise<void>> = {
  '#/recharge': (page) => page.getByRole('dialog', { name: '温馨提示' }).waitFor(),
};

const browser = browserOfFile();

describe('accessibility of every screen', () => {
  it('finds no serious or critical WCAG A/AA problem on any screen for a member', async () => {
    const { page, errors, context } = await phonePage(browser());
    await registerThroughForm(page);
    const findings: string[] = [];
    for (const screen of SCREENS) {
      await page.goto(`${baseURL()}/${screen}`);
      await page.waitForLoadState('networkidle');
      await SHOWN_ONCE_LOADED[screen]?.(page);
      for (const finding of await seriousFindings(page)) findings.push(`${screen} ${finding}`);
    }
    expect(findings).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
