import { MSG } from '@h5/contract/messages';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE_INFO } from '../../shared/site/use-site-info';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { useSessionStore } from '../../shared/session/session-store';
import { HomePage } from './home-page';
import { SCROLL_DEBOUNCE_MS, SCROLL_LOCK_MS } from './use-category-scroll-sync';

const CATEGORY_NAMES = ['真人视讯', '体育赛事', '电子竞技', '棋牌游戏', '电子游艺', '彩票游戏'];

const game = (id: number, category_id: string, name: string, app_state: 0 | 1 = 1, game_code = '') => ({
  id,
  name,
  category_id,
  app_state,
  platform_name: `P${id}`,
  game_code: category_id === 'concise' ? 'obgdy' : game_code,
  mobile_img: `/art/games/P${id}.svg`,
});

const GAMES = [
  game(1, 'realbet', '星河真人', 1, 'baccarat'),
  game(2, 'sport', '极速体育'),
  game(3, 'gaming', '雷霆电竞'),
  game(4, 'joker', '锦鲤棋牌'),
  game(5, 'concise', '鸥鹏电子'),
  game(6, 'lottery', '幸运彩票'),
  game(7, 'realbet', '隐藏场馆', 0),
];

function homeApi(site: Partial<typeof DEFAULT_SITE_INFO> = {}, games: unknown[] = GAMES) {
  return mockApi({
    '/api/app': () => ok({ ...DEFAULT_SITE_INFO, ...site }),
    '/api/bannerList': () => ok([{ src: '/art/banners/banner-1.svg', pic: '/art/banners/banner-1.svg' }]),
    '/api/homenotice': () => ok(['公告一', '公告二']),
    '/api/game/list': () => ok(games),
  });
}

const categoryButton = (name: string) =>
  within(screen.getByRole('navigation', { name: '游戏分类' })).getByRole('button', { name });
const activeCategory = () =>
  within(screen.getByRole('navigation', { name: '游戏分类' }))
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'true')?.textContent;

/** happy-dom has no layout: give each section the offset a browser would (400 px apart). */
function layOutSections() {
  const list = screen.getByTestId('game-list');
  list.querySelectorAll<HTMLElement>('[data-section]').forEach((section, i) => {
    Object.defineProperty(section, 'offsetTop', { configurable: true, value: i * 400 });
  });
  return list;
}

function scrollListTo(list: HTMLElement, top: number) {
  list.scrollTop = top;
  fireEvent.scroll(list);
}

describe('HomePage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the six categories in order and only the games with app_state 1, grouped', async () => {
    homeApi();
    renderPage(<HomePage />);
    await screen.findByRole('button', { name: /星河真人/ });
    const nav = screen.getByRole('navigation', { name: '游戏分类' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(CATEGORY_NAMES);
    expect(screen.queryByRole('button', { name: /隐藏场馆/ })).not.toBeInTheDocument();
    const sport = screen.getByRole('region', { name: '体育赛事' });
    expect(within(sport).getByRole('button', { name: /极速体育/ })).toBeInTheDocument();
  });

  it('shows a decorative count of 200-999 with the category unit, fixed for the page', async () => {
    homeApi();
    renderPage(<HomePage />);
    const tile = await screen.findByRole('button', { name: /星河真人/ });
    const label = tile.getAttribute('aria-label') ?? '';
    const match = /，(\d+)桌$/.exec(label);
    expect(match).not.toBeNull();
    const count = Number(match?.[1]);
    expect(count).toBeGreaterThanOrEqual(200);
    expect(count).toBeLessThanOrEqual(999);
    expect(within(tile).getByText(`${count}桌`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /极速体育，\d{3}场$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /鸥鹏电子，\d{3}款$/ })).toBeInTheDocument();
    // Re-renders (a category tap) keep the number.
    fireEvent.click(categoryButton('体育赛事'));
    expect(screen.getByRole('button', { name: /星河真人/ })).toHaveAttribute('aria-label', label);
  });

  it('says 请登录！ when a visitor taps a tile, and stays', async () => {
    homeApi();
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: /星河真人/ }));
    expect(await findToast(MSG.pleaseLogin)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("opens the game page for a member with the tile's game code as type and code, not its category", async () => {
    useSessionStore.getState().setToken('tok');
    homeApi();
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: /星河真人/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/gamePage\?name=P1&type=baccarat&code=baccarat$/);
  });

  it('opens a lobby tile without a game code with empty type and code (game_type 0 is sent)', async () => {
    useSessionStore.getState().setToken('tok');
    homeApi();
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: /极速体育/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/gamePage\?name=P2&type=&code=$/);
  });

  it('sends a member tapping a slot venue to /concise', async () => {
    useSessionStore.getState().setToken('tok');
    homeApi();
    renderPage(<HomePage />);
    fireEvent.click(await screen.findByRole('button', { name: /鸥鹏电子/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/concise?type=obgdy');
  });

  it('shows the empty state when there are no games', async () => {
    homeApi({}, []);
    renderPage(<HomePage />);
    expect((await screen.findAllByText(MSG.emptyList)).length).toBe(6);
  });

  it('shows the red-packet button only when redpacket_switch is 1', async () => {
    homeApi({ redpacket_switch: 1 });
    renderPage(<HomePage />);
    expect(await screen.findByRole('button', { name: '抢红包' })).toBeInTheDocument();
  });
});

describe('category sidebar and tile list sync (docs/member-app.md "States and transitions")', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function renderLaidOut() {
    homeApi();
    renderPage(<HomePage />);
    await screen.findByRole('button', { name: /星河真人/ });
    const list = layOutSections();
    vi.useFakeTimers();
    return list;
  }

  it('highlights the tapped category and ignores scroll events for 800 ms', async () => {
    const list = await renderLaidOut();
    fireEvent.click(categoryButton('棋牌游戏'));
    expect(activeCategory()).toBe('棋牌游戏');

    // The smooth scroll passes other sections: they must not take the highlight while locked.
    act(() => vi.advanceTimersByTime(200));
    scrollListTo(list, 400);
    act(() => vi.advanceTimersByTime(SCROLL_LOCK_MS - 200 - 1));
    expect(activeCategory()).toBe('棋牌游戏');

    // Once the lock is over, scrolling syncs again (after the debounce).
    act(() => vi.advanceTimersByTime(1));
    scrollListTo(list, 800);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    expect(activeCategory()).toBe('电子竞技');
  });

  it('debounces the scroll handler by 100 ms after the last scroll event', async () => {
    const list = await renderLaidOut();
    expect(activeCategory()).toBe('真人视讯');
    scrollListTo(list, 400);
    act(() => vi.advanceTimersByTime(60));
    scrollListTo(list, 1200);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS - 1));
    expect(activeCategory()).toBe('真人视讯');
    act(() => vi.advanceTimersByTime(1));
    expect(activeCategory()).toBe('棋牌游戏');
  });

  it('counts a section as in view once its top reaches the top of the list', async () => {
    const list = await renderLaidOut();
    scrollListTo(list, 1990);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    expect(activeCategory()).toBe('电子游艺');
    scrollListTo(list, 399);
    act(() => vi.advanceTimersByTime(SCROLL_DEBOUNCE_MS));
    expect(activeCategory()).toBe('体育赛事');
  });
});
