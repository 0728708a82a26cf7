import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adjustment, memberDetail } from '../../test/fixtures';
import { mockApi, ok, page, renderScreen, signInAs } from '../../test/render';
import MemberDetailPage from './member-detail-page';

const ledgerEntry = {
  id: 1,
  transaction_id: 1,
  kind: 'deposit',
  reference: 'deposit:D1',
  memo: '',
  account_kind: 'wallet',
  venue_code: '',
  venue_name: '',
  amount: '500.00',
  created_at: '2026-11-25 10:00:00',
};

function serve(extra: Parameters<typeof mockApi>[0] = {}, detail = memberDetail()) {
  return mockApi({
    'GET /admin/api/members/7': () => ok(detail),
    'GET /admin/api/members/7/ledger': () => ok(page([ledgerEntry])),
    'GET /admin/api/members/7/logins': () =>
      ok(page([{ id: 1, ip: '10.9.8.7', device: 'Mozilla/5.0 (iPhone)', created_at: '2026-11-25 09:00:00' }])),
    'GET /admin/api/members/7/bets': () => ok(page([])),
    'GET /admin/api/members/7/responsible': () => ok(rgInfo()),
    ...extra,
  });
}

const noLimit = { value: null, pending: null };
function rgInfo(over: Record<string, unknown> = {}) {
  return {
    limits: {
      deposit_day: { value: '500.00', pending: { value: '2000.00', effective_at: '2026-11-26 10:00:00' } },
      deposit_week: noLimit,
      deposit_month: noLimit,
      loss_day: noLimit,
      session_minutes: { value: '60', pending: null },
    },
    break: null,
    used: { deposit_day: '0.00', deposit_week: '0.00', deposit_month: '0.00', loss_day: '0.00' },
    history: [],
    ...over,
  };
}

const renderMember = () => renderScreen(<MemberDetailPage />, { route: '/members/7', path: '/members/:id' });

/** Opens 调整余额, fills the amount and the note, and goes on to the confirmation: the dialog. */
async function fillAdjustment(amount: string, note: string) {
  await userEvent.click(await screen.findByRole('button', { name: '调整余额' }));
  const form = await screen.findByRole('dialog');
  await userEvent.type(within(form).getByLabelText('调整金额（元）'), amount);
  await userEvent.type(within(form).getByLabelText('备注'), note);
  await userEvent.click(within(form).getByRole('button', { name: '下一步' }));
  return form;
}

