import { MSG } from '@h5/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { clearToasts, findToast } from '../../shared/test/toast';
import { KefuPage } from './kefu-page';

const SERVICE_FAILURE = '系统繁忙，请稍后再试';

describe('/kefu', () => {
  afterEach(() => clearToasts());

  it('opens the online-service frame with the fetched address', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    mockApi({ '/api/getservicerurl': () => ok({ url: '/service/chat.html' }) });
    renderPage(<KefuPage />, { route: '/kefu' });
    await user.click(await screen.findByRole('button', { name: '联系在线客服' }));
    expect(await screen.findByTitle('在线客服')).toHaveAttribute('src', '/service/chat.html');
  });

  it('leads 意见反馈 to the feedback screen (docs/member-app.md "意见反馈")', async () => {
    mockApi({ '/api/getservicerurl': () => ok({ url: '' }) });
    renderPage(<KefuPage />, { route: '/kefu' });
    expect(await screen.findByRole('link', { name: '意见反馈' })).toHaveAttribute('href', '/feedback');
  });

  it.each([
    ['a failed getservicerurl', () => ({ code: 500, message: SERVICE_FAILURE, data: null })],
    ['an empty address', () => ok({ url: '' })],
  ])(
    'says 客服暂时不可用 after %s, and opens no frame (docs/member-app.md "States and transitions")',
    async (_case, answer) => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      mockApi({ '/api/getservicerurl': answer });
      renderPage(<KefuPage />, { route: '/kefu' });
      const button = await screen.findByRole('button', { name: '联系在线客服' });
      await waitFor(() => expect(button).toBeEnabled());
      await user.click(button);
      expect(await findToast(MSG.serviceUnavailable)).toBeInTheDocument();
      // It stays: no later toast (the server's own message) replaces it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getByText(MSG.serviceUnavailable)).toBeInTheDocument();
      expect(screen.queryByText(SERVICE_FAILURE)).not.toBeInTheDocument();
      expect(screen.queryByTitle('在线客服')).not.toBeInTheDocument();
    },
  );
});
