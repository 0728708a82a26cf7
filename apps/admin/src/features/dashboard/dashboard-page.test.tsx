import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardDay, dashboardPending } from '../../test/fixtures';
import { fail, mockApi, ok, renderScreen, signInAs } from '../../test/render';
import DashboardPage from './dashboard-page';
import { RecordingAudioContext, tones } from '../../test/recording-audio';

const chimes = () => tones.length / 2;

type Ledger = { balanced: boolean | null; mismatched: number; checked_at: string | null } | null;
type Counts = { deposits: [number, number | null]; withdrawals: [number, number | null]; ledger?: Ledger };

function serve(counts: Counts) {
  return mockApi({
    '/admin/api/dashboard/pending': () =>
      ok(
        dashboardPending({
          deposits: { pending: counts.deposits[0], newest_id: counts.deposits[1] },
          withdrawals: { pending: counts.withdrawals[0], newest_id: counts.withdrawals[1] },
          adjustments: { pending: 2, newest_id: 11 },
          integration_changes: { pending: 1, newest_id: 5 },
          ledger: counts.ledger ?? { balanced: true, mismatched: 0, checked_at: '2026-06-01 12:00:00' },
        }),
      ),
  });
}

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('仪表盘', () => {
  beforeEach(() => {
    vi.stubGlobal('AudioContext', RecordingAudioContext);
  });
  afterEach(() => {
    vi.useRealTimers();
    tones.length = 0;
  });

  it('says so at the top when the scheduled ledger check found the ledger unbalanced, with a link to 账务核对', async () => {
    signInAs('finance', 'cashier');
    serve({
      deposits: [0, null],
      withdrawals: [0, null],
      ledger: { balanced: false, mismatched: 2, checked_at: '2026-06-01 12:15:00' },
    });
    renderScreen(<DashboardPage />);
    const alert = (await screen.findByText('账目不平：定时账务核对（2026-06-01 12:15:00）发现 2 个账户不符')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(alert).getByRole('link', { name: '去账务核对' })).toHaveAttribute('href', '/ledger');
  });

  it('shows no ledger line while the ledger is balanced or not yet checked', async () => {
    signInAs('finance', 'cashier');
    serve({ deposits: [1, 3], withdrawals: [0, null], ledger: { balanced: null, mismatched: 0, checked_at: null } });
    renderScreen(<DashboardPage />);
    await screen.findByText('待审核存款');
    expect(screen.queryByText(/账目不平/)).not.toBeInTheDocument();
  });

  it('shows each queue the role may see with a link to it, and none of the others', async () => {
    signInAs('finance', 'cashier');
    serve({ deposits: [3, 12], withdrawals: [1, 5] });
    renderScreen(<DashboardPage />);
    expect(await screen.findByText('待审核存款')).toBeInTheDocument();
    expect(within(card('待审核存款')).getByText('3')).toBeInTheDocument();
    expect(within(card('待审核提款')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去审核：存款' })).toHaveAttribute('href', '/deposits');
    expect(within(card('待复核调整')).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去审核：调整' })).toHaveAttribute('href', '/adjustments');
    expect(within(card('待审批接入变更')).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去审核：接入变更' })).toHaveAttribute('href', '/integration-changes');
    expect(screen.queryByText('待审核代理申请')).not.toBeInTheDocument();
  });

  it('polls every 15 s; a new deposit chimes and carries a 新 badge until opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('finance', 'cashier');
    let counts: Counts = { deposits: [1, 10], withdrawals: [0, null] };
    mockApi({
      '/admin/api/dashboard/pending': () =>
        ok(
          dashboardPending({
            deposits: { pending: counts.deposits[0], newest_id: counts.deposits[1] },
            withdrawals: { pending: counts.withdrawals[0], newest_id: counts.withdrawals[1] },
          }),
        ),
    });
    renderScreen(<DashboardPage />);
    await screen.findByText('待审核存款');
    expect(screen.queryByText('新')).not.toBeInTheDocument();

    counts = { deposits: [2, 11], withdrawals: [0, null] };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card('待审核存款')).findByText('新')).toBeInTheDocument();
    expect(within(card('待审核存款')).getByText('2')).toBeInTheDocument();
    expect(chimes()).toBe(1);

    // Nothing newer: no second chime.
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(chimes()).toBe(1);
    // The first withdrawal of the day arrives.
    counts = { deposits: [2, 11], withdrawals: [1, 3] };
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card('待审核提款')).findByText('新')).toBeInTheDocument();
    expect(chimes()).toBe(2);

    await userEvent.click(screen.getByRole('link', { name: '去审核：存款' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/deposits');
  });

  it('keeps quiet once the sound is switched off, and remembers it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs('finance', 'cashier');
    let newest = 10;
    mockApi({
      '/admin/api/dashboard/pending': () => ok(dashboardPending({ deposits: { pending: 1, newest_id: newest } })),
    });
    renderScreen(<DashboardPage />);
    await userEvent.click(await screen.findByRole('switch', { name: '新单提示音' }));
    expect(localStorage.getItem('admin.dashboard.sound')).toBe('off');
    newest = 11;
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(await within(card('待审核存款')).findByText('新')).toBeInTheDocument();
    expect(chimes()).toBe(0);
  });
});

const pendingNone = () =>
  ok(
    dashboardPending({
      deposits: { pending: 0, newest_id: null },
      withdrawals: { pending: 0, newest_id: null },
      ledger: { balanced: true, mismatched: 0, checked_at: '2026-11-25 08:00:00' },
    }),
  );

/** 30 days ending 2026-11-25, the last two being yesterday and today. */
const thirtyDays = () =>
  Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
    return { day, deposits: `${1000 + i}.00`, withdrawals: `${i}.50`, ggr: i % 2 ? '-20.00' : '35.10' };
  });