describe('会员详情', () => {
  it('shows balances central and per venue, VIP, state and masked cards, and the ledger tab', async () => {
    signInAs('finance');
    serve();
    renderMember();
    expect(await screen.findByRole('heading', { name: /会员详情：player01/ })).toBeInTheDocument();
    expect(screen.getByText('1,234.50')).toBeInTheDocument();
    expect(screen.getByText('VIP1')).toBeInTheDocument();
    expect(screen.getByText('正常')).toBeInTheDocument();
    // Disabling a member is an admin's call, not finance's.
    expect(screen.queryByRole('button', { name: '禁用' })).not.toBeInTheDocument();
    expect(screen.getByText('**** 2233')).toBeInTheDocument();
    expect(screen.queryByText('6222020200112233')).not.toBeInTheDocument();
    const venues = screen.getByRole('columnheader', { name: '场馆余额' }).closest('table') as HTMLElement;
    expect(within(venues).getByText('开元棋牌')).toBeInTheDocument();
    expect(within(venues).queryByText('ky')).toBeNull();
    expect(await screen.findByText('+500.00')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '账变记录' })).toBeInTheDocument();
    // The movement's number and its whole reference, as 核对单个会员 names it.
    expect(screen.getByText('#1')).toBeInTheDocument();
    expect(screen.getByText('deposit:D1')).toBeInTheDocument();
  });

  it('names every movement kind of 账变记录 in Chinese, a remote venue transfer too', async () => {
    signInAs('finance');
    serve({
      'GET /admin/api/members/7/ledger': () =>
        ok(
          page([
            { ...ledgerEntry, id: 3, kind: 'remote_transfer_hold', amount: '-100.00', reference: 'transfer:T1' },
            { ...ledgerEntry, id: 2, kind: 'remote_transfer_out', amount: '50.00', reference: 'transfer:T2' },
            { ...ledgerEntry, id: 1, kind: 'deposit' },
          ]),
        ),
    });
    renderMember();
    const hold = (await screen.findByText('transfer:T1')).closest('tr') as HTMLElement;
    expect(within(hold).getByText('转入场馆（处理中）')).toBeInTheDocument();
    const out = screen.getByText('transfer:T2').closest('tr') as HTMLElement;
    expect(within(out).getByText('转出场馆')).toBeInTheDocument();
    const table = hold.closest('table') as HTMLElement;
    expect(table).not.toHaveTextContent(/remote_transfer|_hold|_out/);
    expect(within(table).getByText('存款')).toBeInTheDocument();
  });

  it('opens the login history with time, IP and device', async () => {
    signInAs('finance');
    serve();
    renderMember();
    await userEvent.click(await screen.findByRole('tab', { name: '登录记录' }));
    expect(await screen.findByText('10.9.8.7')).toBeInTheDocument();
    expect(screen.getByText('Mozilla/5.0 (iPhone)')).toBeInTheDocument();
  });

  it('adjusts the balance after a confirm dialog, with the note and one reference', async () => {
    signInAs('finance');
    const { calls } = serve({ 'POST /admin/api/members/7/adjust': () => ok({ balance: '1334.50', pending: null }) });
    renderMember();
    await fillAdjustment('100', '活动补发');
    const confirmText = await screen.findByText(/的中心钱包将增加/);
    expect(confirmText).toHaveTextContent('会员 player01 的中心钱包将增加 100 元（当前余额 1,234.50）。');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '确认调整' }));
    expect(await screen.findByText('调整成功，当前余额 1,334.50')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as { amount: string; note: string; reference: string };
    expect(body.amount).toBe('100');
    expect(body.note).toBe('活动补发');
    expect(body.reference).toMatch(/^[a-f0-9]{32}$/);
  });

  it('says an adjustment above the line waits for another operator, with the balance unchanged', async () => {
    signInAs('finance');
    serve({
      'POST /admin/api/members/7/adjust': () =>
        ok(
          { balance: '1234.50', pending: adjustment({ amount: '5000.00' }) },
          '金额超过复核线，调整已提交，等待另一位操作员复核',
        ),
    });
    renderMember();
    await fillAdjustment('5000', '大额补偿');
    await userEvent.click(await screen.findByRole('button', { name: '确认调整' }));
    expect((await screen.findAllByText('已提交复核')).length).toBeGreaterThan(0);
    expect(screen.getByText('金额超过复核线，调整已提交，等待另一位操作员复核。')).toBeInTheDocument();
    expect(screen.getByText(/调整 5,000.00 元，复核通过后才计入会员余额（当前余额 1,234.50）/)).toBeInTheDocument();
    expect(screen.queryByText(/调整成功/)).not.toBeInTheDocument();
  });

  it('refuses an adjustment of zero before asking the server', async () => {
    signInAs('finance');
    serve();
    renderMember();
    const form = await fillAdjustment('0', 'x');
    expect(await within(form).findByText('请输入不为 0 的金额，最多两位小数')).toBeInTheDocument();
  });

  it('recycles every venue with one confirmed action and shows what came back', async () => {
    signInAs('finance');
    const { calls } = serve({
      'POST /admin/api/members/7/recycle': () => ok({ recycled: '20.00', balance: '1254.50' }, '回收成功'),
    });
    renderMember();
    await userEvent.click(await screen.findByRole('button', { name: '一键回收' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认回收' }));
    expect(await screen.findByText('回收成功，中心钱包 1,254.50')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/admin/api/members/7/recycle')).toHaveLength(1);
  });

  it('lets an admin disable a member', async () => {
    signInAs('admin');
    const { calls } = serve({ 'POST /admin/api/members/7/state': () => ok({ state: 0 }) });
    renderMember();
    await userEvent.click(await screen.findByRole('button', { name: '禁用' }));
    await userEvent.click(await screen.findByRole('button', { name: '确认禁用' }));
    expect(await screen.findByText('会员已禁用')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/admin/api/members/7/state')?.body).toEqual({ state: 0 });
  });

  it('gives content operators no money actions and no money tabs', async () => {
    signInAs('content', 'editor');
    serve();
    renderMember();
    await screen.findByRole('heading', { name: /会员详情：player01/ });
    expect(screen.queryByRole('button', { name: '调整余额' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '一键回收' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '禁用' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '账变记录' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '关联账户' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '投注记录' })).toBeInTheDocument();
  });

  it('shows the linked accounts in their own tab', async () => {
    signInAs('finance');
    serve({
      'GET /admin/api/members/7/links': () =>
        ok({
          member: { id: 7, username: 'player01', state: 1, deposits: '0.00', withdrawals: '0.00', net: '0.00' },
          linked: [],
          more: 0,
          common: [],
          total: { members: 1, deposits: '0.00', withdrawals: '0.00', net: '0.00' },
        }),
    });
    renderMember();
    await userEvent.click(await screen.findByRole('tab', { name: '关联账户' }));
    expect(await screen.findByText('无关联账户')).toBeInTheDocument();
  });

  it('shows 理性娱乐: limits with what waits, the break and history; content only reads', async () => {
    signInAs('content');
    serve({
      'GET /admin/api/members/7/responsible': () =>
        ok(
          rgInfo({
            break: { kind: 'exclusion', until: null },
            history: [
              {
                id: 1,
                kind: 'exclusion',
                summary: '永久自我排除，永久',
                effective_at: '2026-11-25 10:00:00',
                by: 'member',
                created_at: '2026-11-25 10:00:00',
              },
            ],
          }),
        ),
    });
    renderMember();
    const card = (await screen.findByText('理性娱乐')).closest('.ant-card') as HTMLElement;
    expect(await within(card).findByText('自我排除中：永久')).toBeInTheDocument();
    const day = within(card).getByText('每日存款限额').closest('tr') as HTMLElement;
    expect(within(day).getByText('500.00 元')).toBeInTheDocument();
    expect(within(day).getByText('2026-11-26 10:00:00 起 2000.00 元')).toBeInTheDocument();
    expect(
      within(within(card).getByText('游戏时长提醒').closest('tr') as HTMLElement).getByText('60 分钟'),
    ).toBeInTheDocument();
    expect(within(card).getByText('2026-11-25 10:00:00 会员：永久自我排除，永久')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: '收紧' })).not.toBeInTheDocument();
  });

  it('lets finance tighten a limit after confirming, sending the kind and value', async () => {
    signInAs('finance');
    const api = serve({
      'POST /admin/api/members/7/responsible': () => ok(rgInfo(), '设置成功，已立即生效'),
    });
    renderMember();
    const card = (await screen.findByText('理性娱乐')).closest('.ant-card') as HTMLElement;
    await userEvent.type(await within(card).findByLabelText('新限额'), '300');
    await userEvent.click(within(card).getByRole('button', { name: '收紧' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('.ant-modal-confirm-title')).toHaveTextContent('将每日存款限额收紧为 300 元？');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('设置成功，已立即生效')).toBeInTheDocument();
    expect(
      api.calls.filter((c) => c.method === 'POST' && c.path === '/admin/api/members/7/responsible').map((c) => c.body),
    ).toEqual([{ kind: 'deposit_day', value: '300' }]);
  });
});
