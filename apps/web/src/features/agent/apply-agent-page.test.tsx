import { MSG } from '@h5/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast, tapExpectingToast } from '../../shared/test/toast';
import { ApplyAgentPage } from './apply-agent-page';

describe('/applyagent', () => {
  it('checks mobile then reason, then shows the server message', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    useSessionStore.getState().setToken('tok');
    useSessionStore.getState().setUserInfo(USER as never);
    const fetch = mockApi({ '/api/applyagentdo': () => ok(null, MSG.applyOk), '/api/user': () => ok(USER) });
    renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    const submit = screen.getByRole('button', { name: '提交申请' });
    await tapExpectingToast(user, submit, MSG.mobileInvalid);
    await user.type(screen.getByLabelText('手机号'), '13912345678');
    await tapExpectingToast(user, submit, MSG.applyInfoRequired);
    await user.type(screen.getByLabelText('申请理由'), '我有推广资源');
    await user.click(submit);
    expect(await findToast(MSG.applyOk)).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => url === '/api/applyagentdo');
    expect(JSON.parse(String((sent?.[1] as RequestInit).body))).toEqual({
      mobile: '13912345678',
      apply_info: '我有推广资源',
    });
  });

  it('shows the server refusal of a second application', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    useSessionStore.getState().setToken('tok');
    mockApi({ '/api/applyagentdo': () => ({ code: 226, message: MSG.agentAlreadyApplied, data: null }) });
    renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    await user.type(screen.getByLabelText('手机号'), '13912345678');
    await user.type(screen.getByLabelText('申请理由'), '再次申请');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await findToast(MSG.agentAlreadyApplied)).toBeInTheDocument();
  });

  it('sends a visitor to log in first', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    await user.click(screen.getByRole('button', { name: '前往登录' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fapplyagent');
  });

  it('shows the application under review after 申请成功 instead of a blank form, and after a return', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    useSessionStore.getState().setToken('tok');
    let applied = false;
    mockApi({
      '/api/agentapplystate': () => ok({ state: applied ? 1 : 0 }),
      '/api/applyagentdo': () => {
        applied = true;
        return ok(null, MSG.applyOk);
      },
      '/api/user': () => ok(USER),
    });
    const first = renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    await user.type(screen.getByLabelText('手机号'), '13912345678');
    await user.type(screen.getByLabelText('申请理由'), '我有推广资源');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    expect(await findToast(MSG.applyOk)).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: '申请状态' })).toHaveTextContent('申请已提交，正在审核中');
    expect(screen.queryByRole('form', { name: '申请合营' })).not.toBeInTheDocument();
    first.unmount();

    renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    expect(await screen.findByRole('status', { name: '申请状态' })).toHaveTextContent('正在审核中');
  });

  it('tells an approved or refused applicant where the application stands', async () => {
    useSessionStore.getState().setToken('tok');
    mockApi({ '/api/agentapplystate': () => ok({ state: 3 }) });
    const refused = renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    expect(await screen.findByRole('status', { name: '申请状态' })).toHaveTextContent('您的申请未通过审核');
    refused.unmount();
    mockApi({ '/api/agentapplystate': () => ok({ state: 2 }) });
    renderPage(<ApplyAgentPage />, { route: '/applyagent' });
    expect(await screen.findByRole('status', { name: '申请状态' })).toHaveTextContent('您已是合营伙伴');
  });
});
