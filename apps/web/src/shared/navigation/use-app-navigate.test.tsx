import { MSG } from '@h5/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { renderPage } from '../test/render';
import { findToast } from '../test/toast';
import { useAppNavigate } from './use-app-navigate';

function Links({ targets }: { targets: string[] }) {
  const go = useAppNavigate();
  return (
    <>
      {targets.map((to) => (
        <button key={to} type="button" onClick={() => void go(to)}>
          {`go ${to}`}
        </button>
      ))}
    </>
  );
}

const location = () => screen.getByTestId('location');

describe('useAppNavigate (SPEC 2 runtime rules)', () => {
  it('asks a visitor before /transfer and stays when cancelled', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<Links targets={['/transfer']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /transfer' }));
    expect(await screen.findByText(MSG.loginInvite)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(MSG.loginInvite)).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('asks a visitor before /hongbao and goes to /login when confirmed', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderPage(<Links targets={['/hongbao']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /hongbao' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
  });

  it('lets a member through and says 已在当前页面！ for the current path', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().setToken('tok');
    renderPage(<Links targets={['/transfer', '/']} />, { route: '/' });
    await user.click(screen.getByRole('button', { name: 'go /' }));
    expect(await findToast(MSG.alreadyOnPage)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'go /transfer' }));
    expect(location()).toHaveTextContent('/transfer');
  });
});
