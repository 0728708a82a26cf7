import { MSG } from '@h5/contract/messages';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage, USER } from '../test/render';
import { useBalance } from './hooks';
import { useSessionStore } from './session-store';

function Balance() {
  const balance = useBalance();
  return <output>{balance.data ?? '--'}</output>;
}

describe('useBalance', () => {
  it('ends the session on a 401 of the poll and says why with the 认证失败 dialog', async () => {
    useSessionStore.getState().setToken('tok');
    useSessionStore.getState().setUserInfo(USER as never);
    mockApi({ '/api/balance': () => ({ code: 401, message: '未登录', data: null }) });
    renderPage(<Balance />);
    const dialog = await screen.findByRole('dialog', { name: MSG.authFailedTitle });
    expect(dialog).toHaveTextContent(MSG.notLoggedIn);
    expect(useSessionStore.getState().token).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });
});
