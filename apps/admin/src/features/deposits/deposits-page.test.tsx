import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deposit } from '../../test/fixtures';
import { fail, mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import DepositsPage from './deposits-page';

const row = (target: string | HTMLElement) =>
  (typeof target === 'string' ? screen.getByText(target) : target).closest('tr') as HTMLElement;

describe('存款审核', () => {
  it('lists pending deposits with member, amount, pay way, payer and time', async () => {
    signInAs('finance', 'cashier');
    const { calls } = mockApi({ 'GET /admin/api/deposits': () => ok(page([deposit()], 41)) });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    const line = row(await screen.findByText('D202611250001'));
    expect(within(line).getByRole('link', { name: 'player01' })).toHaveAttribute('href', '/members/7');
    expect(within(line).getByText('500.00')).toBeInTheDocument();
    expect(within(line).getByText('银行卡转账')).toBeInTheDocument();
    expect(within(line).getByText('王五 / 中国银行 / 6222020200112233')).toBeInTheDocument();
    expect(within(line).getByText('2026-11-25 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('共 41 条')).toBeInTheDocument();
    expect(calls[0]?.query.get('state')).toBe('1');
    expect(calls[0]?.query.get('page')).toBe('1');
  });

  it('pages through the paginator and keeps the page in the address', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/deposits': (call) =>
        ok(page([deposit({ deposit_no: `D-page-${call.query.get('page')}` })], 41, Number(call.query.get('page')))),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await screen.findByText('D-page-1');
    await userEvent.click(screen.getByRole('listitem', { name: '3' }));
    expect(await screen.findByText('D-page-3')).toBeInTheDocument();
    expect(calls.at(-1)?.query.get('page')).toBe('3');
    expect(screen.getByTestId('location')).toHaveTextContent('/deposits?page=3');
  });

  it('approves after a confirm dialog and refreshes the queue', async () => {
    signInAs('finance');
    let approved = false;
    const { calls } = mockApi({
      'GET /admin/api/deposits': () => ok(page(approved ? [] : [deposit()])),
      'POST /admin/api/deposits/D202611250001/approve': () => {
        approved = true;
        return ok(deposit({ state: 2, reviewed_by: 'cashier' }));
      },
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await userEvent.click(within(row(await screen.findByText('D202611250001'))).getByRole('button', { name: '通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确认通过该存款？');
    expect(within(dialog).getByText('500.00 元')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('已通过，金额已入会员中心钱包')).toBeInTheDocument();
    expect(await screen.findByText('暂无待审核的存款')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '' });
  });

  it('rejects only with a reason', async () => {
    signInAs('finance');
    const { calls } = mockApi({
      'GET /admin/api/deposits': () => ok(page([deposit()])),
      'POST /admin/api/deposits/D202611250001/reject': () => ok(deposit({ state: 3, note: '款项未到账' })),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await userEvent.click(within(row(await screen.findByText('D202611250001'))).getByRole('button', { name: '拒绝' }));
    // (antd's ids are fixed under test, so dialogs are found by role and checked by text)
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('拒绝存款');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('拒绝原因'), '款项未到账');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
    expect(await screen.findByText('已拒绝')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: '款项未到账' });
  });

  it('shows why a decision failed (someone else was first) and refreshes the queue', async () => {
    signInAs('finance');
    let lists = 0;
    mockApi({
      'GET /admin/api/deposits': () => {
        lists += 1;
        return ok(page([deposit()]));
      },
      'POST /admin/api/deposits/D202611250001/approve': () => fail(409, '该订单已处理，请勿重复操作'),
    });
    renderScreen(<DepositsPage />, { route: '/deposits' });
    await userEvent.click(within(row(await screen.findByText('D202611250001'))).getByRole('button', { name: '通过' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认通过' }));
    expect(await screen.findByText('该订单已处理，请勿重复操作')).toBeInTheDocument();
    await waitFor(() => expect(lists).toBeGreaterThan(1));
  });

  it('filters by state and dates through the address', async () => {
    signInAs('finance');
    const { calls } = mockApi({ 'GET /admin/api/deposits': () => ok(page([])) });
    renderScreen(<DepositsPage />, { route: '/deposits?state=all&from=2026-11-01&to=2026-11-25' });
    expect(await screen.findByText('没有符合条件的存款')).toBeInTheDocument();
    expect(calls[0]?.query.has('state')).toBe(false);
    expect(calls[0]?.query.get('from')).toBe('2026-11-01');
    expect(calls[0]?.query.get('to')).toBe('2026-11-25');
  });
});
