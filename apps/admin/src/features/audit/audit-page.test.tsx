import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import AuditPage from './audit-page';

const entry = {
  id: 90,
  operator_id: 1,
  operator: 'boss',
  action: 'member.adjust',
  target: 'member:7',
  before: { balance: '1234.50' },
  after: { balance: '1334.50', amount: '100.00', note: '活动补发' },
  request_id: 'req-1',
  created_at: '2026-11-25 13:00:00',
};

describe('操作日志', () => {
  it('filters by operator, action, target and date through the server', async () => {
    signInAs('admin');
    const { calls } = mockApi({ 'GET /admin/api/audit': () => ok(page([entry])) });
    renderScreen(<AuditPage />, { route: '/audit?from=2026-11-01&to=2026-11-25' });
    expect(await screen.findByText('调整余额')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('操作员'), 'boss');
    await userEvent.type(screen.getByLabelText('动作'), 'member.adjust');
    await userEvent.type(screen.getByLabelText('对象'), 'member:7');
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await expect.poll(() => calls.at(-1)?.query.get('operator')).toBe('boss');
    const query = calls.at(-1)?.query;
    expect(query?.get('action')).toBe('member.adjust');
    expect(query?.get('target')).toBe('member:7');
    expect(query?.get('from')).toBe('2026-11-01');
    expect(query?.get('to')).toBe('2026-11-25');
  });

  it('shows before and after side by side, field by field', async () => {
    signInAs('admin');
    mockApi({ 'GET /admin/api/audit': () => ok(page([entry])) });
    renderScreen(<AuditPage />);
    await screen.findByText('调整余额');
    await userEvent.click(screen.getByRole('button', { name: /展开/ }));
    const table = (await screen.findByRole('columnheader', { name: '变更前' })).closest('table') as HTMLElement;
    const balance = within(table).getByText('balance').closest('tr') as HTMLElement;
    expect(within(balance).getByText('1234.50')).toBeInTheDocument();
    expect(within(balance).getByText('1334.50')).toBeInTheDocument();
    const note = within(table).getByText('note').closest('tr') as HTMLElement;
    expect(within(note).getByText('—')).toBeInTheDocument();
    expect(within(note).getByText('活动补发')).toBeInTheDocument();
  });
});
