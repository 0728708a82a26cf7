/**
 * The member app's service worker. The build (./plugin.ts) writes it to dist/sw.js as the source of this function,
 * called with the build's version and the files of the app shell; nothing outside the function is in scope there, so
 * it uses only its parameters and the platform.
 *
 * - The shell (index.html) is fetched from the network first and kept for starts without a network: a visit after a
 *   new build always opens the new shell, never a stale one, while an offline start opens the last shell seen.
 * - The build's files (assets/, hashed, never changing) come from the cache first and are kept as screens load them;
 *   the shell's own files, the manifest and the icons are stored when the worker installs.
 * - Everything else passes through untouched: API answers (/api/), uploads, the console at /admin/ and the server's
 *   own pages are never answered from or stored in the cache.
 * - A new version activates at once (skipWaiting, clients.claim) and drops the caches of the versions before it.
 */
export function serviceWorker(self: WorkerScope, version: string, precache: readonly string[]): void {
  const PREFIX = 'h5-shell-';
  const CACHE = PREFIX + version;
  const scope = new URL(self.registration.scope);
  const shell = scope.href;
  const precached = precache.map((file) => new URL(file, scope).href);

  const open = () => self.caches.open(CACHE);

  async function fromNetworkFirst(request: Request): Promise<Response> {
    try {
      const response = await self.fetch(request);
      if (response.ok && !response.redirected) await (await open()).put(shell, response.clone());
      return response;
    } catch (error) {
      const cached = await (await open()).match(shell);
      if (cached) return cached;
      throw error;
    }
  }

  async function fromCacheFirst(request: Request): Promise<Response> {
    const cache = await open();
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await self.fetch(request);
    if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
    return response;
  }

  self.addEventListener('install', (event: ExtendableEvent) => {
    event.waitUntil(
      open()
        // Through the HTTP cache: the hashed files the page has just loaded are not downloaded again, and the shell,
        // the manifest and the icons (served with no-cache) are revalidated.
        .then((cache) => cache.addAll(precached))
        .then(() => self.skipWaiting()),
    );
  });

  self.addEventListener('activate', (event: ExtendableEvent) => {
    event.waitUntil(
      self.caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => self.caches.delete(key)),
          ),
        )
        .then(() => self.clients.claim()),
    );
  });

  self.addEventListener('fetch', (event: FetchEvent) => {
    const request = event.request;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
    // API answers are the members' money and state: always the network's, never kept.
    if (/\/api\//.test(url.pathname)) return;
    const path = url.pathname.slice(scope.pathname.length);
    if (request.mode === 'navigate') {
      // The app has one page (a hash router); other pages under the scope (the console, service pages) are not ours.
      if (path === '' || path === 'index.html') event.respondWith(fromNetworkFirst(request));
      return;
    }
    if (path.startsWith('assets/') || precached.includes(url.href)) event.respondWith(fromCacheFirst(request));
  });
}

/** The events the worker handles, as far as it uses them. */
export interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

/** What the worker uses of its global scope (ServiceWorkerGlobalScope): a test runs it on a stand-in. */
export interface WorkerScope {
  registration: { scope: string };
  caches: Pick<CacheStorage, 'open' | 'keys' | 'delete'>;
  clients: { claim(): Promise<void> };
  fetch(request: Request): Promise<Response>;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

/** The source of dist/sw.js. */
export function serviceWorkerSource(version: string, precache: readonly string[]): string {
  return `(${serviceWorker.toString()})(self, ${JSON.stringify(version)}, ${JSON.stringify(precache)});\n`;
}
