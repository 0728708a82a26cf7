import { describe, expect, it } from 'vitest';
import { formatMoney } from '../apps/admin/src/shared/format';
import { adminApi, browserOfFile } from './support/browser';
import { consoleURL, desktopPage, navigateInApp, openScreenAsBoss, rowWith } from './support/console';

// The journeys' server is a fresh `npm start`: the embedded demo seeds a month of history (docs/operations.md "Demo history").
// The console shows that month as an operator meets it on day one: the dashboard's 30 days, 每日报表, last month's
// partner statement, the risk flags the product's own checks raised, and books that balance. Only past days are
// read, so journeys running beside this one (today's registrations and deposits) cannot move what it checks.

const browser = browserOfFile();

interface DayFigures {
  day: string;
  deposits_amount: string;
  withdrawals_amount: string;
  bets_count: number;
}

describe('the demo month in the console', () => {
  it('shows the seeded month on 仪表盘, 每日报表, 代理结算 and 风控, and the books balance', async () => {
    const dashboard = await adminApi<{ today: { day: string }; chart: { day: string; deposits: string }[] }>(
      'GET',
      '/admin/api/dashboard/figures',
    );
    const today = dashboard.data.today.day;
    const from = dashboard.data.chart[0]!.day;
    const report = await adminApi<{ rows: DayFigures[] }>('GET', `/admin/api/reports/daily?from=${from}&to=${today}`);
    const past = report.data.rows.filter((r) => r.day < today);
    // A living month: money and play on nearly every past day, not one busy day.
    expect(past.filter((r) => Number(r.deposits_amount) > 0).length).toBeGreaterThanOrEqual(20);
    expect(past.filter((r) => r.bets_count > 0).length).toBeGreaterThanOrEqual(20);
    const busiest = past.reduce((a, b) => (Number(b.deposits_amount) > Number(a.deposits_amount) ? b : a));

    const { page, errors, context } = await desktopPage(browser());
    await openScreenAsBoss(page, '', '仪表盘');
    const trend = page.getByRole('table', { name: '近30天每日存款、提款与平台盈亏（元）' });
    const chartDay = dashboard.data.chart.find((d) => d.day === busiest.day)!;
    expect(chartDay.deposits).toBe(busiest.deposits_amount);
    await expect.poll(() => trend.locator('tr', { hasText: busiest.day }).textContent()).toContain(chartDay.deposits);

    await page.goto(consoleURL(`reports/daily?from=${from}&to=${today}`));
    await page.getByRole('heading', { name: '每日报表', level: 1 }).waitFor();
    // The day's deposits and withdrawals are in the first of the report's two tables (会员与存提).
    const reportRow = page.getByRole('region', { name: '会员与存提' }).locator('tr', { hasText: busiest.day });
    await expect.poll(() => reportRow.textContent()).toContain(formatMoney(busiest.deposits_amount));
    expect(await reportRow.textContent()).toContain(formatMoney(busiest.withdrawals_amount));

    // Last month's statement of the demo partner, paid (a journey beside this one may settle the running month early).
    const [year, month] = today.split('-').map(Number) as [number, number];
    const lastMonth = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    await navigateInApp(page, 'partner-statements', '代理结算');
    const statement = rowWith(page, 'demoagent').filter({ hasText: lastMonth });
    await expect.poll(() => statement.textContent()).toContain('已派发');

    // Four registrations from one address flagged by the same-address check.
    await navigateInApp(page, 'risk', '风控');
    await rowWith(page, '203.0.113.77').first().waitFor();

    await navigateInApp(page, 'ledger', '账务核对');
    await page.getByText('账务平衡：所有账户合计为零，每个账户余额与其分录一致。').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
