import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_INFO } from '../../shared/site/use-site-info';
import { mockApi, ok, USER } from '../../shared/test/render';
import { renderApp } from '../test-app';
import { MAINTENANCE_FALLBACK } from './maintenance-banner';

const TIPS = '系统升级中，预计两小时后恢复';
const EMPTY_PAGE = { current_page: 1, data: [], last_page: 1, per_page: 10, total: 0, from: null, to: null };

function siteApi(site_state: 0 | 1, repair_tips = TIPS) {
  return mockApi({
    '/api/app': () => ok({ ...DEFAULT_SITE_INFO, title: '星河体育', site_state, repair_tips }),
    '/api/user': () => ok(USER),
    '/api/balance': () => ok({ balance: '10.00' }),
    '/api/activitytype': () => ok([]),
    '/api/activitylist': () => ok(EMPTY_PAGE),
    '/api/bannerList': () => ok([]),
    '/api/homenotice': () => ok([]),
    '/api/game/list': () => ok([]),
    '/api/getservicerurl': () => ok({ url: '/service/chat.html' }),
    '/api/article': () => ok({ type: 1, title: '常见问题', content: '<p>答案</p>' }),
  });
}

const banner = () => screen.findByRole('complementary', { name: '系统维护公告' });

describe('maintenance (site_state 0)', () => {
  it.each([
    ['/', '主导航'],
    ['/activity', '主导航'],
    ['/kefu', '主导航'],
  ])('shows the banner above %s and keeps the screen and its navigation', async (route, nav) => {
    siteApi(0);
    renderApp(route);
    expect(await banner()).toHaveTextContent(`系统维护中${TIPS}`);
    expect(screen.getByRole('navigation', { name: nav })).toBeInTheDocument();
  });

  it('keeps help and the customer-service page open to visitors', async () => {
    siteApi(0);
    renderApp('/kefu');
    await banner();
    expect(await screen.findByRole('button', { name: '联系在线客服' })).toBeEnabled();
    expect(screen.getByRole('link', { name: '帮助中心' })).toBeInTheDocument();
  });

  it('still shows the login form', async () => {
    siteApi(0);
    renderApp('/login');
    await banner();
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('says 系统维护中 with the stand-in text when repair_tips is empty', async () => {
    siteApi(0, '');
    renderApp('/activity');
    expect(await banner()).toHaveTextContent(MAINTENANCE_FALLBACK);
  });

  it('shows no banner while the site is on', async () => {
    siteApi(1);
    renderApp('/activity');
    expect(await screen.findByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(TIPS)).not.toBeInTheDocument());
    expect(screen.queryByRole('complementary', { name: '系统维护公告' })).not.toBeInTheDocument();
  });
});
