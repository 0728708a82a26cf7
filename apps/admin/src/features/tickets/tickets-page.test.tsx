import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memberContext } from '../../test/fixtures';
import { mockApi, ok, renderScreen, signInAs } from '../../test/render';
import TicketsPage, { ageText } from './tickets-page';

const ticket = (over: Record<string, unknown> = {}) => ({
  id: 11,
  member_id: 3,
  username: 'player01',
  category: '提款问题',
  text: '提款两小时未到账',
  record_kind: 'withdrawal',
  record_no: 'W000021',
  state: 'pending',
  operator: '',
  created_at: '2026-06-01 10:00:00',
  first_reply_at: null,
  resolved_at: null,
  closed_at: null,
  age_seconds: 3725,
  images: [],
  ...over,
});

const member = memberContext({
  withdrawals: [
    {
      id: 1,
      order_no: 'W000021',
      amount: '300.00',
      state: 1,
      state_label: '待审核',
      created_at: '2026-06-01 09:50:00',
    },
  ],
});

const reply = (id: number, text: string) => ({ id, text, operator: 'desk01', created_at: '2026-06-01 11:00:00' });

describe('工单 (docs/operators.md "Tickets")', () => {
  it('lists a waiting ticket with its age, opens it beside its member, replies (处理中) and then resolves it', async () => {
    signInAs('support', 'desk01');
    let current = ticket();
    let replies: ReturnType<typeof reply>[] = [];
    const detail = () => ok({ ticket: current, member, replies });
    const { calls } = mockApi({
      'GET /admin/api/tickets': (c) => {
        const state = c.query.get('state');
        const list = state === current.state ? [current] : [];
        return ok({ list, total: list.length });
      },
      'GET /admin/api/tickets/11': detail,
      'POST /admin/api/tickets/11/reply': (c) => {
        replies = [...replies, reply(1, (c.body as { text: string }).text)];
        current = ticket({ state: 'processing', operator: 'desk01', first_reply_at: '2026-06-01 11:00:00' });
        return detail();
      },
      'POST /admin/api/tickets/11/resolve': () => {
        current = ticket({
          state: 'resolved',
          operator: 'desk01',
          first_reply_at: '2026-06-01 11:00:00',
          resolved_at: '2026-06-01 11:05:00',
        });
        return detail();
      },
    });
    renderScreen(<TicketsPage />, { route: '/tickets' });
    const list = await screen.findByRole('list', { name: '待处理的工单' });
    expect(within(list).getByText('#11 · 已提交 1小时2分')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /player01/ }));

    const pane = screen.getByRole('region', { name: '工单详情' });
    expect(await within(pane).findByText('关联订单：提款 W000021')).toBeInTheDocument();
    expect(within(pane).getByText('待处理')).toBeInTheDocument();
    expect(within(pane).getByText('首次回复：未回复')).toBeInTheDocument();
    const context = screen.getByRole('region', { name: '会员资料' });
    expect(await within(context).findByText('1234.56 元')).toBeInTheDocument();
    expect(within(context).getByText('W000021')).toBeInTheDocument();

    const send = within(pane).getByRole('button', { name: '回复' });
    expect(send).toBeDisabled();
    await userEvent.type(within(pane).getByLabelText('回复内容'), '  已为您加急处理 ');
    await userEvent.click(send);
    expect(await within(pane).findByText('处理中')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: '回复记录' })).getByText('已为您加急处理')).toBeInTheDocument();
    expect(within(pane).getByText('首次回复：2026-06-01 11:00:00')).toBeInTheDocument();
    expect(within(pane).getByLabelText('回复内容')).toHaveValue('');
    expect(calls.find((c) => c.path.endsWith('/reply'))?.body).toEqual({ text: '已为您加急处理' });

    await userEvent.click(within(pane).getByRole('button', { name: '标记已解决' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '已解决' }));
    expect(await within(pane).findByText('已解决')).toBeInTheDocument();
    expect(within(pane).getByText('解决于 2026-06-01 11:05:00')).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: '标记已解决' })).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/resolve'))).toHaveLength(1));
  });

  it('says when a state has no tickets, and a closed ticket takes no reply', async () => {
    signInAs('admin', 'boss');
    const closed = ticket({
      state: 'closed',
      closed_at: '2026-06-01 12:00:00',
      images: ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.gif'],
    });
    mockApi({
      'GET /admin/api/tickets': (c) =>
        c.query.get('state') === 'closed' ? ok({ list: [closed], total: 1 }) : ok({ list: [], total: 0 }),
      'GET /admin/api/tickets/11': () => ok({ ticket: closed, member, replies: [] }),
    });
    renderScreen(<TicketsPage />, { route: '/tickets' });
    expect(await screen.findByText('暂无待处理的工单')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '已关闭' }));
    await userEvent.click(
      within(await screen.findByRole('list', { name: '已关闭的工单' })).getByRole('button', { name: /player01/ }),
    );
    const pane = screen.getByRole('region', { name: '工单详情' });
    expect(await within(pane).findByText('关闭于 2026-06-01 12:00:00')).toBeInTheDocument();
    const images = within(pane).getByRole('list', { name: '会员上传的图片' });
    expect(
      within(images)
        .getAllByRole('img')
        .map((i) => [i.getAttribute('alt'), i.getAttribute('src')]),
    ).toEqual([
      ['会员上传的图片1', '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'],
      ['会员上传的图片2', '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.gif'],
    ]);
    expect(within(pane).queryByLabelText('回复内容')).toBeNull();
    expect(within(pane).queryByRole('button', { name: '关闭工单' })).toBeNull();
  });

  it('reads a ticket’s age in minutes, hours and days', () => {
    expect([ageText(30), ageText(600), ageText(3725), ageText(90_000)]).toEqual([
      '刚刚',
      '10分钟',
      '1小时2分',
      '1天1小时',
    ]);
  });
});
