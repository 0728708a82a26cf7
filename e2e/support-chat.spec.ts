import { describe, expect, it } from 'vitest';
import { baseURL, browserOfFile, phonePage, registerThroughForm } from './support/browser';
import { desktopPage, openScreen } from './support/console';

// 在线客服 end to end (docs/operators.md "The support desk"): a member on a phone writes from /kefu's frame, an agent
// in the console's 客服 at 1280 px, in another browser context, takes the conversation and answers; each sees the
// other's line arrive without reloading, over the two sockets.

const browser = browserOfFile();

describe('在线客服 between a member and the desk', () => {
  it('a member writes from /kefu, an agent takes it in 客服 and answers, and each sees the other live', async () => {
    const member = await phonePage(browser());
    const name = await registerThroughForm(member.page);
    const desk = await desktopPage(browser(), 'operator');
    try {
      await openScreen(desk.page, 'support', '客服');
      await desk.page.getByText('实时连接', { exact: true }).waitFor();

      await member.page.goto(`${baseURL()}/#/kefu`);
      await member.page.getByRole('button', { name: '联系在线客服' }).click();
      const chat = member.page.frameLocator('iframe[title="在线客服"]');
      await chat.getByRole('list', { name: '聊天记录' }).getByText('欢迎咨询在线客服', { exact: false }).waitFor();
      await chat.getByLabel('输入消息').fill('我的存款还没到账');
      await chat.getByRole('button', { name: '发送' }).click();
      await chat.getByText('等待客服接入…').waitFor();
      // Signed in: neither the sign-in prompt nor the rating shows beside the conversation.
      expect(await chat.getByText('请先登录后再咨询在线客服。').isVisible()).toBe(false);
      expect(await chat.getByRole('button', { name: '提交评价' }).isVisible()).toBe(false);

      // The waiting member appears in the desk's queue as it is: no reload of the console.
      const waiting = desk.page
        .getByRole('list', { name: '进行中的会话' })
        .getByRole('button', { name: new RegExp(name) });
      await waiting.getByText('我的存款还没到账').waitFor();
      await waiting.click();
      const thread = desk.page.getByRole('log', { name: '会话消息' });
      await thread.getByText('我的存款还没到账').waitFor();
      await desk.page.getByRole('button', { name: /^接\s?入$/ }).click();
      await chat.getByText('客服已接入').waitFor();

      await desk.page.getByRole('textbox', { name: '回复内容' }).fill('您好，请提供存款单号，我们马上为您查询');
      await desk.page.getByRole('button', { name: /^发\s?送$/ }).click();
      await thread.getByText('您好，请提供存款单号，我们马上为您查询').waitFor();
      await chat.getByRole('list', { name: '聊天记录' }).getByText('您好，请提供存款单号，我们马上为您查询').waitFor();

      await chat.getByLabel('输入消息').fill('单号是 D123');
      await chat.getByRole('button', { name: '发送' }).click();
      await thread.getByText('单号是 D123').waitFor();
      expect(member.errors).toEqual([]);
      expect(desk.errors).toEqual([]);
    } finally {
      await member.close();
      await desk.close();
    }
  });
});