const figures = () =>
  ok({
    today: dashboardDay({
      deposits: '1500.00',
      withdrawals: '200.00',
      net: '1300.00',
      new_members: 4,
      first_depositors: 2,
      bettors: 9,
      ggr: '-35.25',
    }),
    yesterday: dashboardDay({
      day: '2026-11-24',
      deposits: '1380.00',
      withdrawals: '200.00',
      net: '1180.00',
      new_members: 6,
      first_depositors: 2,
      bettors: 3,
      ggr: '10.75',
    }),
    chart: thirtyDays(),
  });

const figure = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('仪表盘：经营数据', () => {
  it("shows today's figures as the server gives them, each against yesterday", async () => {
    signInAs('finance', 'cashier');
    mockApi({ '/admin/api/dashboard/pending': pendingNone, '/admin/api/dashboard/figures': figures });
    renderScreen(<DashboardPage />);
    expect(
      await screen.findByRole('heading', { name: '今日概况（2026-11-25，北京时间）', level: 2 }),
    ).toBeInTheDocument();

    expect(within(figure('存款（元）')).getByText('1,500.00')).toBeInTheDocument();
    expect(within(figure('存款（元）')).getByText(/较昨日 \+120\.00/)).toBeInTheDocument();
    expect(within(figure('存款（元）')).getByText('昨日 1,380.00')).toBeInTheDocument();
    expect(within(figure('提款（元）')).getByText(/与昨日持平/)).toBeInTheDocument();
    expect(within(figure('净存款（元）')).getByText('1,300.00')).toBeInTheDocument();
    expect(within(figure('新增会员')).getByText(/较昨日 -2/)).toBeInTheDocument();
    expect(within(figure('首存人数')).getByText('2')).toBeInTheDocument();
    expect(within(figure('投注人数')).getByText(/较昨日 \+6/)).toBeInTheDocument();
    // -35.25 against 10.75: down 46.00, worked out in cents.
    expect(within(figure('平台盈亏（元）')).getByText('-35.25')).toBeInTheDocument();
    expect(within(figure('平台盈亏（元）')).getByText(/较昨日 -46\.00/)).toBeInTheDocument();
  });

  it('gives the 30-day chart a text alternative: a summary and a table of every day', async () => {
    signInAs('admin');
    mockApi({ '/admin/api/dashboard/pending': pendingNone, '/admin/api/dashboard/figures': figures });
    renderScreen(<DashboardPage />);
    const chart = await screen.findByRole('img', { name: /2026-10-27 至 2026-11-25 每日存款、提款与平台盈亏/ });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '近30天每日存款、提款与平台盈亏（元）' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['日期', '存款', '提款', '平台盈亏']);
    expect(
      within(rows[30] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1029.00', '29.50', '-20.00']);
    expect(within(rows[30] as HTMLElement).getByRole('rowheader')).toHaveTextContent('2026-11-25');
  });

  it("shows why the figures are missing in the server's words", async () => {
    signInAs('finance');
    mockApi({
      '/admin/api/dashboard/pending': pendingNone,
      '/admin/api/dashboard/figures': () => fail(500, '服务器繁忙，请稍后再试'),
    });
    renderScreen(<DashboardPage />);
    expect(await screen.findByText('经营数据获取失败：服务器繁忙，请稍后再试')).toBeInTheDocument();
  });

  it('does not ask for the figures for a role that may not see them', async () => {
    signInAs('content', 'editor');
    const { calls } = mockApi({
      '/admin/api/dashboard/pending': () =>
        ok(dashboardPending({ activity_applications: { pending: 1, newest_id: 4 } })),
    });
    renderScreen(<DashboardPage />);
    await screen.findByText('待审核优惠申请');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.path)).not.toContain('/admin/api/dashboard/figures');
    expect(screen.queryByText(/今日概况/)).not.toBeInTheDocument();
  });

  it('gives the desk the ratings of the last 7 days and who waits, without the review queues', async () => {
    signInAs('support', 'desk01');
    const { calls } = mockApi({
      '/admin/api/support/stats': () =>
        ok({ rating_average: '4.25', rating_count: 8, waiting: 3, oldest_waiting_seconds: 412 }),
    });
    renderScreen(<DashboardPage />);
    const desk = await screen.findByRole('region', { name: '在线客服' });
    expect(await within(desk).findByText('近7天平均评分')).toBeInTheDocument();
    expect(desk).toHaveTextContent('4.25/ 5');
    expect(within(desk).getByText('共 8 次评价')).toBeInTheDocument();
    expect(within(desk).getByText('等待回复')).toBeInTheDocument();
    expect(within(desk).getByText('最长已等待 6分52秒')).toBeInTheDocument();
    expect(within(desk).getByRole('link', { name: '去接待：客服' })).toHaveAttribute('href', '/support');
    expect(calls.some((c) => c.path === '/admin/api/dashboard/pending')).toBe(false);
    expect(screen.queryByText('您的角色没有需要审核的队列。')).toBeNull();
  });

  it('says 暂无评价 when nobody rated the desk in the last 7 days, and shows no desk to finance', async () => {
    signInAs('admin', 'boss');
    mockApi({
      '/admin/api/dashboard/pending': () => ok(dashboardPending({})),
      '/admin/api/support/stats': () =>
        ok({ rating_average: null, rating_count: 0, waiting: 0, oldest_waiting_seconds: 0 }),
    });
    renderScreen(<DashboardPage />);
    const desk = await screen.findByRole('region', { name: '在线客服' });
    expect(await within(desk).findByText('暂无评价')).toBeInTheDocument();
    expect(within(desk).getByText('无人等待')).toBeInTheDocument();
  });
});
