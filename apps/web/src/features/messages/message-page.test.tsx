import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { paginator, signedInWithScrollingLists } from '../../shared/test/paged-lists';
import { bodiesOf } from '../../shared/test/member';
import { MessagePage } from './message-page';

const page = (data: unknown[], total = data.length) => ok(paginator(data, total));

signedInWithScrollingLists();

describe('/message', () => {
  it('lists the inbox (type 2) with title, time and HTML content', async () => {
    const fetch = mockApi({
      '/api/noticeList': (body) =>
        (body as { type: number }).type === 2
          ? page([
              {
                id: 2,
                title: '系统通知',
                content: '<p>欢迎<b>加入</b></p>',
                created_at: '2026-06-01 12:00:00',
              },
            ])
          : page([]),
    });
    renderPage(<MessagePage />, { route: '/message?type=2' });
    const list = await screen.findByRole('list', { name: '站内信列表' });
    expect(within(list).getByRole('heading', { name: '系统通知' })).toBeInTheDocument();
    expect(within(list).getByText('2026-06-01 12:00:00')).toBeInTheDocument();
    expect(within(list).getByText('加入').tagName).toBe('B');
    const bodies = bodiesOf(fetch, '/api/noticeList');
    expect(bodies[0]).toEqual({ page: 1, type: 2 });
  });

  it('switches to the announcements tab and shows the empty text', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({
      '/api/noticeList': (body) =>
        (body as { type: number }).type === 1
          ? page([])
          : page([{ id: 1, title: '站内信一', content: 'x', created_at: '2026-06-01 12:00:00' }]),
    });
    renderPage(<MessagePage />, { route: '/message?type=2' });
    expect(await screen.findByText('站内信一')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '公告' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message?type=1'));
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
  });

  it("shows the site's notices (the home ticker's lines) on the 公告 tab, above the announcements", async () => {
    const notices = ['欢迎来到星河体育', '存款秒到账', '理性娱乐'];
    mockApi({
      '/api/homenotice': () => ok(notices),
      '/api/noticeList': (body) =>
        (body as { type: number }).type === 1
          ? page([{ id: 5, title: '维护通知', content: '<p>周二维护</p>', created_at: '2026-06-01 12:00:00' }])
          : page([]),
    });
    renderPage(<MessagePage />, { route: '/message?type=1' });
    const list = await screen.findByRole('list', { name: '站点公告' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(notices);
    expect(await screen.findByRole('heading', { name: '维护通知' })).toBeInTheDocument();
  });

  it('shows the notices alone, without the empty text, when there is no announcement; not on the 站内信 tab', async () => {
    const fetch = mockApi({ '/api/homenotice': () => ok(['公告一']), '/api/noticeList': () => page([]) });
    const first = renderPage(<MessagePage />, { route: '/message?type=1' });
    expect(await screen.findByText('公告一')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(fetch, '/api/noticeList')).toEqual([{ page: 1, type: 1 }]));
    expect(screen.queryByText(MSG.emptyList)).not.toBeInTheDocument();
    first.unmount();
    renderPage(<MessagePage />, { route: '/message?type=2' });
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '站点公告' })).not.toBeInTheDocument();
  });
});
