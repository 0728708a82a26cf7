import { MSG } from '@h5/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { ConcisePage, slotTabs } from './concise-page';

const NAMES: Record<string, string> = {
  obgdy: '财神到家',
  fgdz: '糖果工坊',
  pp: '甜蜜派对',
  ae: '舞狮贺岁',
  HQDZ: '黄金巨龙',
};

const tile = (name: string, category: string, platform: string, code: string, shown: 0 | 1 = 1) => ({
  id: 1,
  name,
  category_id: category,
  app_state: shown,
  platform_name: platform,
  game_code: code,
  mobile_img: '',
});

/** The home list as the demo answers it: the spec's slot venues, 环球电子 (a Hub88 venue) and venues of other kinds. */
const HOME_GAMES = [
  tile('星河真人', 'realbet', 'XHZR', ''),
  tile('鸥鹏电子', 'concise', 'obgdy', 'obgdy'),
  tile('飞鸽电子', 'concise', 'fgdz', 'fgdz'),
  tile('璞品电子', 'concise', 'pp', 'pp'),
  tile('爱亿电子', 'concise', 'ae', 'ae'),
  tile('环球电子', 'concise', 'HQDZ', 'HQDZ'),
  tile('百家乐', 'realbet', 'HQDZ', 'sbx_baccarat'),
  tile('停用电子', 'concise', 'TYDZ', 'TYDZ', 0),
];

function slotApi(homeGames: unknown[] = HOME_GAMES) {
  return mockApi({
    '/api/game/list': () => ok(homeGames),
    '/api/gamelistBycode': (body) => {
      const code = (body as { gamecode: string }).gamecode;
      return ok([
        { catecode: code, gamecode: `${code.toUpperCase()}1001`, gamepic: `/art/${code}.svg`, gamename: NAMES[code] },
      ]);
    },
  });
}

const sentCodes = (fetch: ReturnType<typeof slotApi>) =>
  fetch.mock.calls
    .filter(([url]) => String(url).endsWith('/api/gamelistBycode'))
    .map(([, init]) => (JSON.parse(String(init?.body)) as { gamecode: string }).gamecode);

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('ConcisePage (docs/member-app.md "Screens by route" /concise)', () => {
  it('opens on obgdy by default', async () => {
    const fetch = slotApi();
    renderPage(<ConcisePage />, { route: '/concise' });
    expect(await screen.findByRole('button', { name: '财神到家' })).toBeInTheDocument();
    expect(sentCodes(fetch)).toEqual(['obgdy']);
    expect(screen.getByRole('tab', { name: '鸥鹏电子' })).toHaveAttribute('aria-selected', 'true');
  });

  it('loads the other list when another tab is chosen', async () => {
    const fetch = slotApi();
    renderPage(<ConcisePage />, { route: '/concise' });
    await screen.findByRole('button', { name: '财神到家' });
    fireEvent.click(screen.getByRole('tab', { name: '飞鸽电子' }));
    expect(await screen.findByRole('button', { name: '糖果工坊' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '财神到家' })).not.toBeInTheDocument();
    expect(sentCodes(fetch)).toEqual(['obgdy', 'fgdz']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/concise?type=fgdz'));
  });

  it('opens the tab named by ?type', async () => {
    slotApi();
    renderPage(<ConcisePage />, { route: '/concise?type=pp' });
    expect(await screen.findByRole('button', { name: '甜蜜派对' })).toBeInTheDocument();
  });

  it("offers every other slot venue the home list shows after the spec's four, and ?type= opens its games", async () => {
    useSessionStore.getState().setToken('tok');
    const fetch = slotApi();
    renderPage(<ConcisePage />, { route: '/concise?type=HQDZ' });
    expect(await screen.findByRole('button', { name: '黄金巨龙' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['鸥鹏电子', '飞鸽电子', '璞品电子', '爱亿电子', '环球电子']);
    expect(screen.getByRole('tab', { name: '环球电子' })).toHaveAttribute('aria-selected', 'true');
    // Its list alone is asked for: not the default's first.
    expect(sentCodes(fetch)).toEqual(['HQDZ']);
    fireEvent.click(screen.getByRole('button', { name: '黄金巨龙' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/gamePage?name=HQDZ&code=HQDZ1001');
  });

  it("keeps the spec's tabs and default when the home list names no other slot venue, or cannot be read", async () => {
    slotApi([]);
    renderPage(<ConcisePage />, { route: '/concise?type=HQDZ' });
    expect(await screen.findByRole('button', { name: '财神到家' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['鸥鹏电子', '飞鸽电子', '璞品电子', '爱亿电子']);
    expect(screen.getByRole('tab', { name: '鸥鹏电子' })).toHaveAttribute('aria-selected', 'true');
  });

  it('builds the tabs from shown slot tiles only, once per venue, whatever the case of the code', () => {
    const tabs = slotTabs([
      ...HOME_GAMES,
      tile('鸥鹏电子大厅', 'concise', 'OBGDY', 'OBGDY'),
      tile('环球电子二', 'concise', 'hqdz', ''),
      tile('新电子', 'concise', 'XDZ', ''),
    ]);
    expect(tabs).toEqual([
      { code: 'obgdy', name: '鸥鹏电子' },
      { code: 'fgdz', name: '飞鸽电子' },
      { code: 'pp', name: '璞品电子' },
      { code: 'ae', name: '爱亿电子' },
      { code: 'HQDZ', name: '环球电子' },
      { code: 'XDZ', name: '新电子' },
    ]);
  });

  it('says 请登录！ to a visitor tapping a game', async () => {
    slotApi();
    renderPage(<ConcisePage />, { route: '/concise' });
    fireEvent.click(await screen.findByRole('button', { name: '财神到家' }));
    expect(await findToast(MSG.pleaseLogin)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/concise');
  });

  it('opens the game page with catecode and gamecode for a member', async () => {
    useSessionStore.getState().setToken('tok');
    slotApi();
    renderPage(<ConcisePage />, { route: '/concise' });
    fireEvent.click(await screen.findByRole('button', { name: '财神到家' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/gamePage?name=obgdy&code=OBGDY1001');
  });
});
