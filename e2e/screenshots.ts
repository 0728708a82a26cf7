// Takes the screenshots docs/screenshots.md shows, from the demo as `npm start` serves it: the member app's home, slot
// lobby and member centre at 375 px, and the console's 提款审核 at 1280 × 800. Run with `npm run screenshots` (it
// builds both front ends first); it starts its own server on a fresh embedded database, so the pictures are the same
// demo whoever takes them, and never touches ./data.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from './support/chromium';
import { embeddedServerEnv, waitForServer } from './support/embedded-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'screenshots');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'zh-CN' } as const;

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** Waits until the screen has its data: no request for half a second, no skeleton or spinner left. */
async function atRest(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .adm-skeleton, .ant-skeleton, .ant-spin-spinning'),
  );
  // Fades and carousels come to a stop.
  await page.waitForTimeout(800);
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'h5-screenshots-'));
  const port = 19_000 + Math.floor(Math.random() * 1000);
  const site = `http://127.0.0.1:${port}`;
  const env = embeddedServerEnv(dataDir, port);
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  // An operator for the console, made with the operator CLI before the server opens the embedded database.
  const created = execFileSync(tsx, ['apps/server/src/cli/operator.ts', 'create', 'screenshots', '--role', 'admin'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const password = /^password: (\S+)$/m.exec(created)?.[1];
  if (!password) throw new Error(`the operator CLI printed no password:\n${created}`);
  const server = spawn(tsx, ['apps/server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    await waitForServer(site, server, 120_000);
    mkdirSync(outDir, { recursive: true });
    const shoot = (page: Page, name: string) => page.screenshot({ path: path.join(outDir, `${name}.png`) });

    // The member app, first as a visitor (home, slot lobby), then signed in (member centre).
    const visitor = await browser.newContext(PHONE);
    const phone = await visitor.newPage();
    await phone.goto(`${site}/#/`);
    await phone
      .getByRole('button', { name: '我知道了' })
      .click({ timeout: 5000 })
      .catch(() => undefined);
    await atRest(phone);
    await shoot(phone, 'member-home');
    await phone.goto(`${site}/#/concise`);
    await atRest(phone);
    await shoot(phone, 'member-slot-lobby');

    const name = `shot${Date.now().toString(36)}`.slice(0, 12);
    const { api_token: token } = await postJson<{ api_token: string }>(`${site}/api/register`, {
      name,
      password: 'secret123',
      confirmPass: 'secret123',
      realname: '张三',
      paypassword: 'pay123456',
      code: 'AB12',
    });
    const member = await browser.newContext(PHONE);
    await member.addInitScript((token) => sessionStorage.setItem('token', token), token);
    const centre = await member.newPage();
    await centre.goto(`${site}/#/mine`);
    await atRest(centre);
    await shoot(centre, 'member-centre');

    // The console, signed in through its API as the console keeps a session, on the demo month's withdrawals.
    const device = randomUUID();
    const session = await postJson<{ token: string; role: string; username: string }>(
      `${site}/admin/api/login`,
      { username: 'screenshots', password },
      { 'x-console-device': device },
    );
    const desk = await browser.newContext(DESKTOP);
    await desk.addInitScript(
      ({ session, device }) => {
        localStorage.setItem('admin.session', JSON.stringify(session));
        localStorage.setItem('console-device', device);
      },
      { session: { token: session.token, role: session.role, username: session.username }, device },
    );
    const review = await desk.newPage();
    await review.goto(`${site}/admin/withdrawals`);
    await review.getByRole('heading', { name: '提款审核', level: 1 }).waitFor();
    await atRest(review);
    await shoot(review, 'console-withdrawals');
    process.stdout.write(`Wrote the screenshots to ${path.relative(root, outDir)}/\n`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
