import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL } from './support/browser';
import { chromiumLaunchOptions } from './support/chromium';

describe('the member app on the home screen', () => {
  it('is installable in Chromium, and after a first visit its shell opens offline saying 网络异常', async () => {
    // A persistent profile: in an incognito context (every newContext) Chromium never finds an app installable.
    const profile = mkdtempSync(path.join(tmpdir(), 'h5-installable-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions(),
      viewport: { width: 375, height: 812 },
      locale: 'zh-CN',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${baseURL()}/`);
      await page.getByRole('button', { name: '我知道了' }).waitFor();

      // The worker installs after load, keeps the shell and takes this page over.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${baseURL()}/manifest.webmanifest`);
      expect(manifestErrors).toEqual([]);

      await context.setOffline(true);
      const shell = await page.reload();
      expect(shell?.fromServiceWorker()).toBe(true);
      await page.getByRole('alert').filter({ hasText: '网络异常' }).waitFor();
      // The screen under it is the app's, drawn by its own scripts from the cache.
      await page.getByRole('navigation').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
