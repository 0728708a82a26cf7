import { dailyReportColumns, memberReportColumns, venueReportColumns } from '@h5/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dailyFigures, memberReportRow, venueFigures } from '../../test/fixtures';
import { type Call, fail, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import DailyReportPage from './daily-report-page';
import MemberReportPage from './member-report-page';
import dayjs from 'dayjs';
import { beijingToday, beyondServerRange, lastSevenDays } from './report-range';
import VenueReportPage from './venue-report-page';

const BOM = '\uFEFF';
const DAILY_CSV = `${BOM}${dailyReportColumns.map(([, h]) => h).join(',')}\n2026-11-24,1,1,1,1,1200.00\n`;

const csv = (text: string, name = 'report.csv') =>
  new Response(text, {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });

const dailyAnswer = (from = '2026-11-24', to = '2026-11-25') => ({
  from,
  to,
  rows: [
    dailyFigures({ day: from, new_members: 3, deposits_count: 2, deposits_amount: '1200.00', net_deposits: '900.00' }),
    dailyFigures({ day: to, new_members: 1, withdrawals_count: 1, withdrawals_amount: '300.00', ggr: '-45.50' }),
  ],
  total: dailyFigures({
    new_members: 4,
    deposits_count: 2,
    deposits_amount: '1200.00',
    withdrawals_amount: '300.00',
    net_deposits: '900.00',
    ggr: '-45.50',
    // Distinct over the range: not the sum of the days.
    depositors: 1,
  }),
});

/** The downloads the page hands to the browser: the file's name and its bytes. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    next += 1;
    const url = `blob:console.test/${next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return { saved, revoke };
}

const reportCalls = (calls: Call[], path: string) => calls.filter((c) => c.path === path && !c.query.has('format'));
const csvCalls = (calls: Call[], path: string) =>
  calls.filter((c) => c.path === path && c.query.get('format') === 'csv');

/** A table's column headers, in order. */
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('the range of a report', () => {
  it('counts Beijing days whatever the computer’s time zone, and stops at what the server accepts', () => {
    // 16:30 UTC on 24 November is 00:30 on the 25th in Beijing.
    const lateUtc = Date.UTC(2026, 10, 24, 16, 30);
    expect(beijingToday(lateUtc)).toBe('2026-11-25');
    expect(lastSevenDays(lateUtc)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    // 366 days both included: 2025-11-25 .. 2026-11-25 is the longest, a day earlier one too many.
    expect(beyondServerRange(dayjs('2025-11-25'), dayjs('2026-11-25'))).toBe(false);
    expect(beyondServerRange(dayjs('2025-11-24'), dayjs('2026-11-25'))).toBe(true);
    expect(beyondServerRange(dayjs('2027-11-26'), dayjs('2026-11-25'))).toBe(true);
  });
});

describe('每日报表', () => {
  it('asks for the last 7 Beijing days and shows every day with the headers of the CSV', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({ '/admin/api/reports/daily': () => ok(dailyAnswer()) });
    renderScreen(<DailyReportPage />, { route: '/reports/daily' });
    await screen.findAllByText('2026-11-24');
    const [money, bets] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];

    const week = lastSevenDays();
    expect(week.to).toBe(beijingToday());
    expect(reportCalls(calls, '/admin/api/reports/daily')[0]?.query.get('from')).toBe(week.from);
    expect(reportCalls(calls, '/admin/api/reports/daily')[0]?.query.get('to')).toBe(week.to);
    // Two tables, each led by 日期: together every column of the CSV, once, in its order.
    expect(headers(money)[0]).toBe('日期');
    expect(headers(bets)[0]).toBe('日期');
    expect([...headers(money), ...headers(bets).slice(1)]).toEqual(dailyReportColumns.map(([, header]) => header));
    expect(headers(money)).toContain('存款金额');
    expect(headers(bets)).toEqual(expect.arrayContaining(['派彩', '平台盈亏']));
    // Money as the server wrote it (thousands separated), right-aligned; counts as counts.
    const deposits = within(money).getAllByText('1,200.00')[0] as HTMLElement;
    expect(deposits.closest('td')).toHaveStyle({ textAlign: 'right' });
    expect(within(bets).getByText('-45.50', { selector: 'tbody td' })).toBeInTheDocument();
  });

  it('shows the total as a row of its own in the footer, with the server’s figures', async () => {
    signInAs('finance');
    mockApi({ '/admin/api/reports/daily': () => ok(dailyAnswer()) });
    const { container } = renderScreen(<DailyReportPage />, { route: '/reports/daily' });
    await screen.findAllByText('2026-11-24');
    const totals = [...container.querySelectorAll('tfoot')].map((footer) => {
      const total = within(footer as HTMLElement).getByRole('row');
      expect(total).toHaveClass('report-total');
      return within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    });
    expect(totals).toHaveLength(2);
    const [money = [], bets = []] = totals;
    // 日期, 新增会员, 首存人数, 存款人数 ... in the order of the columns, each table's total under its own figures.
    expect(money.slice(0, 6)).toEqual(['合计', '4', '0', '1', '2', '1,200.00']);
    expect(bets[0]).toBe('合计');
    expect([...money, ...bets.slice(1)][dailyReportColumns.findIndex(([key]) => key === 'ggr')]).toBe('-45.50');
  });

  it('asks again for the range in the address and shows a refusal in the server’s words', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      '/admin/api/reports/daily': (call) =>
        call.query.get('from') === '2024-01-01' ? fail(400, '查询范围不能超过366天') : ok(dailyAnswer()),
    });
    renderScreen(<DailyReportPage />, { route: '/reports/daily?from=2024-01-01&to=2026-11-25' });
    expect(await screen.findByText('查询范围不能超过366天')).toBeInTheDocument();
    expect(calls[0]?.query.get('to')).toBe('2026-11-25');
    expect(screen.queryByText('合计')).not.toBeInTheDocument();
  });

  it('导出 CSV downloads the server’s file with the operator’s token, named for the range', async () => {
    signInAs('finance', 'cashier');
    const downloads = captureDownloads();
    let release: () => void = () => undefined;
    const { calls } = mockApi({
      '/admin/api/reports/daily': (call) =>
        call.query.get('format') === 'csv'
          ? new Promise<Response>((resolve) => {
              release = () => resolve(csv(DAILY_CSV, 'daily.csv'));
            })
          : ok(dailyAnswer()),
    });
    renderScreen(<DailyReportPage />, { route: '/reports/daily?from=2026-11-01&to=2026-11-25' });
    await screen.findAllByText('2026-11-24');
    const button = screen.getByRole('button', { name: /导出 CSV/ });
    await userEvent.click(button);

    // The button spins while the file comes.
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    const sent = csvCalls(calls, '/admin/api/reports/daily');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.query.get('from')).toBe('2026-11-01');
    expect(sent[0]?.query.get('to')).toBe('2026-11-25');
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer tok-cashier');
    release();

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]?.name).toBe('每日报表_2026-11-01_2026-11-25.csv');
    const bytes = new Uint8Array(await (downloads.saved[0]?.blob as Blob).arrayBuffer());
    // Byte for byte as sent: the byte-order mark first, then the Chinese header line.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(DAILY_CSV.slice(1));
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    await waitFor(() => expect(downloads.revoke).toHaveBeenCalledWith('blob:console.test/1'));
  });

  it('shows the server’s message when the download is refused, and saves nothing', async () => {
    signInAs('finance');
    const downloads = captureDownloads();
    mockApi({
      '/admin/api/reports/daily': (call) =>
        call.query.get('format') === 'csv' ? fail(400, '开始日期不能晚于结束日期') : ok(dailyAnswer()),
    });
    renderScreen(<DailyReportPage />, { route: '/reports/daily' });
    await screen.findAllByText('2026-11-24');
    await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
    expect(await screen.findByText('开始日期不能晚于结束日期')).toBeInTheDocument();
    expect(downloads.saved).toEqual([]);
    expect(screen.getByRole('button', { name: /导出 CSV/ })).not.toHaveClass('ant-btn-loading');
  });
});

