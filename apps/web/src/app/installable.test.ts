import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { ICONS, renderIcon, THEME_COLOUR, webManifest } from '../../scripts/pwa/plugin';
import {
  type ExtendableEvent,
  type FetchEvent,
  serviceWorker,
  type WorkerScope,
} from '../../scripts/pwa/service-worker';

const ORIGIN = 'https://h5.example.com';
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the web app manifest and icons', () => {
  it('opens standalone on the hash router home, in the colours the page paints first', () => {
    const manifest = webManifest();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: './#/', scope: './', name: '星河体育' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const html = readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOUR}" />`);
    expect(manifest.theme_color).toBe(THEME_COLOUR);
    expect(manifest.background_color).toBe(THEME_COLOUR);
    expect(manifest.icons).toEqual([
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('draws every icon from our art as a PNG of its size; the full-bleed ones have no transparent corner', () => {
    expect(ICONS.map((icon) => icon.size)).toEqual([192, 512, 512, 180]);
    for (const icon of ICONS) {
      const png = renderIcon(icon);
      expect(png.subarray(0, 8).toString('hex'), icon.file).toBe('89504e470d0a1a0a');
      // IHDR: width and height, big-endian, right after the chunk's length and name.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.file).toEqual([icon.size, icon.size]);
    }
    // Alpha of the top-left pixel: the rounded tile leaves its corner clear, the full-bleed art (maskable, iOS) fills it.
    const cornerAlpha = (art: string) =>
      new Resvg(readFileSync(path.join(web, 'scripts/pwa', art), 'utf8'), {
        fitTo: { mode: 'width', value: 64 },
      }).render().pixels[3];
    expect(cornerAlpha('icon.svg')).toBe(0);
    expect(cornerAlpha('icon-maskable.svg')).toBe(255);
    expect(ICONS.filter((icon) => icon.purpose === 'maskable' || icon.size === 180).map((icon) => icon.art)).toEqual([
      'icon-maskable.svg',
      'icon-maskable.svg',
    ]);
  });
});

/** A stand-in for the worker's global scope: caches in memory, a network that answers from `site` or is down. */
function workerScope(site: Map<string, () => Response>, shared = new Map<string, Map<string, Response>>()) {
  const listeners: Record<string, (event: never) => void> = {};
  const network: string[] = [];
  let online = true;
  const cacheOf = (name: string) => {
    if (!shared.has(name)) shared.set(name, new Map());
    const entries = shared.get(name)!;
    const key = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));
    return {
      match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => void entries.set(key(request), response),
      addAll: async (requests: RequestInfo[]) => {
        for (const request of requests) entries.set(key(request), await scope.fetch(new Request(key(request))));
      },
    } as unknown as Cache;
  };
  const scope: WorkerScope = {
    registration: { scope: `${ORIGIN}/` },
    caches: {
      open: async (name) => cacheOf(name),
      keys: async () => [...shared.keys()],
      delete: async (name) => shared.delete(name),
    },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    fetch: async (request) => {
      network.push(`${request.method} ${request.url}`);
      if (!online) throw new TypeError('Failed to fetch');
      const answer = site.get(request.url);
      return answer ? answer() : new Response('not found', { status: 404 });
    },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
  };
  const lifecycle = async (type: 'install' | 'activate') => {
    const waits: Promise<unknown>[] = [];
    const event: ExtendableEvent = { waitUntil: (p) => void waits.push(p) };
    listeners[type]!(event as never);
    await Promise.all(waits);
  };
  /** A request through the worker: its answer, or null when the worker left it to the browser. */
  const request = async (url: string, init: RequestInit & { navigate?: boolean } = {}) => {
    let answer: Promise<Response> | null = null;
    const req = new Request(`${ORIGIN}${url}`, init);
    // Request's constructor refuses mode 'navigate'; the browser sets it on page loads.
    if (init.navigate) Object.defineProperty(req, 'mode', { value: 'navigate' });
    const event: FetchEvent = { request: req, respondWith: (r) => void (answer = r) };
    listeners.fetch!(event as never);
    return answer ? await (answer as Promise<Response>) : null;
  };
  return {
    scope,
    caches: shared,
    network,
    lifecycle,
    request,
    setOnline: (value: boolean) => void (online = value),
  };
}

const page = (body: string) => () => new Response(body, { headers: { 'content-type': 'text/html' } });
const script = (body: string) => () => new Response(body, { headers: { 'content-type': 'text/javascript' } });
const json = (body: unknown) => () => Response.json(body);

