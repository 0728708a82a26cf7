import { describe, expect, it } from 'vitest';
import { baseURL, browserOfFile, phonePage, registerWithCard, submitBankDeposit } from './support/browser';
import { desktopPage, openScreen } from './support/console';

// 在线客服 end to end (docs/operators.md "The support desk"): a member on a phone writes from /kefu's frame, an agent
// in the console's 客服 at 1280 px, in another browser context, takes the conversation and answers; each sees the
// other's line arrive without reloading, over the two sockets.

const browser = browserOfFile();

describe('在线客服 between a member and the desk', () => {
  it('a member writes from /kefu and an agent answers live in 客服; a ticket filed from a deposit record is answered in 工单 and read in 消息', async () => {
    const member = await phonePage(browser());
    const name = await registerWithCard(member.page);
    const desk = await desktopPage(browser(), 'operator');
    try {
      await openScreen(desk.page, 'support', '客服');
      await desk.page.getByText('实时连接', { exact: true }).waitFor();

      await member.page.goto(`${baseURL()}/#/kefu`);
      await member.page.getByRole('button', { name: '联系在线客服' }).click();
      const chat = member.page.frameLocator('iframe[title="在线客服"]');
      await chat.getByRole('list', { name: '聊天记录' }).getByText('欢迎咨询在线客服', { exact: false }).waitFor();
      await chat.getByLabel('输入消息').fill('我的存款还没到账');
      await chat.getByRole('button', { name: '发送', exact: true }).click();
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
      // The member sees the agent typing before the line arrives.
      await chat.getByText('客服正在输入…').waitFor();
      await desk.page.getByRole('button', { name: /^发\s?送$/ }).click();
      await thread.getByText('您好，请提供存款单号，我们马上为您查询').waitFor();
      await chat.getByRole('list', { name: '聊天记录' }).getByText('您好，请提供存款单号，我们马上为您查询').waitFor();

      await chat.getByLabel('输入消息').fill('单号是 D123');
      await chat.getByRole('button', { name: '发送', exact: true }).click();
      await thread.getByText('单号是 D123').waitFor();

      // A ticket about a deposit, filed from its record: 反馈此单 names the record, the desk answers it in 工单, and
      // the member reads of the reply in 消息 and the reply itself on the ticket.
      await submitBankDeposit(member.page, '321');
      await member.page.goto(`${baseURL()}/#/transRecord?type=1`);
      const feedback = member.page.getByRole('link', { name: /^反馈此单 / }).first();
      const depositNo = ((await feedback.getAttribute('aria-label')) ?? '').replace('反馈此单 ', '');
      await feedback.click();
      await member.page.getByLabel('关联订单').getByText(depositNo).waitFor();
      await member.page.getByRole('radiogroup', { name: '反馈类型' }).getByRole('radio', { name: '存款问题' }).click();
      await member.page.getByLabel('反馈内容').fill('转账已完成，存款仍在审核');
      await member.page.getByRole('button', { name: '提交反馈' }).click();

      await openScreen(desk.page, 'tickets', '工单');
      await desk.page
        .getByRole('list', { name: '待处理的工单' })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await desk.page.getByRole('region', { name: '工单详情' }).getByText(depositNo).waitFor();
      await desk.page.getByRole('textbox', { name: '回复内容' }).fill('已为您加急审核，请稍候');
      await desk.page.getByRole('button', { name: /^回\s?复$/ }).click();
      await desk.page.getByText('已回复，会员将收到站内信').waitFor();

      await member.page.goto(`${baseURL()}/#/message?type=2`);
      await expect
        .poll(() => member.page.getByRole('list', { name: '站内信列表' }).innerText())
        .toContain('您的反馈有新回复');
      await member.page.goto(`${baseURL()}/#/feedback?tab=list`);
      await member.page.getByRole('list', { name: '我的反馈列表' }).getByText('转账已完成，存款仍在审核').click();
      await member.page.getByRole('region', { name: '客服回复' }).getByText('已为您加急审核，请稍候').waitFor();

      expect(member.errors).toEqual([]);
      expect(desk.errors).toEqual([]);
    } finally {
      await member.close();
      await desk.close();
    }
  });
});
