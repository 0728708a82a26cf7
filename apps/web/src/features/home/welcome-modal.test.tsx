import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import WelcomeModal, { WELCOME_SEEN_KEY } from './welcome-modal';

describe('the welcome modal', () => {
  it('is a dialog named by the site title, shows the operator text, and closes for the session', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<WelcomeModal title="星河体育" html="<p>欢迎光临</p>" />);
    const dialog = await screen.findByRole('dialog', { name: '星河体育' });
    expect(dialog).toHaveTextContent('欢迎光临');
    await user.click(screen.getByRole('button', { name: '我知道了' }));
    expect(sessionStorage.getItem(WELCOME_SEEN_KEY)).toBe('1');
    await waitFor(() => expect(screen.queryByText('欢迎光临')).not.toBeInTheDocument());
  });

  it('shows the operator HTML as the server cleaned it, takes the focus and closes on Escape', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<WelcomeModal title="星河体育" html="<p>首存<strong>加赠</strong></p>" />);
    const dialog = await screen.findByRole('dialog', { name: '星河体育' });
    expect(dialog.querySelector('strong')).toHaveTextContent('加赠');
    expect(screen.getByRole('button', { name: '我知道了' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(WELCOME_SEEN_KEY)).toBe('1');
  });

  it('stays closed once seen in this session', () => {
    sessionStorage.setItem(WELCOME_SEEN_KEY, '1');
    render(<WelcomeModal title="星河体育" html="<p>欢迎光临</p>" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('欢迎光临')).not.toBeInTheDocument();
  });
});
