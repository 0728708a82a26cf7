import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

describe('/app (SPEC 2 app download)', () => {
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
});
