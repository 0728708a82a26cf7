import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@h5/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, USER } from '../shared/test/render';
import { endSession } from '../shared/session/end-session';
import { findToast } from '../shared/test/toast';
import { DEFAULT_SITE_INFO } from '../shared/site/use-site-info';
import { ROUTES } from './routes';
import { renderApp } from './test-app';

const memberApi = () =>
  mockApi({
    '/api/user': () => ok(USER),
    '/api/balance': () => ok({ balance: '88.00' }),
    '/api/app': () => ok(null),
  });

describe('route table', () => {
  it('lists every documented route once, with the login requirements of docs/member-app.md "Routes needing login"', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const member = ROUTES.filter((r) => r.access === 'member').map((r) => r.path);
    expect(member.sort()).toEqual(
      [
        '/message',
        '/fanshui',
        '/userInfo',
        '/userCent',
        '/wallet',
        '/addBankCard',
        '/addUsdtCard',
        '/password',
        '/welfare',
        '/betRecord',
        '/activityRecord',
        '/transRecord',
        '/money',
        '/recharge',
        '/withdrawal',
        '/transfer',
        '/app',
        // Ours: /referral shows the member's own invite link, so it needs a member.
        '/referral',
        // Ours: the agent centre shows a partner's own downline and statements.
        '/agentCenter',
        // Ours: 理性娱乐, the member's own limits.
        '/responsible',
        // Ours: 意见反馈, the member's own tickets.
        '/feedback',
      ].sort(),
    );
  });
});

describe('end-to-end journeys', () => {
  const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../e2e');
  // The journeys and the helpers they share (a helper such as bindBankCard opens its route for them).
  const journeys = ['.', 'support']
    .flatMap((dir) => readdirSync(path.join(e2eDir, dir)).map((f) => path.join(e2eDir, dir, f)))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('vitest.config.ts'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  // A route counts when a journey opens it or waits for it: `#/path` in a URL or `#\/path` in a URL pattern,
  // followed by something that cannot continue the path.
  const opened = (route: string) => {
    const escaped = route.slice(1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`#\\\\?/${escaped}(?![A-Za-z0-9_])`).test(journeys);
  };

  it('open every route of the table in Chromium', () => {
    expect(ROUTES.map((r) => r.path).filter((route) => !opened(route))).toEqual([]);
  });
});

describe('guards and runtime rules', () => {
  it('sends an anonymous visitor of /wallet to /login with the redirect query', async () => {
    renderApp('/wallet?type=2');
    await waitFor(() => expect(window.location.hash).toBe('#/login?redirect=%2Fwallet%3Ftype%3D2'));
    expect(await screen.findByRole('tab', { name: '登录' })).toBeInTheDocument();
  });

  it('leaves the address on /login when the session of a member screen ends, so logging in again goes home', async () => {
    memberApi();
    renderApp('/userCent', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '安全中心' })).toBeInTheDocument();
    act(() => endSession());
    // A browser tells the router of the new address with popstate; happy-dom does not, so the test does.
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('tab', { name: '登录' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
  });

  it('opens /wallet for a member', async () => {
    memberApi();
    renderApp('/wallet', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '卡片管理' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'USDT' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/wallet');
  });

  it('asks a visitor of /hongbao to log in, and the dialog leads to /login', async () => {
    // antd-mobile dialogs keep pointer-events off while they animate in.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderApp('/hongbao');
    expect(await screen.findByText(MSG.loginInvite)).toBeInTheDocument();
    // Named for assistive technology by its text (it has no title).
    expect(screen.getByRole('dialog', { name: MSG.loginInvite })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
  });

  it('sends a visitor of /mine to /login', async () => {
    renderApp('/mine');
    await waitFor(() => expect(window.location.hash).toBe('#/login?redirect=%2Fmine'));
  });

  it('redirects unknown paths to /', async () => {
    renderApp('/no-such-page');
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(await screen.findByRole('main', { name: '首页' })).toBeInTheDocument();
  });

  it('says 已在当前页面！ when the tab of the current page is tapped', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await user.click(await screen.findByRole('button', { name: '首页' }));
    expect(await findToast(MSG.alreadyOnPage)).toBeInTheDocument();
    expect(nav).toBeInTheDocument();
  });

  it('sends a visitor tapping 我的 to /login', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: '我的' }));
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
  });

  it('sends a visitor of /referral to /login: the invite link is personal', async () => {
    renderApp('/referral');
    await waitFor(() => expect(window.location.hash).toBe('#/login?redirect=%2Freferral'));
  });

  it('opens /referral for a member under its back bar', async () => {
    mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '88.00' }),
      '/api/app': () => ok(null),
      '/api/referralinfo': () => ok({ pid: 7, link: 'http://h5.test/#/login?type=1&pid=7', invited: 3 }),
    });
    renderApp('/referral', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: '推荐好友' })).toBeInTheDocument();
    expect(await screen.findByText('http://h5.test/#/login?type=1&pid=7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回' })).toBeInTheDocument();
  });
});

describe('/login and /register frame', () => {
  it('is drawn from the entry: the site title shows before the form starts loading, under the tab it names', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/app': () => ok({ ...DEFAULT_SITE_INFO, title: '星河体育' }) });
    renderApp('/login?type=1');
    // Before the app's first paint (the form starts loading after it): the frame, its way home, the loader in its card.
    expect(screen.getByRole('main', { name: '注册' })).toBeInTheDocument();
    expect(screen.getByText('体育娱乐')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '返回首页' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('加载中');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(await screen.findByText('星河体育')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: '登录' }));
    expect(screen.getByRole('main', { name: '登录' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('names /register after itself', async () => {
    renderApp('/register');
    expect(screen.getByRole('main', { name: '注册' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: '注册' })).toBeInTheDocument();
  });
});

describe('/abouts (docs/member-app.md "Screens and routes": type 5 or 6)', () => {
  it.each([
    ['/abouts?type=5', '代理加盟'],
    ['/abouts?type=6', '代理协议'],
  ])('%s keeps its own title', async (route, title) => {
    mockApi({ '/api/article': (body) => ok({ title, content: `<p>第${(body as { type: number }).type}篇</p>` }) });
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(route.endsWith('6') ? '第6篇' : '第5篇')).toBeInTheDocument();
  });

  it('is linked from the partner programme', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/article': () => ok({ title: '代理协议', content: '<p>协议</p>' }) });
    renderApp('/applyagent');
    await user.click(await screen.findByRole('link', { name: '代理协议' }));
    await waitFor(() => expect(window.location.hash).toBe('#/abouts?type=6'));
    expect(await screen.findByRole('heading', { level: 1, name: '代理协议' })).toBeInTheDocument();
  });
});
