// Page weight as a browser sees it: first visits (phone viewport, empty cache) in Chromium against the real server
// with its demo content. Every script and stylesheet the page fetches until the network is quiet counts, with the
// HTML page (which carries the inlined CSS), at gzip -9. Each visit has its budget: home (measured with the welcome
// modal open: the demo's index_modal is 1) 100 KB; /login, /register, /activity, /mine and /payInfo (a member whose
// tab still holds its session; /payInfo shows an alipay deposit the member has just started) 110 KB each. Also prints
// the largest lazy route on top of the entry (from the build manifest).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { exitIfOverBudget, post, registerMembers, root, startEmbeddedServer, waitForHttp } from './support';

/** The network counts as quiet after this long without a request in flight. */
const QUIET_MS = 1000;
const dist = path.join(root, 'apps/web/dist');

interface Fetched {
  url: string;
  kind: 'html' | 'js' | 'css';
  bytes: number;
}

function kindOf(response: Response): Fetched['kind'] | null {
  const type = response.headers()['content-type'] ?? '';
  if (type.includes('text/html')) return 'html';
  if (type.includes('javascript')) return 'js';
  if (type.includes('text/css')) return 'css';
  return null;
}

const gzip9 = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** One first visit: where it lands, what shows that the screen is there, the member session its tab holds, its budget. */
interface Visit {
  label: string;
  hash: (member: Member) => string;
  ready: (page: Page) => Locator;
  member?: boolean;
  budgetKb: number;
}

/** The member the logged-in visits use, and the deposit /payInfo shows. */
interface Member {
  token: string;
  depositNo: string;
}

const VISITS: readonly Visit[] = [
  {
    label: 'home, welcome modal open',
    hash: () => '',
    ready: (page) => page.getByRole('dialog').first(),
    budgetKb: 100,
  },
  { label: '/login', hash: () => '#/login', ready: (page) => page.getByRole('tabpanel'), budgetKb: 110 },
  {
    label: '/register',
    hash: () => '#/register',
    ready: (page) => page.getByRole('form', { name: '注册' }),
    budgetKb: 110,
  },
  {
    label: '/activity',
    hash: () => '#/activity',
    ready: (page) => page.getByRole('main', { name: '优惠活动' }),
    budgetKb: 110,
  },
  {
    label: '/mine, logged in',
    hash: () => '#/mine',
    ready: (page) => page.getByRole('region', { name: '账户信息' }),
    member: true,
    budgetKb: 110,
  },
  {
    label: '/payInfo, logged in',
    hash: (m) => `#/payInfo?deposit_no=${encodeURIComponent(m.depositNo)}`,
    ready: (page) => page.getByRole('main', { name: '支付信息' }),
    member: true,
    budgetKb: 110,
  },
];

async function measureFirstVisit(browser: Browser, base: string, visit: Visit, member: Member): Promise<Fetched[]> {
  // A fresh context per visit: an empty cache, and no storage left by another visit.
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  try {
    // The session lives in the tab's sessionStorage, so a member's visit starts with it there.
    if (visit.member) await context.addInitScript((t) => sessionStorage.setItem('token', t), member.token);
    const page = await context.newPage();
    const fetched: Promise<Fetched | null>[] = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const settle = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    page.on('request', () => {
      inFlight += 1;
      lastActivity = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.on('response', (response) => {
      const kind = kindOf(response);
      if (!kind) return;
      // The body as sent, decoded: what a browser parses, compressed the same way for every file.
      fetched.push(
        response.body().then(
          (body) => ({ url: response.url(), kind, bytes: gzip9(body) }),
          () => null,
        ),
      );
    });

    await page.goto(`${base}/${visit.hash(member)}`, { waitUntil: 'load' });
    await visit.ready(page).waitFor({ timeout: 30_000 });
    while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    return (await Promise.all(fetched)).filter((f): f is Fetched => f !== null);
  } finally {
    await context.close();
  }
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** The largest lazy route's own files (those not already in the entry), at gzip -9. */
function largestLazyRoute(): { key: string; bytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const files = (keys: Set<string>) =>
    new Set([...keys].flatMap((k) => (manifest[k] ? [manifest[k].file, ...(manifest[k].css ?? [])] : [])));
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const entryFiles = entryKey ? files(closure(entryKey)) : new Set<string>();
  let largest = { key: '', bytes: 0 };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [...files(closure(key))].filter((f) => !entryFiles.has(f));
    const bytes = own.reduce((sum, f) => sum + gzip9(readFileSync(path.join(dist, f))), 0);
    if (bytes > largest.bytes) largest = { key, bytes };
  }
  return largest;
}

if (!existsSync(path.join(dist, '.vite/manifest.json'))) {
  console.error('No web build: run `npm run build -w apps/web` first.');
  process.exit(2);
}

const { server, base, stop } = startEmbeddedServer(18_960, 'page-weight');

let over = false;
try {
  await waitForHttp(`${base}/api/app`, server);
  const [token = ''] = await registerMembers(base, 1, 'weight');
  // An online deposit, as /recharge starts one: /payInfo is where the member is sent next.
  const deposit = await post<{ deposit_no: string }>(
    base,
    '/api/recharge',
    { paytype: 'alipay', amount: '300' },
    token,
  );
  if (deposit.code !== 200) throw new Error(`recharge: ${deposit.message}`);
  const member: Member = { token, depositNo: deposit.data.deposit_no };
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const summary: string[] = [];
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const visit of VISITS) {
      const files = await measureFirstVisit(browser, base, visit, member);
      const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
      const budget = visit.budgetKb * 1024;
      if (bytes > budget) over = true;
      console.log(`\nfirst visit to ${visit.label}:`);
      for (const f of [...files].sort((a, b) => b.bytes - a.bytes)) {
        console.log(`  ${kb(f.bytes).padStart(9)}  ${f.kind.padEnd(4)} ${new URL(f.url).pathname}`);
      }
      const line =
        `first visit to ${visit.label} (gzip -9, ${files.length} files until the network is quiet): ${kb(bytes)}` +
        `  budget ${kb(budget)}${bytes > budget ? '  OVER' : ''}`;
      console.log(line);
      summary.push(line);
    }
  } finally {
    await browser.close();
  }
  const lazy = largestLazyRoute();
  console.log(`\n${summary.join('\n')}`);
  console.log(`largest route on top of the entry: ${lazy.key || '(none)'} ${kb(lazy.bytes)}`);
} finally {
  await stop();
}
exitIfOverBudget(over);
