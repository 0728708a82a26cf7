import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_INFO } from '../../shared/site/use-site-info';
import { mockApi, ok, USER } from '../../shared/test/render';
import { renderApp } from '../test-app';

const TIPS = '系统升级中，预计两小时后恢复';

function siteApi(site_state: 0 | 1) {
  return mockApi({
    '/api/app': () => ok({ ...DEFAULT_SITE_INFO, title: '星河体育', site_state, repair_tips: TIPS }),
    '/api/user': () => ok(USER),
    '/api/balance': () => ok({ balance: '10.00' }),
    '/api/activitytype': () => ok([]),
    '/api/activitylist': () => ok({ current_page: 1, data: [], last_page: 1, per_page: 10, total: 0, from: null, to: null }),
  });
}

describe('maintenance (site_state 0)', () => {
  it.each(['/', '/activity', '/login', '/mine', '/recharge'])(
    'shows repair_tips in place of %s',
    async (route) => {
      siteApi(0);
      renderApp(route, { token: route === '/login' ? undefined : 'tok' });
      expect(await screen.findByRole('alert')).toHaveTextContent(TIPS);
      expect(screen.getByRole('heading', { level: 1, name: '星河体育 系统维护中' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '登录' })).not.toBeInTheDocument();
    },
  );

  it('shows the app while the site is on', async () => {
    siteApi(1);
    renderApp('/activity');
    expect(await screen.findByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(TIPS)).not.toBeInTheDocument());
  });
});
