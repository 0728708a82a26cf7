import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { WelfarePage } from './welfare-page';

const paged = <T,>(data: T[]) =>
  ok({ current_page: 1, data, last_page: 1, per_page: 10, total: data.length, from: 1, to: data.length });

beforeEach(() => {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo(USER as never);
});

describe('/welfare', () => {
  it('shows the claims left and used, each record, and leads to /hongbao', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({
      '/api/userredpacket': () => ok({ sendnums: 2, acquirednum: 1, max_times: 3, rules: [] }),
      '/api/redpacket': () =>
        paged([
          {
            money: '1000.00',
            redpacketmoney: '8.88',
            created_at: '2025-01-02 10:05:00',
            usetime: '2025-01-02 10:05:00',
          },
        ]),
    });
    renderPage(<WelfarePage />, { route: '/welfare' });
    const [row] = await screen.findAllByRole('listitem');
    expect(within(row!).getByText('8.88')).toBeInTheDocument();
    expect(within(row!).getByText('1000.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('剩余次数').nextElementSibling).toHaveTextContent('2'));
    expect(screen.getByText('已用次数').nextElementSibling).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: '去抢红包' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/hongbao'));
  });

  it('shows 空空如也 without records', async () => {
    mockApi({
      '/api/userredpacket': () => ok({ sendnums: 0, acquirednum: 0, max_times: 3, rules: [] }),
      '/api/redpacket': () => paged([]),
    });
    renderPage(<WelfarePage />, { route: '/welfare' });
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
  });
});
