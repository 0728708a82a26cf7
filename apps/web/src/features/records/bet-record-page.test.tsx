import { MSG } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { pageOfRows, signedInWithScrollingLists } from '../../shared/test/paged-lists';
import { bodiesOf } from '../../shared/test/member';
import { nextPageOf } from '../../shared/api/member-query';
import { BetRecordPage } from './bet-record-page';

const VENUES = [
  { name: '星河真人', platname: 'XHZR', balance: '0.00' },
  { name: '极速体育', platname: 'JSTY', balance: '0.00' },
];

function bet(n: number, over: Partial<Record<string, unknown>> = {}) {
  return {
    bet_id: `B${String(n).padStart(6, '0')}`,
    Code: 'XHZR',
    bet_amount: '10.00',
    valid_amount: '10.00',
    win_loss: '0.00',
    status: 1,
    created_at: '2025-01-02 12:00:00',
    ...over,
  };
}

type Query = { date: number; page: number; api_type: string };

/** A paged bet history of `total` rows, 10 a page. */
function pagedHistory(total: number) {
  return (body: unknown) => ok(pageOfRows(total, (body as Query).page, (n) => bet(n)));
}

const betBodies = (fetch: Parameters<typeof bodiesOf>[0]) => bodiesOf<Query>(fetch, '/api/betrecord');

signedInWithScrollingLists();

describe('/betRecord', () => {
  it('shows each bet: id, venue, amount, win/loss and the status label', async () => {
    mockApi({
      '/api/balancelist': () => ok(VENUES),
      '/api/betrecord': () =>
        ok({
          current_page: 1,
          last_page: 1,
          per_page: 10,
          total: 3,
          from: 1,
          to: 3,
          data: [
            bet(1, { status: 0, win_loss: '0.00' }),
            bet(2, { status: 1, win_loss: '15.50', Code: 'JSTY' }),
            bet(3, { status: 2, win_loss: '-10.00' }),
          ],
        }),
    });
    renderPage(<BetRecordPage />, { route: '/betRecord' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('无效')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('已结算')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('未结算')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('B000001')).toBeInTheDocument();
    await waitFor(() => expect(within(rows[1]!).getByText('极速体育')).toBeInTheDocument());
    // The venue by name only: its code is not for a person.
    expect(within(rows[1]!).queryByText(/JSTY/)).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('+15.50')).toHaveClass('win');
    expect(within(rows[2]!).getByText('-10.00')).toHaveClass('loss');
    expect(within(rows[2]!).getByText('10.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('2025-01-02 12:00:00')).toBeInTheDocument();
  });

  it("names a bet's venue as the server names it, also a seamless venue the venue wallets' list leaves out", async () => {
    mockApi({
      '/api/balancelist': () => ok(VENUES),
      '/api/betrecord': () => ok(pageOfRows(1, 1, (n) => bet(n, { Code: 'HQDZ', venue_name: '环球电子' }))),
    });
    renderPage(<BetRecordPage />, { route: '/betRecord' });
    const [row] = await screen.findAllByRole('listitem');
    expect(within(row!).getByText('环球电子')).toBeInTheDocument();
    expect(within(row!).queryByText('HQDZ')).not.toBeInTheDocument();
  });

  it('shows 还没有任何投注记录 when there is none', async () => {
    mockApi({ '/api/balancelist': () => ok(VENUES), '/api/betrecord': pagedHistory(0) });
    renderPage(<BetRecordPage />, { route: '/betRecord' });
    expect(await screen.findByText(MSG.noBetRecords)).toBeInTheDocument();
  });

  it('starts at page 1 of today for every platform and stops paging when the loaded count equals the total', async () => {
    const fetch = mockApi({ '/api/balancelist': () => ok(VENUES), '/api/betrecord': pagedHistory(25) });
    renderPage(<BetRecordPage />, { route: '/betRecord' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(25), { timeout: 3000 });
    expect(await screen.findByText(MSG.noMore)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(betBodies(fetch)).toEqual([
      { date: 1, page: 1, api_type: '' },
      { date: 1, page: 2, api_type: '' },
      { date: 1, page: 3, api_type: '' },
    ]);
  });

  it('resets to page 1 when a filter changes', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({ '/api/balancelist': () => ok(VENUES), '/api/betrecord': pagedHistory(12) });
    renderPage(<BetRecordPage />, { route: '/betRecord' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
    expect(betBodies(fetch).map((b) => b.page)).toEqual([1, 2]);

    await user.click(screen.getByRole('button', { name: '时间：今天' }));
    const periods = await screen.findByRole('dialog', { name: '选择时间' });
    await user.click(within(periods).getByRole('button', { name: '近7天' }));
    await waitFor(() => expect(betBodies(fetch)[2]).toEqual({ date: 2, page: 1, api_type: '' }));
    expect(screen.getByRole('button', { name: '时间：近7天' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '平台：全部' }));
    const platforms = await screen.findByRole('dialog', { name: '选择平台' });
    await user.click(within(platforms).getByRole('button', { name: '星河真人' }));
    await waitFor(() =>
      expect(betBodies(fetch).find((b) => b.api_type === 'XHZR')).toEqual({ date: 2, page: 1, api_type: 'XHZR' }),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(12));
  });
});

describe('nextPageOf', () => {
  const page = (n: number, total: number) => ({
    current_page: 1,
    data: Array<number>(n).fill(0),
    last_page: 1,
    per_page: 10,
    total,
    from: null,
    to: null,
  });

  it('asks for the next page until the loaded count equals the total', () => {
    expect(nextPageOf([page(10, 25)])).toBe(2);
    expect(nextPageOf([page(10, 25), page(10, 25)])).toBe(3);
    expect(nextPageOf([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextPageOf([page(0, 0)])).toBeUndefined();
  });

  it('stops on an empty page even when the total says more', () => {
    expect(nextPageOf([page(10, 30), page(0, 30)])).toBeUndefined();
  });
});
