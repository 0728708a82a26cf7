import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, baseURL, hashPath, browserOfFile, phonePage, registerThroughForm } from './support/browser';
import { expectToast } from './support/toasts';

const browser = browserOfFile();

/** A 1x1 PNG (one opaque red pixel), as a browser would upload it. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
/** The join-us entry of the member centre menu, offered while the member is not an agent. */
const joinUs = (page: Page) =>
  page.getByRole('navigation', { name: '会员中心' }).getByRole('button', { name: '加入我们' });

async function memberIdOf(username: string): Promise<number> {
  const list = await adminApi<{ data: { id: number; username: string }[] }>(
    'GET',
    `/admin/api/members?username=${username}`,
  );
  const member = list.data.data.find((m) => m.username === username);
  if (!member) throw new Error(`no member ${username}`);
  return member.id;
}

async function logIn(page: Page, name: string, password: string) {
  await page.getByPlaceholder('请输入账号').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The member summary as the server answers it for a token (code 200, or 401 for an ended session). */
async function userFor(token: string): Promise<{ code: number }> {
  const res = await fetch(`${baseURL()}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  return (await res.json()) as { code: number };
}

describe('the member centre', () => {
  it('edits the profile, uploads an avatar, changes the password, reads an inbox message and becomes an agent', async () => {
    const { page, errors, context } = await phonePage(browser());
    const name = await registerThroughForm(page);

    // 1. Profile: mobile, email and birthday are saved and survive a reload.
    await page.goto(`${baseURL()}/#/userInfo`);
    await expect.poll(() => page.getByLabel('用户名', { exact: true }).textContent()).toBe(name);
    await page.getByLabel('手机号', { exact: true }).fill('13912345678');
    await page.getByLabel('邮箱', { exact: true }).fill('member@example.com');
    await page.getByRole('button', { name: /^生日：/ }).click();
    await page.getByRole('button', { name: '确定', exact: true }).click();
    await page.getByRole('button', { name: '生日：1990-01-01' }).waitFor();
    await page.getByRole('button', { name: '确认修改' }).click();
    await expectToast(page, '操作成功');

    await page.reload();
    await expect.poll(() => page.getByLabel('手机号', { exact: true }).inputValue()).toBe('13912345678');
    expect(await page.getByLabel('邮箱', { exact: true }).inputValue()).toBe('member@example.com');
    await page.getByRole('button', { name: '生日：1990-01-01' }).waitFor();

    // 2. Avatar: a PNG goes up through the file input and the page shows the stored file.
    const avatar = page.getByRole('img', { name: '头像' });
    expect(await avatar.getAttribute('src')).not.toContain('/uploads/');
    await page.getByLabel('上传头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect.poll(() => avatar.getAttribute('src')).toContain('/uploads/');
    const src = (await avatar.getAttribute('src')) ?? '';
    const avatarURL = new URL(src, baseURL());
    expect(avatarURL.pathname).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await fetch(new URL(avatarURL.pathname, baseURL()));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    // 3. Login password: the change ends the session; only the new password logs in.
    const oldToken = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(oldToken).toBeTruthy();
    expect((await userFor(oldToken ?? '')).code).toBe(200);
    await page.goto(`${baseURL()}/#/password?type=1`);
    await page.getByRole('heading', { name: '修改登录密码' }).waitFor();
    await page.getByLabel('旧密码', { exact: true }).fill('secret123');
    await page.getByLabel('新密码', { exact: true }).fill('newpass456');
    await page.getByLabel('确认密码', { exact: true }).fill('newpass456');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expectToast(page, '密码修改成功！');
    await page.waitForURL(/#\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect((await userFor(oldToken ?? '')).code).toBe(401);

    await logIn(page, name, 'secret123');
    await expectToast(page, '账号或密码错误');
    expect(hashPath(page)).toBe('#/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    await page.getByPlaceholder('请输入账号').fill('');
    await page.getByPlaceholder('请输入密码').fill('');
    await logIn(page, name, 'newpass456');
    // docs/member-app.md "States and transitions": login success goes to / (not back to the password form the session ended on).
    await page.getByLabel('账户余额').waitFor();
    expect(hashPath(page)).toMatch(/^#\/?$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();

    // 4. Inbox: an operator's message reaches the member; its HTML is shown without scripts or script URLs.
    const memberId = await memberIdOf(name);
    const title = `站内信 ${name}`;
    expect(
      (
        await adminApi('POST', '/admin/api/messages', {
          title,
          content:
            '<p>尊敬的会员，<strong>您的资料已更新</strong></p>' +
            '<script>window.__xss = (window.__xss || 0) + 1</script>' +
            '<a href="javascript:window.__xss = (window.__xss || 0) + 100">详情</a>',
          member_id: memberId,
        })
      ).code,
    ).toBe(200);

    await page.goto(`${baseURL()}/#/message?type=2`);
    const message = page.getByRole('list', { name: '站内信列表' }).getByRole('article', { name: title });
    await message.waitFor();
    const content = message.locator('.message-content');
    await expect.poll(() => content.locator('p').textContent()).toBe('尊敬的会员，您的资料已更新');
    expect(await content.locator('strong').textContent()).toBe('您的资料已更新');
    expect(await content.locator('script').count()).toBe(0);
    expect(await content.getByText('详情').getAttribute('href')).toBeNull();
    await content.getByText('详情').click();
    expect(hashPath(page)).toBe('#/message?type=2');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // 5. Partner programme: the join-us entry leads to the application; once approved it is gone.
    await page.goto(`${baseURL()}/#/mine`);
    await joinUs(page).waitFor();
    await joinUs(page).click();
    await page.waitForURL(/#\/applyagent/);
    await page.getByLabel('手机号', { exact: true }).fill('13812345678');
    await page.getByLabel('申请理由', { exact: true }).fill('有稳定的推广渠道，希望成为合营伙伴');
    await page.getByRole('button', { name: '提交申请' }).click();
    await expectToast(page, '申请成功');

    const pending = await adminApi<{ data: { id: number; username: string; mobile: string; state: number }[] }>(
      'GET',
      '/admin/api/agent-applications?state=1',
    );
    const application = pending.data.data.find((a) => a.username === name);
    if (!application) throw new Error(`no pending agent application for ${name}`);
    expect(application.mobile).toBe('13812345678');
    expect((await adminApi('POST', `/admin/api/agent-applications/${application.id}/approve`, {})).code).toBe(200);

    await page.goto(`${baseURL()}/#/mine`);
    await page.reload();
    await page.getByRole('navigation', { name: '会员中心' }).getByRole('button', { name: '个人资料' }).waitFor();
    await expect.poll(() => joinUs(page).count()).toBe(0);
    // An agent logs in to the agent centre instead: getAgentLoginUrl's page (ours, #/agentCenter, by default) in the
    // frame, showing the partner's own month.
    await page.getByRole('navigation', { name: '会员中心' }).getByRole('button', { name: '代理登录' }).click();
    await page.waitForURL(/#\/gamePage\?dailiD=1$/);
    const agentCentre = page.frameLocator('iframe[title="代理后台"]');
    await agentCentre.getByRole('heading', { level: 1, name: '代理中心' }).waitFor();
    await agentCentre.getByRole('region', { name: '本月概况' }).waitFor();
    expect(await agentCentre.locator('body').textContent()).not.toContain('即将开放');

    expect(errors).toEqual([]);

    // Event-handler attributes are stripped as well, by the server when the message is stored: the page receives
    // clean HTML, so not even a CSP report of a blocked handler appears.
    const handlerTitle = `事件 ${name}`;
    await adminApi('POST', '/admin/api/messages', {
      title: handlerTitle,
      content:
        '<img src="data:image/png;base64,AAAA" alt="坏图" onerror="window.__xss = (window.__xss || 0) + 1">' +
        '<p onclick="window.__xss = (window.__xss || 0) + 10">领取</p>' +
        '<form action="https://evil.example/"><input name="password"><button type="submit">提交</button></form>',
      member_id: memberId,
    });
    await page.goto(`${baseURL()}/#/message?type=2`);
    const withHandlers = page.getByRole('article', { name: handlerTitle }).locator('.message-content');
    await withHandlers.getByText('领取', { exact: true }).waitFor();
    expect(await withHandlers.locator('[onerror], [onclick]').count()).toBe(0);
    // Forms and their controls are gone too; their text stays.
    expect(await withHandlers.locator('form, input, button').count()).toBe(0);
    await expect
      .poll(() => withHandlers.getByRole('img', { name: '坏图' }).evaluate((img: HTMLImageElement) => img.complete))
      .toBe(true);
    await withHandlers.getByText('领取', { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});
