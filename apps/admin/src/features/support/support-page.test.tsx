import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberContext, memberLimits } from '../../test/fixtures';
import { fail, mockApi, ok, renderScreen, signInAs } from '../../test/render';
import SupportPage from './support-page';
import { RecordingAudioContext, tones } from '../../test/recording-audio';
import { mockUpload, pngFile } from '../../test/upload';

/** A stand-in for the browser's WebSocket: the test pushes what the server would, or closes it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  push(data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(data) }));
  }
  drop() {
    act(() => this.onclose?.());
  }
  close() {}
}

const row = (over: Record<string, unknown> = {}) => ({
  id: 7,
  member_id: 3,
  username: 'player01',
  state: 'open',
  operator: '',
  created_at: '2026-06-01 12:00:00',
  first_reply_at: null,
  closed_at: null,
  waiting_seconds: 75,
  unread: 2,
  last_text: '我的存款还没到账',
  rating: null,
  rating_note: '',
  ...over,
});

const message = (id: number, sender: string, text: string) => ({
  id,
  conversation_id: 7,
  sender,
  text,
  image: '',
  created_at: `2026-06-01 12:0${id % 10}:00`,
});

const member = memberContext({
  deposits: [
    {
      id: 1,
      deposit_no: 'D001',
      pay_way: 'bank',
      amount: '500.00',
      state: 1,
      state_label: '待审核',
      created_at: '2026-06-01 11:50:00',
    },
  ],
  risk_flags: [{ kind: 'same_device', label: '同设备多账号注册', created_at: '2026-05-01 08:00:00' }],
  responsible: memberLimits({ deposit_day: { value: '500.00', pending: null } }),
});

const queue = (list: unknown[]) => ok({ list, total: list.length });

describe('客服', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('AudioContext', RecordingAudioContext);
    tones.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.title = '';
  });

  it('claims a waiting conversation, shows the member beside it, and a reply appears in the conversation', async () => {
    signInAs('support', 'desk01');
    let conversation = row();
    let messages = [message(1, 'system', '您好，欢迎咨询'), message(2, 'member', '我的存款还没到账')];
    const { calls } = mockApi({
      'GET /admin/api/support/conversations': (c) => queue(c.query.get('state') === 'open' ? [conversation] : []),
      'GET /admin/api/support/conversations/7': () => ok({ conversation, member, messages }),
      'POST /admin/api/support/conversations/7/claim': () => {
        conversation = row({ operator: 'desk01', unread: 0 });
        return ok(conversation);
      },
      'POST /admin/api/support/conversations/7/reply': (c) => {
        const sent = message(3, 'operator', (c.body as { text: string }).text);
        messages = [...messages, sent];
        return ok(sent);
      },
    });
    renderScreen(<SupportPage />, { route: '/support' });
    const list = await screen.findByRole('list', { name: '进行中的会话' });
    expect(within(list).getByText('等待 1分15秒')).toBeInTheDocument();
    expect(within(list).getByLabelText('2 条未读')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /player01/ }));

    const context = screen.getByRole('region', { name: '会员资料' });
    expect(await within(context).findByText('1234.56 元')).toBeInTheDocument();
    expect(within(context).getByText('VIP2')).toBeInTheDocument();
    expect(within(context).getByText('同设备多账号注册')).toBeInTheDocument();
    expect(within(context).getByText('每日存款限额：500.00')).toBeInTheDocument();
    expect(within(context).getByText('D001')).toBeInTheDocument();
    expect(within(context).getByText('暂无提款')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: '接入' }));
    expect(await within(screen.getByRole('region', { name: '会话' })).findByText('接待：desk01')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '接入' })).toBeNull();

    await userEvent.type(screen.getByLabelText('回复内容'), '请稍等，正在为您查询');
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    const log = screen.getByRole('log', { name: '会话消息' });
    expect(await within(log).findByText('请稍等，正在为您查询')).toBeInTheDocument();
    expect(screen.getByLabelText('回复内容')).toHaveValue('');
    expect(calls.find((c) => c.path.endsWith('/reply'))?.body).toEqual({ text: '请稍等，正在为您查询' });
  });

  it('tells the member the agent is typing once for quick keystrokes in 回复内容, and ignores a failed call', async () => {
    signInAs('support', 'desk01');
    const conversation = row({ operator: 'desk01', unread: 0 });
    const { calls } = mockApi({
      'GET /admin/api/support/conversations': () => queue([conversation]),
      'GET /admin/api/support/conversations/7': () =>
        ok({ conversation, member, messages: [message(2, 'member', '我的存款还没到账')] }),
      'POST /admin/api/support/conversations/7/typing': () => fail(409, '请先接待该会话再回复'),
    });
    renderScreen(<SupportPage />, { route: '/support' });
    const list = await screen.findByRole('list', { name: '进行中的会话' });
    await userEvent.click(within(list).getByRole('button', { name: /player01/ }));
    const box = await screen.findByLabelText('回复内容');
    expect(calls.filter((c) => c.path.endsWith('/typing'))).toEqual([]);
    await userEvent.type(box, '请稍等，正在为您查询');
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/typing'))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith('/typing'))).toMatchObject({ method: 'POST' });
    expect(box).toHaveValue('请稍等，正在为您查询');
    expect(screen.queryByText('请先接待该会话再回复')).toBeNull();
  });

  it('shows a member’s image as a picture with its alt text, and a visitor’s conversation with no member beside it', async () => {
    signInAs('support', 'desk01');
    const conversation = row({ member_id: null, username: '访客', last_text: '[图片]' });
    const messages = [
      message(1, 'system', '您好，欢迎咨询'),
      { ...message(2, 'visitor', ''), image: '/uploads/0123456789abcdef0123456789abcdef.png' },
      { ...message(3, 'member', '这是截图'), image: '/uploads/fedcba9876543210fedcba9876543210.gif' },
    ];
    mockApi({
      'GET /admin/api/support/conversations': () => queue([conversation]),
      'GET /admin/api/support/conversations/7': () => ok({ conversation, member: null, messages }),
    });
    renderScreen(<SupportPage />, { route: '/support' });
    const list = await screen.findByRole('list', { name: '进行中的会话' });
    expect(within(list).getByText('[图片]')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /访客/ }));
    const log = await screen.findByRole('log', { name: '会话消息' });
    const visitorImage = await within(log).findByRole('img', { name: '访客发送的图片' });
    expect(visitorImage).toHaveAttribute('src', '/uploads/0123456789abcdef0123456789abcdef.png');
    expect(within(log).getByRole('img', { name: '会员发送的图片' })).toHaveAttribute(
      'src',
      '/uploads/fedcba9876543210fedcba9876543210.gif',
    );
    expect(within(log).getByText('这是截图')).toBeInTheDocument();
    expect(await screen.findByText('访客会话，没有会员资料')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '会话' })).toHaveTextContent('与 访客 的会话');
  });

  it('sends a picture: uploaded as the desk’s own, then replied with its address, and shown in the conversation', async () => {
    signInAs('support', 'desk01');
    const conversation = row({ operator: 'desk01', unread: 0 });
    const stored = '/uploads/0123456789abcdef0123456789abcdef.png';
    const { calls: uploads } = mockUpload(() => ok({ image: stored }));
    let messages: unknown[] = [];
    const { calls } = mockApi({
      'GET /admin/api/support/conversations': () => queue([conversation]),
      'GET /admin/api/support/conversations/7': () => ok({ conversation, member, messages }),
      'POST /admin/api/support/conversations/7/reply': () => {
        messages = [{ ...message(5, 'operator', ''), image: stored }];
        return ok(messages[0]);
      },
    });
    renderScreen(<SupportPage />, { route: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: /player01/ }));
    await screen.findByRole('button', { name: '发送图片' });
    await userEvent.upload(screen.getByLabelText('选择要发送的图片'), pngFile('截图.png'));
    const log = screen.getByRole('log', { name: '会话消息' });
    expect(await within(log).findByRole('img', { name: '客服发送的图片' })).toHaveAttribute('src', stored);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', url: '/admin/api/support/upload' });
    expect((uploads[0]?.body.get('file') as File).name).toBe('截图.png');
    expect(calls.find((c) => c.path.endsWith('/reply'))?.body).toEqual({ text: '', image: stored });
  });

  it('transfers to one of the desk operators the server lists, never to the one holding it', async () => {
    signInAs('support', 'desk01');
    const conversation = row({ operator: 'desk01' });
    const { calls } = mockApi({
      'GET /admin/api/support/conversations': () => queue([conversation]),
      'GET /admin/api/support/conversations/7': () => ok({ conversation, member, messages: [] }),
      'GET /admin/api/support/operators': () =>
        ok([
          { username: 'boss', role: 'admin' },
          { username: 'desk01', role: 'support' },
          { username: 'desk02', role: 'support' },
        ]),
      'POST /admin/api/support/conversations/7/transfer': () => ok(row({ operator: 'desk02' })),
    });
    renderScreen(<SupportPage />, { route: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: /player01/ }));
    expect(
      await within(await screen.findByRole('log', { name: '会话消息' })).findByText('暂无消息'),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: '转接' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('转接给'));
    await screen.findAllByRole('option');
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual([
        'boss（超级管理员）',
        'desk02（在线客服）',
      ]),
    );
    await userEvent.click(screen.getByText('desk02（在线客服）', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '确认转接' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/transfer'))?.body).toEqual({ operator: 'desk02' }));
  });

  it('shows an ended conversation’s rating and note on the closed tab, and offers 重新打开', async () => {
    signInAs('support', 'desk01');
    const closed = row({ state: 'closed', operator: 'desk01', unread: 0, rating: 4, rating_note: '回复很快' });
    mockApi({
      'GET /admin/api/support/conversations': (c) => queue(c.query.get('state') === 'closed' ? [closed] : []),
      'GET /admin/api/support/conversations/7': () => ok({ conversation: closed, member, messages: [] }),
    });
    renderScreen(<SupportPage />, { route: '/support' });
    expect(await screen.findByText('暂无进行中的会话')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: '已结束' }));
    const list = await screen.findByRole('list', { name: '已结束的会话' });
    expect(within(list).getByText('评价 ★★★★☆')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: /player01/ }));
    const rating = await screen.findByLabelText('会员评价');
    expect(rating).toHaveTextContent('会员评价：★★★★☆（4 分）');
    expect(rating).toHaveTextContent('“回复很快”');
    expect(screen.getByRole('button', { name: '重新打开' })).toBeInTheDocument();
    expect(screen.queryByLabelText('回复内容')).toBeNull();
  });

  it('shows a member’s line pushed over the socket, and reads after the last id once the socket is gone', async () => {
    signInAs('support', 'desk01');
    const conversation = row({ operator: 'desk01' });
    let after: unknown[] = [];
    const { calls } = mockApi({
      'GET /admin/api/support/conversations': () => queue([conversation]),
      'GET /admin/api/support/conversations/7': () =>
        ok({ conversation, member, messages: [message(2, 'member', '在吗')] }),
      'GET /admin/api/support/conversations/7/messages': () => ok(after),
    });
    renderScreen(<SupportPage />, { route: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: /player01/ }));
    const log = await screen.findByRole('log', { name: '会话消息' });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost:3000/admin/api/support/socket?token=tok-desk01');
    socket.push({ type: 'ready' });
    expect(await screen.findByText('实时连接')).toBeInTheDocument();
    socket.push({ type: 'message', message: message(4, 'member', '存款500还没到') });
    expect(await within(log).findByText('存款500还没到')).toBeInTheDocument();

    after = [message(5, 'member', '断线后的消息')];
    socket.drop();
    expect(await screen.findByText('实时连接不可用，每 3 秒刷新')).toBeInTheDocument();
    expect(await within(log).findByText('断线后的消息', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/messages') && c.query.get('after_id') === '4')).toBe(true);
  });

  it('chimes and names the waiting count in the tab title when a new conversation waits', async () => {
    signInAs('support', 'desk01');
    document.title = '星河后台';
    let list = [row()];
    mockApi({ 'GET /admin/api/support/conversations': (c) => queue(c.query.get('state') === 'open' ? list : []) });
    renderScreen(<SupportPage />, { route: '/support' });
    await screen.findByRole('button', { name: /player01/ });
    await waitFor(() => expect(document.title).toBe('【1】位会员等待接入 · 星河后台'));
    expect(tones).toEqual([]);
    list = [row(), row({ id: 8, username: 'player02' })];
    FakeSocket.all[0]!.push({ type: 'message', message: { ...message(9, 'member', '你好'), conversation_id: 8 } });
    await screen.findByRole('button', { name: /player02/ });
    await waitFor(() => expect(tones).toEqual([880, 1320]));
    await waitFor(() => expect(document.title).toBe('【2】位会员等待接入 · 星河后台'));
  });

  it('puts a canned reply picked from 快捷回复 into the reply box, offering only the enabled ones', async () => {
    signInAs('support', 'desk01');
    const conversation = row({ operator: 'desk01' });
    mockApi({
      'GET /admin/api/support/conversations': () => queue([conversation]),
      'GET /admin/api/support/conversations/7': () => ok({ conversation, member, messages: [] }),
      'GET /admin/api/support/canned-replies': () =>
        ok([
          { id: 1, title: '问候', text: '您好，请问有什么可以帮您？', sort: 1, enabled: 1 },
          { id: 2, title: '存款未到账', text: '请提供存款单号，我们立即为您核实。', sort: 2, enabled: 1 },
          { id: 3, title: '旧话术', text: '已停用', sort: 3, enabled: 0 },
        ]),
    });
    renderScreen(<SupportPage />, { route: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: /player01/ }));
    await userEvent.click(await screen.findByLabelText('快捷回复'));
    const picked = await screen.findByText('请提供存款单号，我们立即为您核实。');
    expect(screen.queryByText('已停用')).toBeNull();
    await userEvent.click(picked);
    expect(screen.getByLabelText('回复内容')).toHaveValue('请提供存款单号，我们立即为您核实。');
  });
});
