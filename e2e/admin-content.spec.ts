import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '@h5/contract/messages';
import {
  adminApi,
  approveSetting,
  baseURL,
  browserOfFile,
  memberPageAt,
  uniqueName,
  expectCleanThenClose,
} from './support/browser';
import {
  clickInDialog,
  chooseOption,
  consoleTabsOfFile,
  dialog,
  expectToast,
  newMemberWithCard,
  openScreen,
  removeRow,
  rowWith,
  save,
} from './support/console';

// The content and finance settings screens of the console (one generic list/create/update/delete page) in Chromium
// at 1280 px against the real server: create, edit, delete, a refused value with its Chinese message, and, for
// 公告 and 轮播图, the member app showing the change at once.

const browser = browserOfFile();
const consoleTab = consoleTabsOfFile(browser);

// By its text: while antd's loading icon fades out after a refused send, the icon's label is still part of the
// button's accessible name ("loading 发送"), though the button already takes clicks.
const sendButton = (page: Page) => page.locator('button', { hasText: /^发\s?送$/ });

/**
 * The HTML source of the dialog's rich-text field `label` (the editor's 源码 view, switched on when it is not on
 * yet): where a journey types HTML itself, e.g. markup the server must clean.
 */
async function htmlSource(page: Page, label: string) {
  const source = dialog(page).getByRole('textbox', { name: `${label}HTML源码`, exact: true });
  // Asked of the toolbar's 源码 button, again until the text box shows, not of the text box once: a dialog still
  // opening has no text box yet, and a click on a 源码 already pressed (HTML the visual editor cannot keep opens
  // there) would switch it off.
  const toggle = dialog(page)
    .getByRole('toolbar', { name: `${label}格式`, exact: true })
    .getByRole('button', { name: '源码' });
  await expect
    .poll(async () => {
      if (await source.isVisible()) return true;
      if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
      return source.isVisible();
    })
    .toBe(true);
  return source;
}

