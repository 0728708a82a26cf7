import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { hideAll, pageOfRows, showAll } from '../../shared/test/paged-lists';
import { bodiesOf, signIn } from '../../shared/test/member';
import { findToast } from '../../shared/test/toast';
import { FanshuiPage } from './fanshui-page';

const VENUES = [{ name: '星河真人', platname: 'XHZR', balance: '0.00' }];
type Query = { date: number; page: number; api_type: string; type: string };

function rebate(n: number, state: 0 | 1) {
  return {
    id: n,
    gamename: `星河真人 ${n}`,
    money: '1.50',
    created_at: '2025-01-02 12:00:00',
    updated_at: state === 1 ? '2025-01-03 09:00:00' : null,
    state,
  };
}

/** A rebate history of `total` rows, 10 a page, every row in `state`, with the given totals. */
function history(total: number, state: 0 | 1, totals: { jisuan: string; nojisuan: string }) {
  return (body: unknown) => {
    return ok({ list: pageOfRows(total, (body as Query).page, (n) => rebate(n, state)), ...totals });
  };
}

const callsTo = (fetch: Parameters<typeof bodiesOf>[0], path: string) => bodiesOf<Query>(fetch, path);

const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => signIn());
afterEach(hideAll);

describe('/fanshui', () => {
  it('shows the totals and each row, the claim time reading 暂未领取 while state is 0', async () => {
    const fetch = mockApi({
      '/api/balancelist': () => ok(VENUES),
      '/api/getfanshui': () =>
        ok({
          list: {
            current_page: 1,
            last_page: 1,
            per_page: 10,
            total: 2,
            from: 1,
            to: 2,
            data: [rebate(1, 0), rebate(2, 1)],
          },
          jisuan: '12.00',
          nojisuan: '3.50',
        }),
    });
    renderPage(<FanshuiPage />, { route: '/fanshui' });
    const rows = await screen.findAllByRole('listitem');
    expect(within(rows[0]!).getByText(MSG.rebateUnclaimed)).toBeInTheDocument();
    expect(within(rows[0]!).getByText('星河真人 1')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1.50')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2025-01-03 09:00:00')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText(MSG.rebateUnclaimed)).not.toBeInTheDocument();
    expect(screen.getByText('已领取返水').nextElementSibling).toHaveTextContent('12.00');
    expect(screen.getByText('待领取返水').nextElementSibling).toHaveTextContent('3.50');
    // docs/member-app.md "Constants and limits": the rebate period defaults to 4 (近30天), every platform.
    expect(callsTo(fetch, '/api/getfanshui')[0]).toEqual({ date: 4, page: 1, api_type: '', type: '' });
    expect(screen.getByRole('button', { name: '时间：近30天' })).toBeInTheDocument();
  });

  it('says 暂无领取额度！ with nothing pending and makes no call', async () => {
    const user = setup();
    const fetch = mockApi({
      '/api/balancelist': () => ok(VENUES),
      '/api/getfanshui': history(3, 1, { jisuan: '4.50', nojisuan: '0.00' }),
    });
    renderPage(<FanshuiPage />, { route: '/fanshui' });
    await screen.findAllByRole('listitem');
    await user.click(screen.getByRole('button', { name: '一键领取' }));
    expect(await findToast(MSG.noRebateQuota)).toBeInTheDocument();
    expect(callsTo(fetch, '/api/dofanshui')).toHaveLength(0);
  });

  it('after a claim refetches the user info and resets the list to page 1', async () => {
    const user = setup();
    let claimed = false;
    const before = history(15, 0, { jisuan: '0.00', nojisuan: '22.50' });
    const after = history(15, 1, { jisuan: '22.50', nojisuan: '0.00' });
    const fetch = mockApi({
      '/api/balancelist': () => ok(VENUES),
      '/api/user': () => ok(USER),
      '/api/getfanshui': (body) => (claimed ? after(body) : before(body)),
      '/api/dofanshui': () => {
        claimed = true;
        return ok({ money: '22.50' }, MSG.rebateClaimed);
      },
    });
    showAll();
    renderPage(<FanshuiPage />, { route: '/fanshui' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(15));
    expect(callsTo(fetch, '/api/getfanshui').map((b) => b.page)).toEqual([1, 2]);
    // From here the list does not page on by itself: what loads next is what the claim asked for.
    hideAll();
    const listCallsBefore = callsTo(fetch, '/api/getfanshui').length;
    const userCallsBefore = callsTo(fetch, '/api/user').length;

    await user.click(screen.getByRole('button', { name: '一键领取' }));
    expect(await findToast(MSG.rebateClaimed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('待领取返水').nextElementSibling).toHaveTextContent('0.00'));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo(fetch, '/api/getfanshui').slice(listCallsBefore)).toEqual([
      { date: 4, page: 1, api_type: '', type: '' },
    ]);
    expect(callsTo(fetch, '/api/user').length).toBeGreaterThan(userCallsBefore);
    expect(screen.queryByText(MSG.rebateUnclaimed)).not.toBeInTheDocument();
  });
});
