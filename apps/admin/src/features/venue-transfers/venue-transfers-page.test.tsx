import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, page, queueUntilDecided, renderScreen, signInAs } from '../../test/render';
import VenueTransfersPage from './venue-transfers-page';

const transfer = (over: Record<string, unknown> = {}) => ({
  id: 5,
  transfer_no: 'VTK3ABCDEF0123456789',
  member_id: 7,
  username: 'player01',
  venue_code: 'JHZR',
  venue_name: '聚合真人',
  direction: 'in',
  amount: '250.00',
  state: 2,
  note: '',
  created_at: '2026-11-25 10:00:00',
  updated_at: '2026-11-25 10:00:00',
  ...over,
});

const row = (target: HTMLElement) => target.closest('tr') as HTMLElement;

describe('场馆转账', () => {
  it('lists pending transfers first with member, venue, direction, amount and state', async () => {
    signInAs('finance');
    const { calls } = mockApi({ 'GET /admin/api/venue-transfers': () => ok(page([transfer()], 3)) });
    renderScreen(<VenueTransfersPage />, { route: '/venue-transfers' });
    const line = row(await screen.findByText('VTK3ABCDEF0123456789'));
    expect(within(line).getByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    // The venue by its name, never its code.
    expect(within(line).getByText('聚合真人')).toBeInTheDocument();
    expect(within(line).queryByText('JHZR')).toBeNull();
    expect(within(line).getByText('转入场馆')).toBeInTheDocument();
    expect(within(line).getByText('250.00')).toBeInTheDocument();
    expect(within(line).getByText('处理中')).toBeInTheDocument();
    expect(calls[0]?.query.get('state')).toBe('2');
    expect(calls[0]?.query.has('venue')).toBe(false);
  });

  it('says so when nothing is pending', async () => {
    signInAs('finance');
    mockApi({ 'GET /admin/api/venue-transfers': () => ok(page([])) });
    renderScreen(<VenueTransfersPage />, { route: '/venue-transfers' });
    expect(await screen.findByText('暂无处理中的场馆转账')).toBeInTheDocument();
  });

  it('asks the venue after a confirm, shows its answer and refreshes the list', async () => {
    signInAs('finance');
    const { calls } = mockApi(
      queueUntilDecided(
        'GET /admin/api/venue-transfers',
        transfer(),
        'POST /admin/api/venue-transfers/VTK3ABCDEF0123456789/reconcile',
        ok(transfer({ state: 1 }), '已按场馆答复完成该转账'),
      ),
    );
    renderScreen(<VenueTransfersPage />, { route: '/venue-transfers' });
    await userEvent.click(
      within(row(await screen.findByText('VTK3ABCDEF0123456789'))).getByRole('button', { name: '对账' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('向场馆查询该转账？');
    expect(within(dialog).getByText('250.00 元')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '查询并处理' }));
    expect(await screen.findByText('已按场馆答复完成该转账')).toBeInTheDocument();
    expect(await screen.findByText('暂无处理中的场馆转账')).toBeInTheDocument();
  });

  it('shows settled transfers without an action, and filters by state and venue', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/venue-transfers': () =>
        ok(page([transfer({ state: 0, note: 'INSUFFICIENT_FUNDS', direction: 'out' })])),
    });
    renderScreen(<VenueTransfersPage />, { route: '/venue-transfers?state=all' });
    const line = row(await screen.findByText('VTK3ABCDEF0123456789'));
    expect(within(line).getByText('失败')).toBeInTheDocument();
    expect(within(line).getByText('转回中心钱包')).toBeInTheDocument();
    expect(within(line).getByText('INSUFFICIENT_FUNDS')).toBeInTheDocument();
    expect(within(line).queryByRole('button', { name: '对账' })).toBeNull();
    await userEvent.type(screen.getByLabelText('场馆代码'), 'JHZR{Enter}');
    expect(calls.at(-1)?.query.get('venue')).toBe('JHZR');
    expect(calls.at(-1)?.query.has('state')).toBe(false);
  });
});
