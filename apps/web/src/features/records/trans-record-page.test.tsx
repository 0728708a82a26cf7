import { MSG } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { pageOfRows, paginator, signedInWithScrollingLists } from '../../shared/test/paged-lists';
import { bodiesOf } from '../../shared/test/member';
import { TransRecordPage } from './trans-record-page';

type Query = { date: number; type: number; page: number };

function row(type: number, state: number, n: number) {
  return {
    out_trade_no: `${type <= 2 ? (type === 1 ? 'D' : 'W') : 'T'}${String(n).padStart(6, '0')}`,
    type,
    amount: '100.00',
    pay_way: type === 1 ? '银行卡转账' : type === 2 ? '中国银行' : 'XHZR',
    state,
    created_at: '2025-01-02 12:00:00',
  };
}

const page = (data: unknown[]) => ok(paginator(data));

/** Four rows per type, one per state 0..3. */
const byType = (body: unknown) => {
  const { type } = body as Query;
  return page([0, 1, 2, 3].map((state) => row(type, state, type * 10 + state)));
};

const bodies = (fetch: Parameters<typeof bodiesOf>[0]) => bodiesOf<Query>(fetch, '/api/gettransrecord');

const stateLabels = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.trans-state')?.textContent);

/** The screen at `route`, every type answering byType's four rows. */
function openWithFourOfEachType(route: string) {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const fetch = mockApi({ '/api/gettransrecord': byType });
  renderPage(<TransRecordPage />, { route });
  return { user, fetch };
}

signedInWithScrollingLists();

describe('/transRecord', () => {
  it('labels deposit and withdrawal states 未定义 待审核 审核通过 审核拒绝', async () => {
    const { user, fetch } = openWithFourOfEachType('/transRecord');
    expect(await screen.findByRole('tab', { name: '存款' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(stateLabels()).toEqual(['未定义', '待审核', '审核通过', '审核拒绝']));
    const first = screen.getAllByRole('listitem')[1]!;
    expect(within(first).getByText('D000011')).toBeInTheDocument();
    expect(within(first).getByText('100.00')).toBeInTheDocument();
    expect(within(first).getByText('银行卡转账')).toBeInTheDocument();
    expect(within(first).getByText('2025-01-02 12:00:00')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '取款' }));
    await waitFor(() => expect(screen.getByText('W000021')).toBeInTheDocument());
    expect(stateLabels()).toEqual(['未定义', '待审核', '审核通过', '审核拒绝']);
    expect(bodies(fetch)).toEqual([
      { date: 1, type: 1, page: 1, api_type: '' },
      { date: 1, type: 2, page: 1, api_type: '' },
    ]);
  });

  it('labels each deposit by its status in Chinese, and by its state when the server sends none', async () => {
    const deposits = [
      { ...row(1, 1, 1), status: 'awaiting_payment' },
      { ...row(1, 1, 2), status: 'pending_review' },
      { ...row(1, 1, 3), status: 'expired' },
      { ...row(1, 3, 4), status: 'expired' },
      { ...row(1, 2, 5), status: 'credited' },
      { ...row(1, 3, 6), status: 'late_review' },
      { ...row(1, 3, 7), status: 'rejected' },
      row(1, 3, 8),
    ];
    mockApi({ '/api/gettransrecord': () => page(deposits) });
    renderPage(<TransRecordPage />, { route: '/transRecord' });
    await waitFor(() =>
      expect(stateLabels()).toEqual([
        '待支付',
        '待审核',
        '已过期',
        '已过期',
        '已到账',
        '到账审核中',
        '审核拒绝',
        '审核拒绝',
      ]),
    );
  });

  it('names the venue of a transfer, never its code', async () => {
    mockApi({
      '/api/gettransrecord': byType,
      '/api/balancelist': () => ok([{ name: '星河真人', platname: 'XHZR', balance: '0.00' }]),
    });
    renderPage(<TransRecordPage />, { route: '/transRecord?type=3' });
    await waitFor(() => expect(screen.getAllByText('星河真人')).toHaveLength(4));
    expect(screen.getByRole('list', { name: '交易记录列表' })).not.toHaveTextContent('XHZR');
  });

  it('labels transfer states 失败 成功 待结算 未定义, for transfers in and out', async () => {
    const { user, fetch } = openWithFourOfEachType('/transRecord?type=3');
    expect(await screen.findByRole('tab', { name: '转入' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(stateLabels()).toEqual(['失败', '成功', '待结算', '未定义']));
    await user.click(screen.getByRole('tab', { name: '转出' }));
    await waitFor(() => expect(screen.getByText('T000041')).toBeInTheDocument());
    expect(stateLabels()).toEqual(['失败', '成功', '待结算', '未定义']);
    expect(screen.getByTestId('location')).toHaveTextContent('/transRecord?type=4');
    expect(bodies(fetch).map((b) => b.type)).toEqual([3, 4]);
  });

  it('shows 空空如也 for an empty period and reloads from page 1 when the period changes', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({
      '/api/gettransrecord': (body) => ((body as Query).date === 1 ? page([]) : byType(body)),
    });
    renderPage(<TransRecordPage />, { route: '/transRecord' });
    expect(await screen.findByText(MSG.emptyList)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '时间：今天' }));
    const sheet = await screen.findByRole('dialog', { name: '选择时间' });
    await user.click(within(sheet).getByRole('button', { name: '近30天' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    expect(bodies(fetch)).toEqual([
      { date: 1, type: 1, page: 1, api_type: '' },
      { date: 4, type: 1, page: 1, api_type: '' },
    ]);
  });

  it('gives each record 反馈此单, opening 意见反馈 with the record named (docs/member-app.md "意见反馈")', async () => {
    const { user } = openWithFourOfEachType('/transRecord');
    expect(await screen.findByRole('link', { name: '反馈此单 D000011' })).toHaveAttribute(
      'href',
      '/feedback?kind=deposit&no=D000011',
    );
    await user.click(screen.getByRole('tab', { name: '取款' }));
    expect(await screen.findByRole('link', { name: '反馈此单 W000021' })).toHaveAttribute(
      'href',
      '/feedback?kind=withdrawal&no=W000021',
    );
    await user.click(screen.getByRole('tab', { name: '转出' }));
    expect(await screen.findByRole('link', { name: '反馈此单 T000041' })).toHaveAttribute(
      'href',
      '/feedback?kind=transfer&no=T000041',
    );
  });

  it('pages until the loaded count equals the total', async () => {
    const fetch = mockApi({
      '/api/gettransrecord': (body) => {
        return ok(pageOfRows(23, (body as Query).page, (n) => row(1, 1, n)));
      },
    });
    renderPage(<TransRecordPage />, { route: '/transRecord' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(23), { timeout: 3000 });
    expect(await screen.findByText(MSG.noMore)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bodies(fetch).map((b) => b.page)).toEqual([1, 2, 3]);
  });
});