describe('content screens of the console', () => {
  it('公告: refuses an empty one, creates one the member app shows at once, edits and deletes it', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'notices', '公告');
    const text = `测试公告${uniqueName('n')}`;

    await page.getByRole('button', { name: '新增公告' }).click();
    await save(page);
    await dialog(page).getByText('请输入内容').waitFor();
    await dialog(page).getByLabel('公告内容').fill(text);
    await save(page);
    await expectToast(page, '已新增');
    await rowWith(page, text).waitFor();

    const member = await memberPageAt(browser());
    await expect.poll(async () => member.page.getByLabel('公告').textContent(), { timeout: 15_000 }).toContain(text);

    await rowWith(page, text).getByRole('button', { name: /^编辑/ }).click();
    await dialog(page).getByLabel('公告内容').fill(`${text}（已修改）`);
    await save(page);
    await expectToast(page, '已保存');
    await rowWith(page, `${text}（已修改）`).waitFor();

    await removeRow(page, `${text}（已修改）`);
    await member.page.reload();
    await member.page.getByLabel('公告').and(member.page.locator('[aria-busy="false"]')).waitFor();
    expect(await member.page.getByLabel('公告').textContent()).not.toContain(text);

    await expectCleanThenClose({ errors, close }, member);
  });

  it('轮播图: previews at the member aspect, refuses a script address, and the member home shows a new banner', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'banners', '轮播图');
    const src = `/art/banners/banner-2.svg?e2e=${uniqueName('b')}`;

    await page.getByRole('button', { name: '新增轮播图' }).click();
    await dialog(page).getByLabel('图片地址').fill('javascript:alert(1)');
    await save(page);
    await dialog(page).getByText('请输入正确的链接地址（以/开头的站内路径或http(s)网址）').waitFor();

    await dialog(page).getByLabel('图片地址').fill(src);
    await dialog(page).getByText('会员端显示比例 750×280').waitFor();
    const box = await dialog(page).getByAltText('图片地址预览').boundingBox();
    expect(box && Math.abs(box.width / box.height - 750 / 280)).toBeLessThan(0.02);
    await dialog(page).getByLabel('排序').fill('-999');
    await save(page);
    await expectToast(page, '已新增');
    await rowWith(page, src).waitFor();

    const member = await memberPageAt(browser());
    await member.page.locator(`img[src="${src}"]`).first().waitFor({ state: 'attached', timeout: 15_000 });

    // Switched off from the list, it leaves the member home.
    await rowWith(page, src).getByRole('switch').click();
    await clickInDialog(page, '确定');
    await expectToast(page, '已停用');
    await member.page.reload();
    await member.page
      .getByAltText(/活动图片 1\//)
      .first()
      .waitFor();
    expect(await member.page.locator(`img[src="${src}"]`).count()).toBe(0);

    await removeRow(page, src);
    await expectCleanThenClose({ errors, close }, member);
  });

  it('场馆: refuses a bad code, creates, disables, renames and deletes a venue', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'venues', '场馆');
    const code = uniqueName('v').replace(/[^A-Za-z0-9_]/g, '_');

    await page.getByRole('button', { name: '新增场馆' }).click();
    await dialog(page).getByLabel('场馆代码').fill('坏 代码');
    await dialog(page).getByLabel('名称').fill('测试场馆');
    await chooseOption(page, '分类', '体育赛事');
    await save(page);
    await dialog(page).getByText('场馆代码须为1-32位字母、数字或下划线').waitFor();
    await dialog(page).getByLabel('场馆代码').fill(code);
    // Its wallet mode, address and secret are an admin's 接入设置, approved by a second admin (admin-integrations).
    await save(page);
    await expectToast(page, '已新增');

    await rowWith(page, code).getByRole('switch').click();
    await clickInDialog(page, '确定');
    await expectToast(page, '已停用');
    await expect.poll(() => rowWith(page, code).getByRole('switch').isChecked()).toBe(false);

    await rowWith(page, code).getByRole('button', { name: /^编辑/ }).click();
    await dialog(page).getByLabel('名称').fill('测试场馆二');
    await save(page);
    await expectToast(page, '已保存');
    await rowWith(page, '测试场馆二').waitFor();

    await removeRow(page, code);
    expect(errors).toEqual([]);
    await close();
  });

  it('帮助文章: one per type (the server refuses a second), HTML cleaned on save, refused when cleaning empties it', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'articles', '帮助文章');
    const content = () => htmlSource(page, '内容');

    // Every help type has its article on a fresh site: a new one of type 1 is refused with the server's words.
    await page.getByRole('button', { name: '新增帮助文章' }).click();
    await dialog(page).getByLabel('标题').fill('重复类型');
    await (await content()).fill('<p>正文</p>');
    await save(page);
    await expect
      .poll(async () => (await dialog(page).getByRole('alert').textContent()) ?? '')
      .toMatch(/[\u4e00-\u9fff]/);
    await clickInDialog(page, '取消');

    // 免责声明 (type 3), which no member journey reads: while this edit holds an <img src="x">, a member page showing
    // the article would fetch x, and a journey beside this one would see the 404.
    const row = page.locator('tr', { has: page.getByRole('cell', { name: '免责声明', exact: true }) });
    await row.getByRole('button', { name: /^编辑/ }).click();
    const title = await dialog(page).getByLabel('标题').inputValue();
    const original = await (await content()).inputValue();
    await (await content()).fill('<script>alert(1)</script>');
    await save(page);
    await dialog(page).getByRole('alert').getByText('请输入内容').waitFor();

    await (await content()).fill(`${original}<p>补充<img src=x onerror="alert(1)"></p>`);
    await dialog(page).getByLabel('标题').fill(`${title}（改）`);
    await save(page);
    await expectToast(page, '已保存');
    await rowWith(page, `${title}（改）`).getByRole('button', { name: /^编辑/ }).click();
    // Stored cleaned: the handler is gone, the text kept.
    expect(await (await content()).inputValue()).not.toContain('onerror');
    expect(await (await content()).inputValue()).toContain('补充');
    await dialog(page).getByLabel('标题').fill(title);
    await (await content()).fill(original);
    await save(page);
    await rowWith(page, title).waitFor();

    expect(errors).toEqual([]);
    await close();
  });
});

