import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/helper';

const t = useTestApp();

describe('the app download page (default ios_download_url)', () => {
  it('is served where the site setting points, with our CSP', async () => {
    const site = await call<{ ios_download_url: string; ios_download_qrcode: string }>(t.app, '/api/app');
    expect(site.data.ios_download_url).toBe('/app/download.html');
    const page = await t.app.inject({ method: 'GET', url: site.data.ios_download_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    // An install guide for the home-screen web app, in Chinese, with our art and a way into the site.
    expect(page.body).toContain('添加到主屏幕');
    expect(page.body).toContain('<svg');
    expect(page.body).toContain('href="/"');
    expect(page.body).not.toMatch(/<script/i);

    const qr = await t.app.inject({ method: 'GET', url: site.data.ios_download_qrcode });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
  });
});
