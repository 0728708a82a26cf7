import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { endpointList } from '@h5/contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp, call, useTestApp } from '../../test/helper';
import type { AppConfig } from '../config';

const t = useTestApp();

/** A folder of built files (path: content) for one test, removed when it ends. */
function builtFolder(prefix: string, files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An app of this file's configuration serving built folders (webDist, adminDist), closed when the test ends. */
async function servingApp(dists: Partial<AppConfig>) {
  const app = await buildTestApp({ config: { ...t.config, ...dists } });
  onTestFinished(() => app.close());
  return app;
}

describe('the API envelope', () => {
  it('answers an unknown API path with code 404 and a Chinese message', async () => {
    expect(await call(t.app, '/api/no-such-thing')).toEqual({ code: 404, message: '接口不存在', data: null });
  });

  it('serves the site info of /api/app from the seeded settings', async () => {
    const answer = await call<Record<string, unknown>>(t.app, '/api/app');
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ title: '星河体育', site_state: 1, redpacket_switch: 1, fanshui: 1 });
  });

  it('refuses a body over the size limit with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_pc',
      payload: JSON.stringify({ name: 'a'.repeat(300 * 1024), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 400, message: '请求内容过大', data: null });
  });

  it('sends nosniff and a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app', payload: {} });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/docs', () => {
  it('documents every endpoint of the contract registry', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const ep of endpointList()) {
      expect(doc.paths[ep.path]?.[ep.method.toLowerCase()], ep.path).toBeDefined();
    }
  });
});

describe('security headers', () => {
  it('lets the sandbox page run only its own inline script, by nonce, and only inside our frames', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/aggregator/play?ticket=x' });
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const again = await t.app.inject({ method: 'GET', url: '/sandbox/aggregator/play?ticket=x' });
    expect(String(again.headers['content-security-policy'])).not.toContain(`nonce-${nonce}`);
  });
});

describe('the built web app', () => {
  it('serves / and hashed assets precompressed, caching assets for a year and revalidating index.html', async () => {
    const html = '<!doctype html><title>星河体育</title>';
    const js = 'console.log("app");'.repeat(50);
    const dist = builtFolder('h5-dist-', {
      'index.html': html,
      'index.html.br': brotliCompressSync(html),
      'assets/app-abc123.js': js,
      'assets/app-abc123.js.br': brotliCompressSync(js),
    });
    const web = await servingApp({ webDist: dist });
    const home = await web.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(String(home.headers['content-security-policy'])).toContain("script-src 'self'");
    const plain = await web.app.inject({ method: 'GET', url: '/' });
    expect(plain.body).toBe(html);
    const asset = await web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await web.app.inject({ method: 'GET', url: '/nope.js' })).statusCode).toBe(404);
  });
});

describe('the installable web app', () => {
  it('serves the manifest, the service worker and the icons with their types, the worker always revalidated', async () => {
    const dist = builtFolder('h5-dist-', {
      'index.html': '<!doctype html><title>星河体育</title>',
      'manifest.webmanifest': '{"name":"星河体育"}',
      'sw.js': 'self.addEventListener("fetch", () => {});',
      'icons/icon-192.png': Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    const web = await servingApp({ webDist: dist });
    const manifest = await web.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const worker = await web.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // A browser checks for a new worker on each visit; a long cache here would keep an old version running.
    expect(worker.headers['cache-control']).toBe('no-cache');
    const icon = await web.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
  });
});

describe('the built console at /admin/', () => {
  it('answers index.html for /admin/ and deep links, its assets cached long, and leaves API paths and the member app alone', async () => {
    const web = builtFolder('h5-web-', { 'index.html': '<!doctype html><title>会员</title>' });
    const admin = builtFolder('h5-admin-', {
      'index.html': '<!doctype html><title>运营后台</title>',
      'assets/console-abc123.js': 'console.log("console");',
    });
    const site = await servingApp({ webDist: web, adminDist: admin });
    for (const url of ['/admin/', '/admin', '/admin/members/12', '/admin/deposits?state=0']) {
      const page = await site.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('运营后台');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(String(page.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
    const asset = await site.app.inject({ method: 'GET', url: '/admin/assets/console-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await site.app.inject({ method: 'GET', url: '/admin/assets/gone-000.js' })).statusCode).toBe(404);
    expect(await call(site.app, '/admin/api/no-such-thing', {}, { method: 'GET' })).toMatchObject({ code: 404 });
    expect((await call(site.app, '/admin/api/login', { username: 'nobody', password: 'x' })).code).not.toBe(404);
    expect((await site.app.inject({ method: 'GET', url: '/' })).body).toContain('会员');
  });
});