describe('promotions in the console', () => {
  it('优惠活动: refuses a missing title, creates one of a type with cleaned HTML, edits and deletes it', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'promotion-types', '活动类型');
    const typeName = `类型${uniqueName('t')}`;
    await page.getByRole('button', { name: '新增活动类型' }).click();
    await dialog(page).getByLabel('名称').fill(typeName);
    await save(page);
    await expectToast(page, '已新增');

    await openScreen(page, 'promotions', '优惠活动');
    const title = `测试活动${uniqueName('p')}`;
    await page.getByRole('button', { name: '新增优惠活动' }).click();
    await save(page);
    await dialog(page).getByText(MSG.titleRequired).waitFor();
    await dialog(page).getByLabel('标题').fill(title);
    await chooseOption(page, '活动类型', typeName);
    await (await htmlSource(page, '活动内容')).fill('<h3>首存加赠</h3><p onclick="alert(1)">存款即送<b>10%</b></p>');
    // Back in the visual editor the HTML is drawn (and nothing of the handler runs).
    await dialog(page)
      .getByRole('toolbar', { name: '活动内容格式', exact: true })
      .getByRole('button', { name: '源码' })
      .click();
    await dialog(page)
      .getByRole('textbox', { name: '活动内容', exact: true })
      .locator('h3', { hasText: '首存加赠' })
      .waitFor();
    await save(page);
    await expectToast(page, '已新增');
    await rowWith(page, title).waitFor();
    expect(await rowWith(page, title).textContent()).toContain('存款即送10%');

    await rowWith(page, title).getByRole('button', { name: /^编辑/ }).click();
    expect(await (await htmlSource(page, '活动内容')).inputValue()).not.toContain('onclick');
    await dialog(page).getByRole('textbox', { name: '活动说明', exact: true }).fill('每位会员限领一次');
    await save(page);
    await expectToast(page, '已保存');

    await removeRow(page, title);
    await openScreen(page, 'promotion-types', '活动类型');
    await removeRow(page, typeName);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('finance settings screens of the console', () => {
  it('支付通道: refuses a short secret, creates once a second admin approves, renames at once, deletes', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'gateways', '支付通道');
    const code = uniqueName('g')
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_');

    await page.getByRole('button', { name: '新增支付通道' }).click();
    await dialog(page).getByLabel('通道代码').fill(code);
    await dialog(page).getByLabel('名称').fill('测试通道');
    await dialog(page).getByLabel('商户号').fill('10001');
    await dialog(page).getByLabel('商户密钥').fill('short');
    // The gateway's own absolute address: the sandbox gateway's, on the loopback origin the sandbox may call (an
    // outside address must resolve, which this machine cannot).
    await dialog(page).getByLabel('提交地址').fill(`${baseURL()}/sandbox/epay/submit.php`);
    await save(page);
    await dialog(page).getByText('商户密钥长度须为8-128位').waitFor();
    await dialog(page).getByLabel('商户密钥').fill('a-long-enough-secret');
    await save(page);
    await expectToast(page, MSG.integrationChangePending);

    // The second admin (not one the maker made: docs/operators.md "Two people, judged by person") approves the new gateway; then
    // it is listed.
    const changes = await adminApi<{ data: { id: number; target: string }[] }>(
      'GET',
      '/admin/api/integration-changes?state=1',
    );
    const change = changes.data.data.find((c) => c.target === code);
    const approved = await adminApi(
      'POST',
      `/admin/api/integration-changes/${change?.id}/approve`,
      { note: '' },
      'second',
    );
    expect(approved.code).toBe(200);
    await page.reload();
    await rowWith(page, code).waitFor();

    await rowWith(page, code).getByRole('button', { name: /^编辑/ }).click();
    expect(await dialog(page).getByLabel('商户密钥').inputValue()).toBe('');
    await dialog(page).getByLabel('名称').fill('测试通道二');
    await save(page);
    await expectToast(page, '已保存');
    await rowWith(page, '测试通道二').waitFor();

    await removeRow(page, code);
    expect(errors).toEqual([]);
    await close();
  });

  it('红包规则: refuses a bad time range, proposes a rule and a change that a second admin approves, deletes it', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'redpacket-rules', '红包规则');

    await page.getByRole('button', { name: '新增红包规则' }).click();
    await dialog(page).getByLabel('开始时间（HH:mm，北京时间）').fill('25:00');
    await dialog(page).getByLabel('结束时间（HH:mm）').fill('23:58');
    await dialog(page).getByLabel('当日存款下限（元）').fill('100');
    await dialog(page).getByLabel('当日存款上限（元）').fill('5000');
    await dialog(page).getByLabel('红包上限（存款的%）').fill('5');
    await save(page);
    await dialog(page).getByText('请输入正确的时间段').waitFor();
    await dialog(page).getByLabel('开始时间（HH:mm，北京时间）').fill('23:57');
    await save(page);
    // A rule pays money out: it exists once a second admin approves it (docs/operators.md "Caps on money settings").
    await expectToast(page, MSG.integrationChangePending);
    await approveSetting('redpacket-rule:new');
    await page.reload();
    await rowWith(page, '23:57').waitFor();

    await rowWith(page, '23:57').getByRole('button', { name: /^编辑/ }).click();
    await dialog(page).getByLabel('当日存款上限（元）').fill('50');
    await save(page);
    await dialog(page).getByRole('alert').getByText('存款下限不能高于上限').waitFor();
    await dialog(page).getByLabel('当日存款下限（元）').fill('50');
    await dialog(page).getByLabel('当日存款上限（元）').fill('200');
    await save(page);
    await expectToast(page, MSG.integrationChangePending);
    await rowWith(page, '23:57').getByText('待审批').waitFor();
    const rules = await adminApi<{ id: number; start_time: string }[]>('GET', '/admin/api/redpacket-rules');
    await approveSetting(`redpacket-rule:${rules.data.find((r) => r.start_time === '23:57')?.id}`);
    await page.reload();
    await rowWith(page, '200.00').waitFor();

    await removeRow(page, '23:57');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('messages and site settings in the console', () => {
  it('站内信: refuses an unknown member with the server message, sends to a member by username, deletes it', async () => {
    const member = await newMemberWithCard();
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'messages', '站内信');

    await page.getByLabel('会员ID或用户名').fill('99999999');
    await page.getByLabel('标题').fill('账户提醒');
    await page.getByRole('textbox', { name: '内容', exact: true }).fill('您的账户已完成实名');
    await sendButton(page).click();
    await page.getByRole('alert').getByText(MSG.notFound).waitFor();

    await page.getByLabel('会员ID或用户名').fill(member.name);
    // Changing a field drops the refusal; the form is settled again once it is gone.
    await page.getByRole('alert').getByText(MSG.notFound).waitFor({ state: 'detached' });
    await sendButton(page).click();
    await expectToast(page, '已发送');
    await rowWith(page, '账户提醒').waitFor();

    await rowWith(page, '账户提醒').getByRole('button', { name: /^删除/ }).click();
    await clickInDialog(page, '删除', { exact: true });
    await expectToast(page, '已删除');
    await page.getByText('本次尚未发送站内信').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('站点设置: each group refuses a bad value with its message and saves on its own', async () => {
    const { page, errors, close } = await consoleTab();
    await openScreen(page, 'settings', '站点设置');
    const group = (name: string) => page.locator('.ant-card', { has: page.getByRole('heading', { name, level: 2 }) });

    const withdrawals = group('提款');
    const min = withdrawals.getByLabel('单笔最低（元）');
    const original = await min.inputValue();
    await min.fill('99999999');
    await withdrawals.getByRole('button', { name: '保存提款设置' }).click();
    await withdrawals.getByRole('alert').getByText(MSG.withdrawRangeInvalid).waitFor();
    await min.fill(original);

    const urls = group('服务地址');
    const service = urls.getByLabel('在线客服地址');
    const before = await service.inputValue();
    await service.fill('javascript:alert(1)');
    await urls.getByRole('button', { name: '保存服务地址设置' }).click();
    await urls.getByRole('alert').getByText(MSG.urlInvalid).waitFor();
    await service.fill('https://chat.example.com/e2e');
    await urls.getByRole('button', { name: '保存服务地址设置' }).click();
    await expectToast(page, '服务地址设置已保存');
    const stored = await adminApi<{ service_url: string }>('GET', '/admin/api/settings');
    expect(stored.data.service_url).toBe('https://chat.example.com/e2e');
    await service.fill(before);
    await urls.getByRole('button', { name: '保存服务地址设置' }).click();
    await expect
      .poll(async () => (await adminApi<{ service_url: string }>('GET', '/admin/api/settings')).data.service_url)
      .toBe(before);

    expect(errors).toEqual([]);
    await close();
  });
});
