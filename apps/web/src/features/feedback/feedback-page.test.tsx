import { MSG } from '@h5/contract/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesOf } from '../../shared/test/member';
import { paginator, signedInWithScrollingLists } from '../../shared/test/paged-lists';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { clearToasts, findToast, tapExpectingToast } from '../../shared/test/toast';
import { FeedbackPage } from './feedback-page';

const ticket = (over: Record<string, unknown> = {}) => ({
  id: 7,
  category: '提款问题',
  text: '提款两小时未到账',
  record_kind: 'withdrawal',
  record_no: 'W000021',
  state: 'pending',
  created_at: '2026-05-01 12:00:00',
  first_reply_at: null,
  resolved_at: null,
  closed_at: null,
  images: [],
  ...over,
});

const location = () => screen.getByTestId('location').textContent;

signedInWithScrollingLists();

describe('/feedback (docs/member-app.md "意见反馈")', () => {
  afterEach(() => clearToasts());

  it('files a ticket about the record it was opened with, then shows it in 我的反馈', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    let filed = false;
    const fetch = mockApi({
      '/api/tickets/create': () => {
        filed = true;
        return ok({ ...ticket(), replies: [] }, MSG.ticketCreated);
      },
      '/api/tickets/list': () => ok(paginator(filed ? [ticket()] : [])),
    });
    renderPage(<FeedbackPage />, { route: '/feedback?kind=withdrawal&no=W000021' });
    expect(screen.getByLabelText('关联订单')).toHaveTextContent('关联订单：提款 W000021');
    // The record's kind picks its category.
    expect(screen.getByRole('radio', { name: '提款问题' })).toHaveAttribute('aria-checked', 'true');

    const submit = screen.getByRole('button', { name: '提交反馈' });
    await tapExpectingToast(user, submit, MSG.ticketTextRequired);
    expect(bodiesOf(fetch, '/api/tickets/create')).toEqual([]);

    await user.type(screen.getByLabelText('反馈内容'), '  提款两小时未到账 ');
    await user.click(submit);
    expect(await findToast(MSG.ticketCreated)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/tickets/create')).toEqual([
      {
        category: '提款问题',
        text: '提款两小时未到账',
        record_kind: 'withdrawal',
        record_no: 'W000021',
        images: [],
      },
    ]);
    expect(location()).toBe('/feedback?tab=list');
    const list = await screen.findByRole('list', { name: '我的反馈列表' });
    expect(within(list).getByText('待处理')).toBeInTheDocument();
    expect(within(list).getByRole('link')).toHaveAttribute('href', '/feedback?id=7');
  });

  it('files a ticket without a record once the member drops it, under the category they pick', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({
      '/api/tickets/create': () => ok({ ...ticket(), replies: [] }, MSG.ticketCreated),
      '/api/tickets/list': () => ok(paginator([])),
    });
    renderPage(<FeedbackPage />, { route: '/feedback?kind=deposit&no=D1' });
    await user.click(screen.getByRole('button', { name: '取消关联' }));
    expect(screen.queryByLabelText('关联订单')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '游戏问题' }));
    await user.type(screen.getByLabelText('反馈内容'), '游戏加载很慢');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await findToast(MSG.ticketCreated)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/tickets/create')).toEqual([
      { category: '游戏问题', text: '游戏加载很慢', record_kind: '', record_no: '', images: [] },
    ]);
  });

  it('attaches up to 3 pictures, each uploaded as picked; a refused one is toasted and left out', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const answers = [
      ok({ image: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' }),
      { code: 422, message: MSG.imageUploadTypeInvalid, data: null },
      ok({ image: '/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.gif' }),
      ok({ image: '/uploads/cccccccccccccccccccccccccccccccc.png' }),
      ok({ image: '/uploads/dddddddddddddddddddddddddddddddd.png' }),
    ];
    const fetch = mockApi({
      '/api/support/upload': () => answers.shift()!,
      '/api/tickets/create': () => ok({ ...ticket(), replies: [] }, MSG.ticketCreated),
      '/api/tickets/list': () => ok(paginator([])),
    });
    renderPage(<FeedbackPage />);
    const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
    const pick = async (name: string) => user.upload(screen.getByLabelText('添加图片'), png(name));
    await pick('a.png');
    expect(await screen.findByAltText('已添加的图片1')).toHaveAttribute(
      'src',
      '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
    );
    await pick('b.png');
    expect(await findToast(MSG.imageUploadTypeInvalid)).toBeInTheDocument();
    await pick('c.gif');
    await pick('d.png');
    expect(await screen.findByAltText('已添加的图片3')).toBeInTheDocument();
    // Three is the most: the picker is gone.
    expect(screen.queryByLabelText('添加图片')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '删除图片1' }));
    expect(screen.getByLabelText('添加图片')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => url === '/api/support/upload')).toHaveLength(4);

    await user.type(screen.getByLabelText('反馈内容'), '截图在此');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await findToast(MSG.ticketCreated)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/tickets/create')).toEqual([
      {
        category: '其他建议',
        text: '截图在此',
        record_kind: '',
        record_no: '',
        images: ['/uploads/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.gif', '/uploads/cccccccccccccccccccccccccccccccc.png'],
      },
    ]);
  });

  it('shows the server’s refusal of a record that is not the member’s, and stays on the form', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({ '/api/tickets/create': () => ({ code: 422, message: MSG.ticketRecordNotYours, data: null }) });
    renderPage(<FeedbackPage />, { route: '/feedback?kind=deposit&no=D999' });
    await user.type(screen.getByLabelText('反馈内容'), '查一下');
    await user.click(screen.getByRole('button', { name: '提交反馈' }));
    expect(await findToast(MSG.ticketRecordNotYours)).toBeInTheDocument();
    expect(location()).toBe('/feedback?kind=deposit&no=D999');
    expect(screen.getByLabelText('反馈内容')).toHaveValue('查一下');
  });

  it('says so when the member has no tickets', async () => {
    mockApi({ '/api/tickets/list': () => ok(paginator([])) });
    renderPage(<FeedbackPage />, { route: '/feedback?tab=list' });
    expect(await screen.findByText('暂无反馈记录')).toBeInTheDocument();
  });

  it('shows one ticket with its state and the desk’s replies, or that none came yet', async () => {
    const fetch = mockApi({
      '/api/tickets/detail': (body) =>
        (body as { id: number }).id === 7
          ? ok({
              ...ticket({ state: 'processing', images: ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'] }),
              replies: [{ id: 1, text: '已为您加急处理', created_at: '2026-05-01 12:30:00' }],
            })
          : ok({ ...ticket({ id: 8, record_kind: '', record_no: '' }), replies: [] }),
    });
    const { unmount } = renderPage(<FeedbackPage />, { route: '/feedback?id=7' });
    const replies = await screen.findByRole('region', { name: '客服回复' });
    expect(within(replies).getByText('已为您加急处理')).toBeInTheDocument();
    expect(screen.getByText('处理中')).toBeInTheDocument();
    expect(screen.getByText('W000021')).toBeInTheDocument();
    const pictures = screen.getByRole('list', { name: '反馈图片' });
    expect(within(pictures).getByRole('img', { name: '反馈图片1' })).toHaveAttribute(
      'src',
      '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
    );
    unmount();
    renderPage(<FeedbackPage />, { route: '/feedback?id=8' });
    expect(await screen.findByText(/客服尚未回复/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '反馈图片' })).not.toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/tickets/detail')).toEqual([{ id: 7 }, { id: 8 }]);
  });
});