describe('场馆报表', () => {
  it('shows each venue and the total, and exports the same range', async () => {
    signInAs('admin');
    const downloads = captureDownloads();
    const { calls } = mockApi({
      '/admin/api/reports/venues': (call) =>
        call.query.get('format') === 'csv'
          ? csv(`${BOM}场馆代码,场馆\n`)
          : ok({
              from: '2026-11-19',
              to: '2026-11-25',
              rows: [
                {
                  venue_code: 'AG',
                  venue_name: 'AG真人',
                  ...venueFigures({ bettors: 2, stake: '5000.00', ggr: '320.00' }),
                },
                {
                  venue_code: 'IM',
                  venue_name: 'IM体育',
                  ...venueFigures({ bettors: 1, stake: '100.00', ggr: '-80.00' }),
                },
              ],
              total: venueFigures({ bettors: 2, stake: '5100.00', ggr: '240.00' }),
            }),
    });
    const { container } = renderScreen(<VenueReportPage />, { route: '/reports/venues' });
    const table = await screen.findByRole('table');
    await within(table).findByText('AG真人');
    expect(headers(table)).toEqual(venueReportColumns.map(([, header]) => header));
    expect(within(table).getByText('5,000.00')).toBeInTheDocument();
    const total = within(container.querySelector('tfoot') as HTMLElement).getByRole('row');
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['合计', '', '2', '0', '5,100.00', '0.00', '0.00', '240.00']);

    await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const week = lastSevenDays();
    expect(downloads.saved[0]?.name).toBe(`场馆报表_${week.from}_${week.to}.csv`);
    expect(csvCalls(calls, '/admin/api/reports/venues')[0]?.query.get('from')).toBe(week.from);
  });
});

