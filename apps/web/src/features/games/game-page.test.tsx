import { MSG } from '@h5/contract/messages';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageTitle } from '../../shared/navigation/page-title';
import { DEFAULT_SITE_INFO } from '../../shared/site/use-site-info';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { DOWNLOAD_FRAME_MS, GamePage } from './game-page';

describe('GamePage (docs/member-app.md "Screens by route" /gamePage)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the game URL and shows it in a frame titled with the venue name, which the back bar shows too', async () => {
    useSessionStore.getState().setToken('tok');
    const fetch = mockApi({
      '/api/getGameUrl': () => ok({ url: '/sandbox/aggregator/play?ticket=1', venue_name: '星河真人' }),
    });
    const { unmount } = renderPage(<GamePage />, { route: '/gamePage?name=XHZR&type=baccarat&code=baccarat' });
    const frame = await screen.findByTitle('星河真人 游戏窗口');
    expect(usePageTitle.getState().title).toBe('星河真人');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/sandbox/aggregator/play?ticket=1');
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/getGameUrl') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      plat_name: 'XHZR',
      game_type: 'baccarat',
      game_code: 'baccarat',
      is_mobile_url: 1,
    });
    unmount();
    expect(usePageTitle.getState().title).toBeNull();
  });

  it("titles a seamless venue's frame with the name the launch answers, though /api/balancelist does not list it", async () => {
    useSessionStore.getState().setToken('tok');
    const fetch = mockApi({
      '/api/getGameUrl': () => ok({ url: '/sandbox/hub88/game?session=s', venue_name: '环球电子' }),
      // A seamless venue holds no money of its own: the venue wallets' list never names it.
      '/api/balancelist': () => ok([{ name: '星河真人', platname: 'XHZR', balance: '0.00' }]),
    });
    renderPage(<GamePage />, { route: '/gamePage?name=HQDZ&code=sbx_golden_dragon' });
    const frame = await screen.findByTitle('环球电子 游戏窗口');
    expect(frame).toHaveAttribute('src', '/sandbox/hub88/game?session=s');
    expect(usePageTitle.getState().title).toBe('环球电子');
    // The venue wallets' list is not asked for a name (asking it asks every transfer venue its balance).
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/balancelist');
  });

  it('sends game_type 0 for a lobby launch without a game code (docs/member-app.md "Server calls" default)', async () => {
    useSessionStore.getState().setToken('tok');
    const fetch = mockApi({ '/api/getGameUrl': () => ok({ url: '/sandbox/aggregator/play?ticket=2' }) });
    renderPage(<GamePage />, { route: '/gamePage?name=XHTY&type=&code=' });
    // A launch that names no venue: no code in its place.
    await screen.findByTitle('游戏窗口');
    expect(usePageTitle.getState().title).toBeNull();
    const [, init] = fetch.mock.calls.find(([url]) => String(url) === '/api/getGameUrl') ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ plat_name: 'XHTY', game_type: '0', game_code: '' });
  });

  it('says 请登录！ to a visitor and goes to /login', async () => {
    renderPage(<GamePage />, { route: '/gamePage?name=XHZR&type=realbet&code=' });
    expect(await findToast(MSG.pleaseLogin)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  });

  it('loads the customer-service URL with dailiD=2', async () => {
    mockApi({ '/api/getservicerurl': () => ok({ url: '/service/chat.html' }) });
    renderPage(<GamePage />, { route: '/gamePage?dailiD=2' });
    expect(await screen.findByTitle('在线客服')).toHaveAttribute('src', '/service/chat.html');
  });

  it('loads the agent login URL with dailiD=1', async () => {
    useSessionStore.getState().setToken('tok');
    mockApi({ '/api/getAgentLoginUrl': () => ok({ url: '/service/agent.html' }) });
    renderPage(<GamePage />, { route: '/gamePage?dailiD=1' });
    expect(await screen.findByTitle('代理后台')).toHaveAttribute('src', '/service/agent.html');
  });

  it('app=1 loads the iOS download URL and removes that frame after 2000 ms', async () => {
    vi.useFakeTimers();
    mockApi({ '/api/app': () => ok({ ...DEFAULT_SITE_INFO, ios_download_url: '/app/download.html' }) });
    renderPage(<GamePage />, { route: '/gamePage?app=1' });
    // Let the site info arrive (the frame mounts within these 50 ms).
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByTitle('APP下载')).toHaveAttribute('src', '/app/download.html');
    await act(() => vi.advanceTimersByTimeAsync(DOWNLOAD_FRAME_MS - 100));
    expect(screen.getByTitle('APP下载')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(160));
    expect(screen.queryByTitle('APP下载')).not.toBeInTheDocument();
  });
});
