import { MSG } from '@h5/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { ActivityInfoPage } from './activity-info-page';
import { ActivityPage } from './activity-page';
import { ActivityRecordPage } from './activity-record-page';
import { bodiesOf, signIn } from '../../shared/test/member';

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

const paged = <T,>(data: T[]) =>
  ok({ current_page: 1, data, last_page: 1, per_page: 10, total: data.length, from: 1, to: data.length });

const PROMO = {
  id: 7,
  title: '首存送100%',
  banner: '/uploads/first.png',
  content: '<p>活动内容</p>',
  memo: '<p>活动说明</p>',
};

describe('/activity', () => {
  it('lists promotions with type tabs; a tab asks for its type and a card links to its detail', async () => {
    const user = setup();
    const fetch = mockApi({
      '/api/activitytype': () => ok([{ id: 2, name: '体育优惠' }]),
      '/api/activitylist': (body) =>
        (body as { type?: number }).type === 2 ? paged([{ ...PROMO, id: 9, title: '体育返利' }]) : paged([PROMO]),
    });
    renderPage(<ActivityPage />, { route: '/activity' });
    // The banner is decorative: the link reads its title once.
    const link = await screen.findByRole('link', { name: '首存送100%' });
    expect(link).toHaveAttribute('href', '/activityInfo?id=7');
    expect(link.querySelector('img')).toHaveAttribute('src', '/uploads/first.png');
    expect(link.querySelector('img')).toHaveAttribute('alt', '');
    expect(bodiesOf(fetch, '/api/activitylist')[0]).toEqual({ page: 1 });

    await user.click(await screen.findByText('体育优惠'));
    expect(await screen.findByRole('link', { name: /体育返利/ })).toHaveAttribute('href', '/activityInfo?id=9');
    expect(bodiesOf(fetch, '/api/activitylist')).toContainEqual({ page: 1, type: 2 });
    expect(screen.getByText('全部')).toBeInTheDocument();
  });

  it('shows 空空如也 when there is none', async () => {
    mockApi({ '/api/activitytype': () => ok([]), '/api/activitylist': () => paged([]) });
    renderPage(<ActivityPage />, { route: '/activity' });
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
  });
});

describe('/activityInfo', () => {
  it('shows the content and memo, and 前往登录 for a visitor leads to /login with the way back', async () => {
    const user = setup();
    mockApi({ '/api/activitydeatil': () => ok(PROMO) });
    renderPage(<ActivityInfoPage />, { route: '/activityInfo?id=7' });
    expect(await screen.findByRole('heading', { name: '首存送100%' })).toBeInTheDocument();
    expect(screen.getByText('活动内容')).toBeInTheDocument();
    expect(screen.getByText('活动说明')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即申请' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.goLogin }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/login?redirect=${encodeURIComponent('/activityInfo?id=7')}`,
      ),
    );
  });

  it('lets a member apply and shows the server message', async () => {
    signIn();
    const user = setup();
    const fetch = mockApi({
      '/api/activitydeatil': () => ok(PROMO),
      '/api/doactivityapply': () => ok(null, MSG.applyOk),
    });
    renderPage(<ActivityInfoPage />, { route: '/activityInfo?id=7' });
    expect(screen.queryByRole('button', { name: MSG.goLogin })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '立即申请' }));
    expect(await findToast(MSG.applyOk)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/doactivityapply')).toEqual([{ activityid: 7 }]);
  });

  it('shows the refusal of a second application', async () => {
    signIn();
    const user = setup();
    mockApi({
      '/api/activitydeatil': () => ok(PROMO),
      '/api/doactivityapply': () => ({ code: 223, message: MSG.appliedPending, data: null }),
    });
    renderPage(<ActivityInfoPage />, { route: '/activityInfo?id=7' });
    await user.click(await screen.findByRole('button', { name: '立即申请' }));
    expect(await findToast(MSG.appliedPending)).toBeInTheDocument();
  });
});

describe('/activityRecord', () => {
  it('labels each state: 1 待审核, 2 已通过, 3 已拒绝, 0 and 4 未定义', async () => {
    signIn();
    mockApi({
      '/api/activityApplyLog': () =>
        paged(
          [1, 2, 3, 0, 4].map((state, i) => ({
            id: i + 1,
            activity_name: `活动${i + 1}`,
            created_at: '2025-01-02 12:00:00',
            state,
          })),
        ),
    });
    renderPage(<ActivityRecordPage />, { route: '/activityRecord' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '活动12025-01-02 12:00:00待审核',
      '活动22025-01-02 12:00:00已通过',
      '活动32025-01-02 12:00:00已拒绝',
      '活动42025-01-02 12:00:00未定义',
      '活动52025-01-02 12:00:00未定义',
    ]);
  });

  it('shows 空空如也 when there is none', async () => {
    signIn();
    mockApi({ '/api/activityApplyLog': () => paged([]) });
    renderPage(<ActivityRecordPage />, { route: '/activityRecord' });
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
  });
});
