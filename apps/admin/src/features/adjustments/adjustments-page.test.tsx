import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adjustment } from '../../test/fixtures';
import { fail, me, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import { refuseWithReason } from '../../test/review';
import AdjustmentsPage from './adjustments-page';

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** Signed in as finance operator 2 (checker); row 11 was made by operator 9, row 12 by the checker itself. */
function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/admin/api/me': () => ok(me({ id: 2, role: 'finance', username: 'checker' })),
    'GET /admin/api/adjustments': () =>
      ok(
        page([
          adjustment(),
          adjustment({
            id: 12,
            username: 'player02',
            amount: '-1500.00',
            maker_id: 2,
            made_by: 'checker',
            note: '扣回',
          }),
        ]),
      ),
    ...extra,
  });
}

describe('调整复核', () => {
  it('lists pending adjustments with the maker, and keeps the maker from approving their own', async () => {
    signInAs('finance', 'checker');
    const { calls } = serve();
    renderScreen(<AdjustmentsPage />);
    await screen.findByText('player02');
    expect(within(row('player01')).getByText('加款 5,000.00')).toBeInTheDocument();
    expect(within(row('player01')).getByText('maker01')).toBeInTheDocument();
    expect(within(row('player02')).getByText('扣款 1,500.00')).toBeInTheDocument();
    const own = within(row('player02')).getByRole('button', { name: '通过' });
    expect(own).toBeDisabled();
    await userEvent.hover(own.parentElement as HTMLElement);
    expect(await screen.findByText('不能复核自己提交的调整，须由另一位操作员通过')).toBeInTheDocument();
    expect(within(row('player01')).getByRole('button', { name: '通过' })).toBeEnabled();
    expect(calls.find((c) => c.path === '/admin/api/adjustments')?.query.get('state')).toBe('1');
  });

  it("approves another operator's adjustment after a confirm dialog", async () => {
    signInAs('finance', 'checker');
    const { calls } = serve({
      'POST /admin/api/adjustments/11/approve': () =>
        ok(adjustment({ state: 2, reviewer_id: 2, reviewed_by: 'checker' }), '复核通过，已调整会员余额'),
    });
    renderScreen(<AdjustmentsPage />);
    await screen.findByText('player01');
    await userEvent.click(within(row('player01')).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('加款 5,000.00 元');
    expect(dialog).toHaveTextContent('maker01');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('复核通过，已调整会员余额')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '' });
  });

  it('rejects with a reason', async () => {
    signInAs('finance', 'checker');
    const { calls } = serve({
      'POST /admin/api/adjustments/11/reject': () =>
        ok(adjustment({ state: 3, review_note: '无依据' }), '已拒绝该调整'),
    });
    renderScreen(<AdjustmentsPage />);
    await screen.findByText('player01');
    await userEvent.click(within(row('player01')).getByRole('button', { name: '拒绝' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('拒绝调整');
    await refuseWithReason(dialog, '无依据', calls);
  });

  it("shows the server's refusal when the balance no longer covers a debit", async () => {
    signInAs('finance', 'checker');
    serve({ 'POST /admin/api/adjustments/11/approve': () => fail(210, '账户余额不足') });
    renderScreen(<AdjustmentsPage />);
    await screen.findByText('player01');
    await userEvent.click(within(row('player01')).getByRole('button', { name: '通过' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('账户余额不足')).toBeInTheDocument();
  });
});
