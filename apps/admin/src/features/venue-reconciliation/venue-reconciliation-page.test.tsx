import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, page, queueUntilDecided, renderScreen, signInAs } from '../../test/render';
import VenueReconciliationPage from './venue-reconciliation-page';

const difference = (over: Record<string, unknown> = {}) => ({
  id: 9,
  day: '2026-11-26',
  venue_code: 'HQDZ',
  venue_name: '环球电子',
  transaction_id: 'a1b2c3d4-0000-4000-8000-000000000001',
  difference: 'amount',
  round_id: 'r-1',
  ours: { kind: 'bet', amount: '4.00', player: 'player01', at: '2026-11-26 10:00:00' },
  theirs: { kind: 'bet', amount: '4.50', player: 'player01', status: 'TS_SUCCESS', at: '2026-11-26T02:00:00' },
  state: 'open',
  note: '',
  resolved_by: '',
  resolved_at: null,
  created_at: '2026-11-27 00:05:00',
  ...over,
});

const row = (target: HTMLElement) => target.closest('tr') as HTMLElement;

describe('场馆对账', () => {
  it('lists the open differences with the venue, what differs and both records', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/venue-reconciliation': () =>
        ok(
          page([difference(), difference({ id: 10, transaction_id: 'tx-2', difference: 'missing_ours', ours: null })]),
        ),
    });
    renderScreen(<VenueReconciliationPage />, { route: '/venue-reconciliation' });
    const line = row(await screen.findByText('a1b2c3d4-0000-4000-8000-000000000001'));
    expect(within(line).getByText('环球电子')).toBeInTheDocument();
    expect(within(line).queryByText('HQDZ')).toBeNull();
    expect(within(line).getByText('金额不符')).toBeInTheDocument();
    expect(within(line).getByText('下注 4.00')).toBeInTheDocument();
    expect(within(line).getByText('下注 4.50')).toBeInTheDocument();
    const missing = row(screen.getByText('tx-2'));
    expect(within(missing).getByText('我方缺失')).toBeInTheDocument();
    expect(within(missing).getByText('无记录')).toBeInTheDocument();
    expect(calls[0]?.query.get('state')).toBe('open');
  });

  it('says so when nothing waits to be checked', async () => {
    signInAs('finance');
    mockApi({ 'GET /admin/api/venue-reconciliation': () => ok(page([])) });
    renderScreen(<VenueReconciliationPage />, { route: '/venue-reconciliation' });
    expect(await screen.findByText('暂无待核实的对账差异')).toBeInTheDocument();
  });

  it('marks a difference 已核实 with a note and refreshes the list', async () => {
    signInAs('finance');
    const { calls } = mockApi(
      queueUntilDecided(
        'GET /admin/api/venue-reconciliation',
        difference(),
        'POST /admin/api/venue-reconciliation/9/resolve',
        ok(difference({ state: 'resolved', note: '场馆已更正' }), '已标记为已核实'),
      ),
    );
    renderScreen(<VenueReconciliationPage />, { route: '/venue-reconciliation' });
    const line = row(await screen.findByText('a1b2c3d4-0000-4000-8000-000000000001'));
    await userEvent.click(within(line).getByRole('button', { name: '已核实' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('标记为已核实');
    await userEvent.type(within(dialog).getByLabelText('核实说明'), '场馆已更正');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认已核实' }));
    expect(await screen.findByText('已标记为已核实')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '场馆已更正' });
    expect(await screen.findByText('暂无待核实的对账差异')).toBeInTheDocument();
  });

  it('shows a checked difference with its note, and filters by state and venue', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/venue-reconciliation': () =>
        ok(page([difference({ state: 'resolved', note: '场馆已更正', resolved_by: 'fin01' })])),
    });
    renderScreen(<VenueReconciliationPage />, { route: '/venue-reconciliation?state=all' });
    const line = row(await screen.findByText('a1b2c3d4-0000-4000-8000-000000000001'));
    expect(within(line).getByText('已核实（fin01）：场馆已更正')).toBeInTheDocument();
    expect(within(line).queryByRole('button', { name: '已核实' })).toBeNull();
    expect(calls[0]?.query.has('state')).toBe(false);
    await userEvent.type(screen.getByLabelText('场馆代码'), 'HQDZ{Enter}');
    expect(calls.at(-1)?.query.get('venue')).toBe('HQDZ');
  });
});