describe('会员报表', () => {
  it('filters by username, pages, links each member, and exports the filtered report', async () => {
    signInAs('finance', 'cashier');
    const downloads = captureDownloads();
    const { calls } = mockApi({
      '/admin/api/reports/members': (call) =>
        call.query.get('format') === 'csv'
          ? csv(`${BOM}${memberReportColumns.map(([, h]) => h).join(',')}\n`)
          : ok(
              page(
                [
                  memberReportRow({ member_id: 7, username: 'player01', deposits_amount: '1500.00', balance: '88.80' }),
                  memberReportRow({ member_id: 8, username: 'player02', ggr: '-12.00' }),
                ],
                45,
                Number(call.query.get('page') ?? 1),
              ),
            ),
    });
    renderScreen(<MemberReportPage />, { route: '/reports/members' });
    const table = await screen.findByRole('table');
    await within(table).findByText('1,500.00');
    expect(headers(table)).toEqual([
      '会员账号',
      '存款金额',
      '提款金额',
      '投注金额',
      '派彩',
      '平台盈亏',
      '当前余额',
      '明细',
    ]);
    expect(within(table).getByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    // 明细: every figure of the CSV for the member, under the CSV's header.
    await userEvent.click(within(table).getByRole('button', { name: '明细 player01' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer).toHaveTextContent('会员报表：player01');
    expect([...drawer.querySelectorAll('.ant-descriptions-item-label')].map((h) => h.textContent)).toEqual(
      memberReportColumns.map(([, header]) => header),
    );
    expect((within(drawer).getByText('当前余额').closest('tr') as HTMLElement).textContent).toContain('88.80');
    await userEvent.click(within(drawer).getByRole('button', { name: /Close|关闭/ }));
    expect(screen.getByText('共 45 条')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('会员账号'), 'play');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(reportCalls(calls, '/admin/api/reports/members').at(-1)?.query.get('username')).toBe('play'),
    );
    // The table is idle again (no spinner over it) before the next page is asked for.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await userEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(reportCalls(calls, '/admin/api/reports/members').at(-1)?.query.get('page')).toBe('2'));
    expect(screen.getByTestId('location')).toHaveTextContent('username=play');

    await userEvent.click(screen.getByRole('button', { name: /导出 CSV/ }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const sent = csvCalls(calls, '/admin/api/reports/members')[0];
    expect(sent?.query.get('username')).toBe('play');
    expect(sent?.headers.get('Authorization')).toBe('Bearer tok-cashier');
    const week = lastSevenDays();
    expect(downloads.saved[0]?.name).toBe(`会员报表_${week.from}_${week.to}.csv`);
  });

  it('shows a refusal of the page in the server’s words', async () => {
    signInAs('finance');
    mockApi({ '/admin/api/reports/members': () => fail(400, '日期格式不正确，应为YYYY-MM-DD') });
    renderScreen(<MemberReportPage />, { route: '/reports/members?from=2026-13-01' });
    expect(await screen.findByText('日期格式不正确，应为YYYY-MM-DD')).toBeInTheDocument();
  });
});
