import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, renderScreen, signInAs } from '../../test/render';
import DashboardPage from './dashboard-page';

vi.mock('./chime', () => ({ playChime: vi.fn(), unlockChime: vi.fn() }));
const { playChime } = await import('./chime');

type Counts = { deposits: [number, number | null]; withdrawals: [number, number | null] };

function serve(counts: Counts) {
  return mockApi({
    '/admin/api/dashboard/pending': () =>
      ok({
        deposits: { pending: counts.deposits[0], newest_id: counts.deposits[1] },
        withdrawals: { pending: counts.withdrawals[0], newest_id: counts.withdrawals[1] },
        activity_applications: null,
        agent_applications: null,
      }),
  });
}

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('仪表盘', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(playChime).mockClear();
  });

  it('shows each queue the role may see with a link to it, and none of the others', async () => {
    signInAs('finance', 'cashier');
    serve({ deposits: [3, 12], withdrawals: [1, 5] });
    renderScreen(<DashboardPage />);
    expect(await screen.findByText('待审核存款')).toBeInTheDocument();
    expect(within(card('待审核存款')).getByText('3')).toBeInTheDocument();
    expect(within(card('待审核提款')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去审核：存款' })).toHaveAttribute('href', '/deposits');
    expect(screen.queryByText('待审核代理申请')).not.toBeInTheDocument();
  });

  it('polls every 15 s; a new deposit chimes and carries a 新 badge until opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('finance', 'cashier');
    let counts: Counts = { deposits: [1, 10], withdrawals: [0, null] };
    mockApi({
      '/admin/api/dashboard/pending': () =>
        ok({
          deposits: { pending: counts.deposits[0], newest_id: counts.deposits[1] },
          withdrawals: { pending: counts.withdrawals[0], newest_id: counts.withdrawals[1] },
          activity_applications: null,
          agent_applications: null,
        }),
    });
    renderScreen(<DashboardPage />);
    await screen.findByText('待审核存款');
    expect(screen.queryByText('新')).not.toBeInTheDocument();

    counts = { deposits: [2, 11], withdrawals: [0, null] };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card('待审核存款')).findByText('新')).toBeInTheDocument();
    expect(within(card('待审核存款')).getByText('2')).toBeInTheDocument();
    expect(playChime).toHaveBeenCalledTimes(1);

    // Nothing newer: no second chime.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(playChime).toHaveBeenCalledTimes(1);
    // The first withdrawal of the day arrives.
    counts = { deposits: [2, 11], withdrawals: [1, 3] };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card('待审核提款')).findByText('新')).toBeInTheDocument();
    expect(playChime).toHaveBeenCalledTimes(2);

    await userEvent.click(screen.getByRole('link', { name: '去审核：存款' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/deposits');
  });

  it('keeps quiet once the sound is switched off, and remembers it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('finance', 'cashier');
    let newest = 10;
    mockApi({
      '/admin/api/dashboard/pending': () =>
        ok({
          deposits: { pending: 1, newest_id: newest },
          withdrawals: null,
          activity_applications: null,
          agent_applications: null,
        }),
    });
    renderScreen(<DashboardPage />);
    await userEvent.click(await screen.findByRole('switch', { name: '新单提示音' }));
    expect(localStorage.getItem('admin.dashboard.sound')).toBe('off');
    newest = 11;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card('待审核存款')).findByText('新')).toBeInTheDocument();
    expect(playChime).not.toHaveBeenCalled();
  });
});
