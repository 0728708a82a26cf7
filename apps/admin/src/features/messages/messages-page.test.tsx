import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import MessagesPage from './messages-page';

const memberRow = {
  id: 7,
  username: 'player01',
  realname: '王五',
  mobile: '',
  register_ip: '',
  vip: 0,
  state: 1,
  paysum: '0.00',
  balance: '0.00',
  gameblance: '0.00',
  created_at: '2026-11-25 10:00:00',
};

/** Writes the title and the content (typed into the rich-text editor) and sends. */
async function send(title: string, content: string) {
  await userEvent.type(screen.getByLabelText('标题'), title);
  await userEvent.click(await screen.findByRole('textbox', { name: '内容' }));
  await userEvent.paste(content);
  await userEvent.click(screen.getByRole('button', { name: '发送' }));
}

describe('站内信', () => {
  it('sends to a member found by username, lists it, and deletes it after confirming', async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      'GET /admin/api/members': () => ok(page([{ ...memberRow, username: 'player010' }, memberRow])),
      'POST /admin/api/messages': () =>
        ok({
          id: 31,
          title: '账户提醒',
          content: '<p>您好</p>',
          created_at: '2026-11-25 10:00:00',
          type: 2,
          member_id: 7,
        }),
      'DELETE /admin/api/messages/31': () => ok(null),
    });
    renderScreen(<MessagesPage />);
    await userEvent.click(await screen.findByRole('button', { name: '发送' }));
    expect(await screen.findByText('请输入会员ID或用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入标题')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('会员ID或用户名'), 'player01');
    await send('账户提醒', '您好');
    expect(await screen.findByText('会员 #7')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '账户提醒',
      content: '<p>您好</p>',
      member_id: 7,
      type: 2,
    });

    await userEvent.click(screen.getByRole('button', { name: '删除 账户提醒' }));
    await userEvent.click(
      within((await screen.findAllByRole('dialog')).at(-1) as HTMLElement).getByRole('button', { name: '删除' }),
    );
    expect(await screen.findByText('本次尚未发送站内信')).toBeInTheDocument();
  });

  it('sends an announcement to everyone without a member', async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      'POST /admin/api/messages': () =>
        ok({
          id: 32,
          title: '维护通知',
          content: '今晚维护',
          created_at: '2026-11-25 10:00:00',
          type: 1,
          member_id: null,
        }),
    });
    renderScreen(<MessagesPage />);
    await userEvent.click(await screen.findByRole('radio', { name: '全站公告' }));
    expect(screen.queryByLabelText('会员ID或用户名')).not.toBeInTheDocument();
    await send('维护通知', '今晚维护');
    expect(await screen.findByText('已发送')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '维护通知',
      content: '<p>今晚维护</p>',
      type: 1,
    });
  });
});
