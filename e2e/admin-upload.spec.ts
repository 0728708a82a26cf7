import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MSG } from '@h5/contract/messages';
import { adminApi, baseURL, browserOfFile, memberPageAt, uniqueName, expectCleanThenClose } from './support/browser';
import {
  clickInDialog,
  desktopPage,
  dialog,
  expectToast,
  openScreenAsBoss,
  removeRow,
  rowWith,
} from './support/console';

// Banner images uploaded into the server from the console, and promotion content written in the console's editor,
// as the member app then shows them: Chromium at 1280 px for the console, 375 px for the member app.

const browser = browserOfFile();

/** A real PNG of one colour, made here: the member app's banner size unless told. */
function solidPng(width = 750, height = 280, rgb: [number, number, number] = [214, 40, 57]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('images uploaded from the console', () => {
  it('轮播图: refuses a fake PNG, uploads a real one, and the member home shows it from /uploads/', async () => {
    const { page, errors, close } = await desktopPage(browser());
    await openScreenAsBoss(page, 'banners', '轮播图');
    await page.getByRole('button', { name: '新增轮播图' }).click();
    const address = dialog(page).getByLabel('图片地址');
    const picker = dialog(page).locator('input[type="file"]').first();

    // The server reads the bytes, not the name or the declared type.
    await picker.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await dialog(page).getByRole('alert').getByText(MSG.imageUploadTypeInvalid).waitFor();
    expect(await address.inputValue()).toBe('');

    const png = solidPng();
    await picker.setInputFiles({ name: '春节轮播.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const src = await address.inputValue();
    await expectToast(page, '上传成功');
    const preview = dialog(page).getByAltText('图片地址预览');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(750);

    // Served back as it was sent, as a PNG, cached for good.
    const served = await fetch(`${baseURL()}${src}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), png)).toBe(0);

    await dialog(page).getByLabel('排序').fill('-9999');
    await clickInDialog(page, '保存');
    await expectToast(page, '已新增');
    await rowWith(page, src).waitFor();

    const member = await memberPageAt(browser());
    const banner = member.page.locator(`img.banner-image[src="${src}"]`).first();
    await banner.waitFor({ state: 'attached', timeout: 15_000 });
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 })
      .toBe(750);

    await removeRow(page, src);
    await expectCleanThenClose({ errors, close }, member);
  });
});

describe('promotion content written in the editor', () => {
  it('优惠活动: bold text typed in the editor is bold on the member promotion page', async () => {
    const title = `编辑器活动${uniqueName('r')}`;
    const created = await adminApi<{ id: number }>('POST', '/admin/api/promotions', {
      title,
      content: '<p>原来的内容</p>',
      memo: '',
      sort: 0,
      enabled: 1,
    });
    expect(created.code).toBe(200);
    const id = created.data.id;

    const { page, errors, close } = await desktopPage(browser());
    await openScreenAsBoss(page, 'promotions', '优惠活动');
    await rowWith(page, title).getByRole('button', { name: /^编辑/ }).click();
    const editor = dialog(page).getByRole('textbox', { name: '活动内容', exact: true });
    await editor.locator('p', { hasText: '原来的内容' }).waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('首存活动：');
    const bold = dialog(page)
      .getByRole('toolbar', { name: '活动内容格式', exact: true })
      .getByRole('button', { name: '加粗' });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('存款即送10%');
    await editor.locator('strong', { hasText: '存款即送10%' }).waitFor();
    await clickInDialog(page, '保存');
    await expectToast(page, '已保存');

    const stored = await adminApi<Array<{ id: number; content: string }>>('GET', '/admin/api/promotions');
    expect(stored.data.find((p) => p.id === id)?.content).toBe('<p>首存活动：<strong>存款即送10%</strong></p>');

    const member = await memberPageAt(browser(), `#/activityInfo?id=${id}`);
    const strong = member.page.locator('.activity-content strong');
    await expect.poll(() => strong.textContent(), { timeout: 15_000 }).toBe('存款即送10%');
    expect(Number(await strong.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
    expect(await member.page.locator('.activity-content').textContent()).toBe('首存活动：存款即送10%');

    await removeRow(page, title);
    await expectCleanThenClose({ errors, close }, member);
  });
});
