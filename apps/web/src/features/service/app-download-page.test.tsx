import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '../../shared/pwa/install-prompt';
import { DEFAULT_SITE_INFO } from '../../shared/site/use-site-info';
import { mockApi, ok, renderPage } from '../../shared/test/render';
import { AppDownloadPage } from './app-download-page';

const site = (over: Partial<typeof DEFAULT_SITE_INFO>) =>
  mockApi({
    '/api/app': () =>
      ok({
        ...DEFAULT_SITE_INFO,
        title: '星河体育',
        h5_url: 'http://h5.example.com/',
        ios_download_url: '/app/download.html',
        ios_download_qrcode: '/art/app-qrcode.svg',
        ...over,
      }),
  });

describe('/app (docs/member-app.md "Layout": app download)', () => {
  it('shows the QR image of ios_download_qrcode and its button goes to /gamePage?app=1', async () => {
    const user = userEvent.setup();
    site({});
    renderPage(<AppDownloadPage />, { route: '/app' });
    const qr = await screen.findByRole('img', { name: '扫码下载星河体育APP' });
    expect(qr).toHaveAttribute('src', '/art/app-qrcode.svg');
    await user.click(screen.getByRole('button', { name: '立即下载' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/gamePage\?app=1$/));
  });

  it('draws a QR code of the download address when no QR image is set', async () => {
    site({ ios_download_qrcode: '' });
    renderPage(<AppDownloadPage />, { route: '/app' });
    const drawn = await screen.findByTitle('扫码下载星河体育APP');
    expect(drawn.closest('svg')).not.toBeNull();
  });

  it('添加到主屏幕 opens the install prompt of the browser where it offers one', async () => {
    captureInstallPrompt();
    site({});
    renderPage(<AppDownloadPage />, { route: '/app' });
    const install = await screen.findByRole('region', { name: '添加到主屏幕' });
    expect(install).toHaveTextContent('在浏览器菜单中选择「添加到主屏幕」');

    const prompt = vi.fn(async () => undefined);
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    act(() => void dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '添加到主屏幕' }));
    expect(prompt).toHaveBeenCalledOnce();
    // A prompt is shown once: the page falls back to the instructions.
    expect(screen.queryByRole('button', { name: '添加到主屏幕' })).toBeNull();
  });

  it('tells iPhone users how to add it from the share sheet of Safari, even without download addresses', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    site({ ios_download_qrcode: '', ios_download_url: '' });
    renderPage(<AppDownloadPage />, { route: '/app' });
    const install = await screen.findByRole('region', { name: '添加到主屏幕' });
    expect(install).toHaveTextContent('点按底部的「分享」按钮');
    expect(install).toHaveTextContent('选择「添加到主屏幕」');
    expect(screen.getByText('暂无下载地址')).toBeInTheDocument();
  });
});
