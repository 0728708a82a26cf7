import { MSG } from '@h5/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { DEFAULT_SITE_INFO } from '../site/use-site-info';
import { mockApi, ok, renderPage } from '../test/render';
import { findToast } from '../test/toast';
import { useAppNavigate } from './use-app-navigate';

function Links({ targets }: { targets: string[] }) {
  const go = useAppNavigate();
  return (
    <>
      {targets.map((to) => (
        <button key={to} type="button" onClick={() => void go(to)}>
          {`go ${to}`}
        </button>
      ))}
    </>
  );
}

const location = () => screen.getByTestId('location');
const INVITE = '精彩内容等你来体验，快来登录吧！';

describe('useAppNavigate (docs/member-app.md "Runtime navigation rules")', () => {
  it('asks a visitor before /transfer and stays when cancelled', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<Links targets={['/transfer']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /transfer' }));
    expect(await screen.findByRole('dialog', { name: INVITE })).toHaveTextContent(INVITE);
    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(INVITE)).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('asks a visitor before /hongbao and goes to /login when confirmed', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<Links targets={['/hongbao']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /hongbao' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
  });

  it('lets a member through and says 已在当前页面！ for the current path', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().setToken('tok');
    renderPage(<Links targets={['/transfer', '/']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /' }));
    expect(await findToast(MSG.alreadyOnPage)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'go /transfer' }));
    expect(location()).toHaveTextContent('/transfer');
  });

  it('refuses /hongbao with 红包已关闭 while the switch is off, before leaving the current screen', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().setToken('tok');
    const fetch = mockApi({ '/api/app': () => ok({ ...DEFAULT_SITE_INFO, redpacket_switch: 0 }) });
    renderPage(<Links targets={['/hongbao']} />, { route: '/mine' });
    await user.click(screen.getByRole('button', { name: 'go /hongbao' }));
    expect(await findToast('红包已关闭')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/mine$/);
    expect(fetch.mock.calls.some(([url]) => url === '/api/app')).toBe(true);
  });

  it('refuses /hongbao to a visitor too, without the login invite, while the switch is off', async () => {
    const user = userEvent.setup();
    mockApi({ '/api/app': () => ok({ ...DEFAULT_SITE_INFO, redpacket_switch: 0 }) });
    renderPage(<Links targets={['/hongbao']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /hongbao' }));
    expect(await findToast('红包已关闭')).toBeInTheDocument();
    expect(screen.queryByText(INVITE)).not.toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('opens /hongbao when the switch is on', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().setToken('tok');
    mockApi({ '/api/app': () => ok({ ...DEFAULT_SITE_INFO, redpacket_switch: 1 }) });
    renderPage(<Links targets={['/hongbao']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /hongbao' }));
    await waitFor(() => expect(location()).toHaveTextContent('/hongbao'));
  });
});
