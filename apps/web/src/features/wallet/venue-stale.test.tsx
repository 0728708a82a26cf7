import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { MoneyPage } from './money-page';
import { TransferPage } from './transfer-page';
import { signIn, VENUES } from './test-fixtures';

// balancelist marks a balance the venue did not confirm just now with stale: 1 (the last one it gave).
const WITH_STALE = VENUES.map((v) => (v.platname === 'JSTY' ? { ...v, stale: 1 } : v));

describe('a venue balance that is not live', () => {
  it.each([
    { route: '/money', Page: MoneyPage },
    { route: '/transfer', Page: TransferPage },
  ])(
    'is marked 余额暂未更新 on $route, only that venue, and the note describes its amount',
    async ({ route, Page }) => {
      signIn();
      mockApi({
        '/api/user': () => ok(USER),
        '/api/balance': () => ok({ balance: '1000.00' }),
        '/api/balancelist': () => ok(WITH_STALE),
      });
      renderPage(<Page />, { route });
      const amount = await screen.findByLabelText('极速体育余额');
      expect(amount).toHaveTextContent('20.50');
      await waitFor(() => expect(amount).toHaveAccessibleDescription('余额暂未更新'));
      expect(screen.getAllByText('余额暂未更新')).toHaveLength(1);
      const tile = amount.closest('li');
      expect(tile).not.toBeNull();
      expect(within(tile as HTMLElement).getByText('余额暂未更新')).toBeInTheDocument();
      expect(screen.getByLabelText('星河真人余额')).not.toHaveAccessibleDescription();
      // Still counted in the game wallet: it is the venue's last word on it.
      expect(screen.getByLabelText('游戏钱包余额')).toHaveTextContent('120.50');
    },
  );

  it('shows no note when every venue answered', async () => {
    signIn();
    mockApi({ '/api/user': () => ok(USER), '/api/balancelist': () => ok(VENUES) });
    renderPage(<MoneyPage />, { route: '/money' });
    expect(await screen.findByLabelText('极速体育余额')).toHaveTextContent('20.50');
    expect(screen.queryByText('余额暂未更新')).toBeNull();
  });
});
