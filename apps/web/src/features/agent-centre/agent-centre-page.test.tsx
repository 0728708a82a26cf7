import { MSG } from '@h5/contract/messages';
import { PARTNER_MONTH_EXAMPLE, PARTNER_STATEMENT_EXAMPLE } from '@h5/contract/partners';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { AgentCentrePage } from './agent-centre-page';
import { signIn as signInAs } from '../../shared/test/member';

const link = 'http://h5.test/#/login?type=1&pid=42';
/** A month's figures: this month's so far in the summary, and a statement's of an ended month. */
const FIGURES = PARTNER_MONTH_EXAMPLE;
const SUMMARY = {
  month: '2026-06',
  figures: FIGURES,
  carry_in: '-5.00',
  plan: { name: '标准方案', tiers: [{ min_net_revenue: '0.00', min_active: 1, rate: '20.00' }] },
  downline_total: 2,
  pid: 42,
  link,
};
const page = <T,>(data: T[]) => ({
  current_page: 1,
  data,
  last_page: 1,
  per_page: 10,
  total: data.length,
  from: 1,
  to: data.length,
});

/** A partner (isagent 1) signed in. */
const signIn = () => signInAs({ isagent: 1 });

describe('/agentCenter', () => {
  it("shows the month's figures, the masked downline, the statements and the referral QR code", async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn();
    mockApi({
      '/api/agent/summary': () => ok(SUMMARY),
      '/api/agent/downline': () =>
        ok(
          page([{ username: 'pl***1', created_at: '2026-06-02 10:00:00', deposits: '800.00', valid_stake: '1150.00' }]),
        ),
      '/api/agent/statements': () =>
        ok(
          page([
            {
              id: 7,
              month: '2026-05',
              ...PARTNER_STATEMENT_EXAMPLE,
              state: 2,
              paid_by: 'op',
              paid_at: '2026-06-01 12:00:00',
              created_at: '2026-06-01 00:10:00',
            },
          ]),
        ),
    });
    renderPage(<AgentCentrePage />, { route: '/agentCenter' });
    const month = await screen.findByRole('region', { name: '本月概况' });
    expect(within(month).getByText('2026-06 本月至今')).toBeInTheDocument();
    expect(within(month).getByText('净盈利').nextSibling).toHaveTextContent('312.78');
    expect(within(month).getByText('上月结转').nextSibling).toHaveTextContent('-5.00');
    expect(within(month).getByText('第1档：净盈利 ≥ 0.00，活跃会员 ≥ 1，佣金 20.00%')).toBeInTheDocument();

    await user.click(screen.getByText('下级会员'));
    const list = await screen.findByRole('list', { name: '下级会员列表' });
    expect(within(list).getByText('pl***1')).toBeInTheDocument();
    expect(within(list).getByText('存款').nextSibling).toHaveTextContent('800.00');

    await user.click(screen.getByText('佣金报表'));
    const statements = await screen.findByRole('list', { name: '佣金报表列表' });
    expect(within(statements).getByText('已派发')).toBeInTheDocument();
    expect(within(statements).getByText('佣金').nextSibling).toHaveTextContent('93.83');

    await user.click(screen.getByText('推广链接'));
    expect(await screen.findByLabelText('推广链接地址')).toHaveTextContent(link);
    expect(screen.getByRole('img', { name: '推广二维码' })).toBeInTheDocument();
  });

  it('shows an empty downline as such', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn();
    mockApi({
      '/api/agent/summary': () => ok({ ...SUMMARY, downline_total: 0 }),
      '/api/agent/downline': () => ok(page([])),
    });
    renderPage(<AgentCentrePage />, { route: '/agentCenter?tab=downline' });
    expect(await screen.findByText('还没有下级会员，快去分享推广链接吧')).toBeInTheDocument();
    await user.click(screen.getByText('本月概况'));
    expect(await screen.findByRole('region', { name: '本月概况' })).toBeInTheDocument();
  });

  it('tells a member who is not a partner so, and offers the application', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    signIn();
    mockApi({ '/api/agent/summary': () => ({ code: 403, message: MSG.notPartner, data: null }) });
    renderPage(<AgentCentrePage />, { route: '/agentCenter' });
    expect(await screen.findByText(MSG.notPartner)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '申请代理' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/applyagent');
  });
});
