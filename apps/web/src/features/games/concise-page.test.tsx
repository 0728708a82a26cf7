import { MSG } from '@h5/contract/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { ConcisePage } from './concise-page';

const NAMES: Record<string, string> = { obgdy: '财神到家', fgdz: '糖果工坊', pp: '甜蜜派对', ae: '舞狮贺岁' };

function slotApi() {
  return mockApi({
    '/api/gamelistBycode': (body) => {
      const code = (body as { gamecode: string }).gamecode;
      return ok([
        { catecode: code, gamecode: `${code.toUpperCase()}1001`, gamepic: `/art/${code}.svg`, gamename: NAMES[code] },
      ]);
    },
  });
}

const sentCodes = (fetch: ReturnType<typeof slotApi>) =>
  fetch.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { gamecode: string }).gamecode);

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
