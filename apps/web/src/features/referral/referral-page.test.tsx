import { MSG } from '@h5/contract/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../shared/session/session-store';
import { mockApi, ok, renderPage, USER } from '../../shared/test/render';
import { findToast } from '../../shared/test/toast';
import { ReferralPage } from './referral-page';

describe('/referral', () => {
  it('shows the invite link, its QR code and the count; copying shows 复制成功！', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    useSessionStore.getState().setToken('tok');
    useSessionStore.getState().setUserInfo(USER as never);
    const link = 'http://h5.test/#/login?type=1&pid=42';
    mockApi({ '/api/referralinfo': () => ok({ pid: 42, link, invited: 5 }) });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    renderPage(<ReferralPage />, { route: '/referral' });
    expect(await screen.findByLabelText('邀请链接地址')).toHaveTextContent(link);
    expect(screen.getByRole('img', { name: '邀请二维码' })).toBeInTheDocument();
    expect(screen.getByLabelText('已邀请人数')).toHaveTextContent('5');
    await user.click(screen.getByRole('button', { name: '复制链接' }));
    expect(await findToast(MSG.copied)).toBeInTheDocument();
  });
});