function site(shell: string) {
  return new Map<string, () => Response>([
    [`${ORIGIN}/`, page(shell)],
    [`${ORIGIN}/assets/index-a.js`, script('entry a')],
    [`${ORIGIN}/assets/index-b.js`, script('entry b')],
    [`${ORIGIN}/assets/lazy-a.js`, script('lazy a')],
    [`${ORIGIN}/manifest.webmanifest`, json({ name: '星河体育' })],
    [`${ORIGIN}/api/app`, json({ code: 200, data: { title: 'first' } })],
    [`${ORIGIN}/api/balance`, json({ code: 200, data: { balance: '1.00' } })],
    [`${ORIGIN}/admin/`, page('console')],
  ]);
}

const everyCachedUrl = (caches: Map<string, Map<string, Response>>) =>
  [...caches.values()].flatMap((c) => [...c.keys()]);

describe('the service worker', () => {
  it('keeps the shell and its files when it installs, and opens the last shell seen without a network', async () => {
    const sw = workerScope(site('<html>shell a</html>'));
    serviceWorker(sw.scope, 'a', ['./', 'manifest.webmanifest', 'assets/index-a.js']);
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    expect(everyCachedUrl(sw.caches).sort()).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/assets/index-a.js`,
      `${ORIGIN}/manifest.webmanifest`,
    ]);

    sw.setOnline(false);
    expect(await (await sw.request('/', { navigate: true }))!.text()).toBe('<html>shell a</html>');
    expect(await (await sw.request('/assets/index-a.js'))!.text()).toBe('entry a');
    // A screen not visited before is not there offline: the browser's own error, not an invented answer.
    await expect(sw.request('/assets/lazy-a.js')).rejects.toThrow('Failed to fetch');
  });

  it('never answers nor stores an API call, online or offline, nor the console and other pages', async () => {
    const sw = workerScope(site('<html>shell a</html>'));
    serviceWorker(sw.scope, 'a', ['./']);
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    expect(await sw.request('/api/app')).toBeNull();
    expect(await sw.request('/api/balance', { method: 'POST', body: '{}' })).toBeNull();
    expect(await sw.request('/api/app', { navigate: true })).toBeNull();
    expect(await sw.request('/admin/', { navigate: true })).toBeNull();
    expect(await sw.request('/uploads/a.png')).toBeNull();
    sw.setOnline(false);
    expect(await sw.request('/api/app')).toBeNull();
    expect(
      everyCachedUrl(sw.caches).filter((url) => !url.startsWith(`${ORIGIN}/assets/`) && url !== `${ORIGIN}/`),
    ).toEqual([]);
  });

  it('keeps the build files screens load, and answers them from the cache after', async () => {
    const sw = workerScope(site('<html>shell a</html>'));
    serviceWorker(sw.scope, 'a', ['./']);
    await sw.lifecycle('install');
    expect(await (await sw.request('/assets/lazy-a.js'))!.text()).toBe('lazy a');
    sw.network.length = 0;
    expect(await (await sw.request('/assets/lazy-a.js'))!.text()).toBe('lazy a');
    expect(sw.network).toEqual([]);
  });

  it('opens a new build on the next visit, never the stale shell, and the new worker drops the old caches', async () => {
    const caches = new Map<string, Map<string, Response>>();
    const before = workerScope(site('<html>shell a</html>'), caches);
    serviceWorker(before.scope, 'a', ['./', 'assets/index-a.js']);
    await before.lifecycle('install');
    await before.lifecycle('activate');

    // A new build is deployed; the old worker still controls the next visit while the browser fetches the new one.
    const after = site('<html>shell b</html>');
    const old = workerScope(after, caches);
    serviceWorker(old.scope, 'a', ['./', 'assets/index-a.js']);
    expect(await (await old.request('/', { navigate: true }))!.text()).toBe('<html>shell b</html>');
    expect(await (await old.request('/assets/index-b.js'))!.text()).toBe('entry b');

    const next = workerScope(after, caches);
    serviceWorker(next.scope, 'b', ['./', 'assets/index-b.js']);
    await next.lifecycle('install');
    await next.lifecycle('activate');
    expect([...caches.keys()]).toEqual(['h5-shell-b']);
    next.setOnline(false);
    expect(await (await next.request('/', { navigate: true }))!.text()).toBe('<html>shell b</html>');
  });
});
