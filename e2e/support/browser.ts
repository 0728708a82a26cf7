import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CAPTCHA_CODES } from '../../apps/web/src/features/auth/captcha-codes';

export const baseURL = () => inject('baseURL');

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
