import { GAME_CATEGORIES } from '@h5/contract/codes';
import { describe, expect, it } from 'vitest';
import { baseURL, browserOfFile, phonePage } from './support/browser';

const browser = browserOfFile();

describe('a visitor on the public screens', () => {
  it('sees banners, notices and tiles of every category, syncs the sidebar, reads help and is asked to log in', async () => {
    const { page, errors, context } = await phonePage(browser());
    await page.goto(`${baseURL()}/`);

    // The welcome modal (index_modal 1 in the demo settings) greets the visitor first.
    await page.getByRole('button', { name: '我知道了' }).click();
    await page
      .getByAltText(/活动图片 1\//)
      .first()
      .waitFor();
    const notice = page.getByLabel('公告');
    await expect.poll(async () => (await notice.textContent())?.trim().length ?? 0).toBeGreaterThan(4);

    for (const category of GAME_CATEGORIES) {
      const section = page.getByRole('region', { name: category.name, exact: true });
      expect(await section.getByRole('button').count(), category.name).toBeGreaterThan(0);
    }

    // Tapping the last category scrolls the tile list to its section and marks it current.
    const last = GAME_CATEGORIES[GAME_CATEGORIES.length - 1]!;
    await page.getByRole('navigation', { name: '游戏分类' }).getByRole('button', { name: last.name }).click();
    await expect
      .poll(() =>
        page.evaluate((id) => {
          const list = document.querySelector<HTMLElement>('[data-testid="game-list"]')!;
          const section = list.querySelector<HTMLElement>(`[data-section="${id}"]`)!;
          return (
            list.scrollTop > 0 && Math.abs(section.getBoundingClientRect().top - list.getBoundingClientRect().top) < 60
          );
        }, last.id),
      )
      .toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: '游戏分类' })
        .getByRole('button', { name: last.name })
        .getAttribute('aria-current'),
    ).toBe('true');

    // A game tile asks a visitor to log in.
    await page.getByRole('region', { name: GAME_CATEGORIES[0]!.name, exact: true }).getByRole('button').first().click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBe('请登录！');

    // Help article 8: responsible gambling.
    await page.goto(`${baseURL()}/#/boutBallBet`);
    await page.getByRole('link', { name: /责任博彩/ }).click();
    await page.waitForURL(/boutBallBetInfo\?type=8/);
    await page
      .getByRole('heading', { name: /责任博彩/ })
      .first()
      .waitFor();
    expect(await page.locator('main').textContent()).toMatch(/18/);

    expect(errors).toEqual([]);
    await context.close();
  });
});
