import type { RgInfo } from '@h5/contract';
import { MSG } from '@h5/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { ResponsiblePage } from './responsible-page';
import { bodiesOf } from '../../shared/test/member';
import { renderApp } from '../../app/test-app';

/** session-reminder's key, written here so that this file does not import the module the app loads lazily. */
const SESSION_START_KEY_FOR_APP = 'rg-session-start';

const none = { value: null, pending: null };
function info(over: Partial<RgInfo> = {}): RgInfo {
  return {
    limits: { deposit_day: none, deposit_week: none, deposit_month: none, loss_day: none, session_minutes: none },
    break: null,
    used: { deposit_day: '150.00', deposit_week: '150.00', deposit_month: '150.00', loss_day: '0.00' },
    history: [],
    ...over,
  };
}

beforeEach(() => {
  useSessionStore.getState().setToken('tok');
  useSessionStore.getState().setUserInfo(USER as never);
});

describe('/responsible', () => {
  it('shows loading, then every limit as 不限, what today counts and the empty history', async () => {
    mockApi({ '/api/responsible': () => ok(info()) });
    renderPage(<ResponsiblePage />, { route: '/responsible' });
    expect(screen.getByText('加载中').closest('[role="status"]')).toBeInTheDocument();
    expect(await screen.findByLabelText('每日存款限额当前')).toHaveTextContent('不限');
    expect(screen.getByLabelText('游戏时长提醒当前')).toHaveTextContent('不限');
    expect(screen.getByText('今日已存 150.00元')).toBeInTheDocument();
    expect(screen.getByText('暂无变更记录')).toBeInTheDocument();
  });

  it('sends the kind and value, toasts the server message and shows what waits 24 hours', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const pending = info({
      limits: {
        ...info().limits,
        deposit_day: { value: '500.00', pending: { value: '2000.00', effective_at: '2026-06-02 12:00:00' } },
      },
      history: [
        {
          id: 1,
          kind: 'deposit_day',
          summary: '每日存款限额 500.00元 → 2000.00元，24小时后生效',
          effective_at: '2026-06-02 12:00:00',
          by: 'member',
          created_at: '2026-06-01 12:00:00',
        },
      ],
    });
    const fetch = mockApi({
      '/api/responsible': () => ok(info()),
      '/api/responsible/set': () => ok(pending, MSG.rgSavedPending),
    });
    renderPage(<ResponsiblePage />, { route: '/responsible' });
    const form = await screen.findByRole('form', { name: '每日存款限额' });
    const save = within(form).getByRole('button', { name: '保存' });
    expect(save).toBeDisabled();
    await user.type(within(form).getByLabelText('每日存款限额'), '2000');
    await user.click(save);
    expect(await findToast(MSG.rgSavedPending)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/responsible/set')).toEqual([{ kind: 'deposit_day', value: '2000' }]);
    expect(await screen.findByText('待生效：2026-06-02 12:00:00 起调整为 2000.00元')).toBeInTheDocument();
    expect(screen.getByLabelText('每日存款限额当前')).toHaveTextContent('500.00元');
    expect(within(screen.getByRole('list', { name: '变更记录列表' })).getByText(/24小时后生效/)).toBeInTheDocument();
  });

  it('toasts the server refusal and keeps the screen as it was', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({
      '/api/responsible': () => ok(info()),
      '/api/responsible/set': () => ({ code: 400, message: MSG.rgSessionInvalid, data: null }),
    });
    renderPage(<ResponsiblePage />, { route: '/responsible' });
    const form = await screen.findByRole('form', { name: '游戏时长提醒' });
    await user.type(within(form).getByLabelText('游戏时长提醒'), '5');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await findToast(MSG.rgSessionInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('游戏时长提醒当前')).toHaveTextContent('不限');
  });

  it('asks before a break, sends the period, and shows the break in force', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const fetch = mockApi({
      '/api/responsible': () => ok(info()),
      '/api/responsible/break': () => ok(info({ break: { kind: 'exclusion', until: null } }), MSG.rgBreakStarted),
    });
    renderPage(<ResponsiblePage />, { route: '/responsible' });
    await user.click(await screen.findByRole('radio', { name: '永久自我排除' }));
    await user.click(screen.getByRole('button', { name: '开始永久自我排除' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesOf(fetch, '/api/responsible/break')).toEqual([]);

    await user.click(screen.getByRole('button', { name: '开始永久自我排除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    expect(await findToast(MSG.rgBreakStarted)).toBeInTheDocument();
    expect(bodiesOf(fetch, '/api/responsible/break')).toEqual([{ period: 'exclude_forever' }]);
    expect(await screen.findByText('自我排除中：永久')).toBeInTheDocument();
  });
});

describe('游戏时长提醒', () => {
  it('alerts once the chosen minutes have passed since the session began', async () => {
    const { useSessionReminder, SESSION_START_KEY } = await import('./session-reminder');
    function Probe() {
      useSessionReminder();
      return null;
    }
    // Started 30 minutes less 200 ms ago, with a 30-minute reminder: the alert is due in 200 ms.
    sessionStorage.setItem(SESSION_START_KEY, String(Date.now() - 30 * 60_000 + 200));
    mockApi({
      '/api/responsible': () =>
        ok(info({ limits: { ...info().limits, session_minutes: { value: '30', pending: null } } })),
    });
    renderPage(<Probe />);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(within(dialog).getByText('您已连续使用30分钟，请注意休息，理性娱乐。')).toBeInTheDocument();
    sessionStorage.removeItem(SESSION_START_KEY);
  });

  it('is not loaded for a visitor: no settings are read', async () => {
    useSessionStore.setState({ token: null, userInfo: null });
    sessionStorage.setItem(SESSION_START_KEY_FOR_APP, String(Date.now() - 30 * 60_000 + 200));
    const fetch = mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '0.00' }),
      '/api/responsible': () =>
        ok(info({ limits: { ...info().limits, session_minutes: { value: '30', pending: null } } })),
    });
    renderApp('/vip');
    expect(await screen.findByRole('heading', { name: 'VIP特权' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bodiesOf(fetch, '/api/responsible')).toEqual([]);
  });

  it('alerts on any screen of a logged-in member', async () => {
    sessionStorage.setItem(SESSION_START_KEY_FOR_APP, String(Date.now() - 30 * 60_000 + 200));
    mockApi({
      '/api/user': () => ok(USER),
      '/api/balance': () => ok({ balance: '0.00' }),
      '/api/responsible': () =>
        ok(info({ limits: { ...info().limits, session_minutes: { value: '30', pending: null } } })),
    });
    renderApp('/vip', { token: 'tok' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 3000 });
    expect(within(dialog).getByText('您已连续使用30分钟，请注意休息，理性娱乐。')).toBeInTheDocument();
  });
});
