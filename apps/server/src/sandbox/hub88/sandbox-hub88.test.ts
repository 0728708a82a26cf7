import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberBalance, useOperators, useTestApp } from '../../../test/helper';
import { allowLoopbackPort } from '../../lib/outbound';
import { walletKit } from '../../modules/wallet/wallet-test-kit';
import {
  HUB88_GAME_LIST_PATH,
  type Hub88Operator,
  hub88GameList,
  hub88GameUrl,
} from '../../providers/venues/hub88/hub88-games-client';
import { hub88Sign } from '../../providers/venues/hub88/hub88-signature';
import {
  configureHub88SandboxVenue,
  SANDBOX_HUB88_PREFIX,
  type SandboxHub88VenueSettings,
} from './sandbox-hub88-routes';
import { sandboxHub88Operators, sandboxHub88Transactions } from './sandbox-hub88-tables';

/**
 * The Hub88 Games API client against the Hub88 sandbox aggregator, and the sandbox's game page playing against our
 * Wallet API, all over real HTTP (docs/venues.md "Hub88 Games API client" and "Hub88 sandbox aggregator").
 */
const VENUE = 'HSB';
const t = useTestApp();
const ops = useOperators(t, ['finance']);
const { member, launchToken, ledgerBalanced } = walletKit(t, () => ops.finance);

let settings: SandboxHub88VenueSettings;
let operator: Hub88Operator;
const options = () => ({ timeoutMs: 5_000, outbound: t.config.outbound });

beforeAll(async () => {
  settings = await configureHub88SandboxVenue(t.database.db, { venueCode: VENUE, origin: t.origin });
  operator = { baseUrl: settings.apiBaseUrl, operatorId: settings.operatorId, privateKey: settings.privateKey };
  // The venue row as the demo seeding would write it, written here in SQL: the venue rows are another area's.
  await t.database.db.execute(sql`
    INSERT INTO venues (code, name, platname, category_id, wallet_mode, api_base_url, protocol, operator_id,
      aggregator_public_key, private_key)
    VALUES (${VENUE}, 'Hub88 沙箱', ${VENUE}, 'electron', 'seamless', ${settings.apiBaseUrl}, 'hub88',
      ${settings.operatorId}, ${settings.aggregatorPublicKey}, ${settings.privateKey})`);
});

const stranger = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** A member with `amount` yuan and a live launch token at the venue. */
async function player(amount: string) {
  const m = await member(amount);
  const { token } = await launchToken(m.id, VENUE, 'electron');
  return { ...m, launchToken: token };
}

async function gameUrl(p: { name: string; launchToken: string }, gameCode = 'sbx_golden_dragon') {
  const answer = await hub88GameUrl(
    operator,
    {
      user: p.name,
      token: p.launchToken,
      game_code: gameCode,
      currency: 'CNY',
      lang: 'zh',
      lobby_url: `${t.origin}/`,
      ip: '10.1.2.3',
      country: 'CN',
    },
    options(),
  );
  if (!answer.ok) throw new Error(`game url: ${answer.reason}`);
  return answer.value.url;
}

/** The game page's 下注 as its script sends it (with the control token where the test picks the outcome). */
async function play(url: string, stake: string, outcome?: 'win' | 'lose') {
  const session = new URL(url).searchParams.get('session') ?? '';
  const res = await fetch(`${t.origin}${SANDBOX_HUB88_PREFIX}/play`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(outcome ? { authorization: `Bearer ${t.config.sandboxControlToken}` } : {}),
    },
    body: JSON.stringify({ session, stake, outcome }),
  });
  return { http: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the Hub88 Games API client at the Hub88 sandbox', () => {
  it('reads the signed game list: games of several categories with thumbnails the sandbox draws itself', async () => {
    const list = await hub88GameList(operator, options());
    expect(list.ok).toBe(true);
    if (!list.ok) return;
    expect(list.value.length).toBeGreaterThanOrEqual(6);
    expect(list.value.length).toBeLessThanOrEqual(10);
    expect(new Set(list.value.map((g) => g.category)).size).toBeGreaterThanOrEqual(3);
    for (const game of list.value) {
      expect(game).toMatchObject({ enabled: true, platforms: expect.arrayContaining(['GPL_MOBILE']) });
      expect(game.product).toBeTruthy();
      expect(game.url_thumb?.startsWith(`${t.origin}${SANDBOX_HUB88_PREFIX}/thumbs/`)).toBe(true);
    }
    const thumb = await fetch(list.value[0]!.url_thumb!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toContain('image/svg+xml');
    expect(await thumb.text()).toContain(list.value[0]!.name);
  });

  it('is refused by the sandbox when the body is unsigned, signed by another key or altered after signing', async () => {
    const url = `${settings.apiBaseUrl}${HUB88_GAME_LIST_PATH}`;
    const body = JSON.stringify({ operator_id: Number(settings.operatorId) });
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });

    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-hub88-signature': hub88Sign(stranger.privateKey, body) })).status).toBe(401);
    const altered = JSON.stringify({ operator_id: Number(settings.operatorId), product_code: 'x' });
    expect((await post({ 'x-hub88-signature': hub88Sign(settings.privateKey, body) }, altered)).status).toBe(401);
    expect((await post({ 'x-hub88-signature': hub88Sign(settings.privateKey, body) })).status).toBe(200);

    // Through the client with a key the sandbox does not know: a typed failure carrying the published error.
    const wrongKey = await hub88GameList({ ...operator, privateKey: stranger.privateKey }, options());
    expect(wrongKey).toEqual({ ok: false, reason: 'http_error', httpStatus: 401, error: 'invalid signature' });
  });

  it('gets a game URL that opens the sandbox game page, in Chinese, with nothing from elsewhere', async () => {
    const p = await player('10.00');
    const url = await gameUrl(p);
    expect(url.startsWith(`${t.origin}${SANDBOX_HUB88_PREFIX}/game?session=`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="zh-CN"');
    expect(html).toContain('下注');
    expect(html).not.toMatch(/(?:src|href)="(?!\/|http:\/\/127\.0\.0\.1)/);
    expect(html).not.toMatch(/src="https?:/);

    // An unknown game is the published 404 with its error; a tampered session opens no page.
    const unknown = await hub88GameUrl(
      operator,
      { user: p.name, token: p.launchToken, game_code: 'nope', currency: 'CNY', lang: 'zh', lobby_url: '', ip: '' },
      options(),
    );
    expect(unknown).toMatchObject({ ok: false, reason: 'http_error', httpStatus: 404 });
    expect((await fetch(`${url}x`)).status).toBe(403);
  });

  it('turns settings that cannot sign, a refused address and malformed answers into typed failures', async () => {
    expect(await hub88GameList({ ...operator, privateKey: 'not a key' }, options())).toEqual({
      ok: false,
      reason: 'not_configured',
    });
    expect(await hub88GameList({ ...operator, operatorId: 'abc' }, options())).toEqual({
      ok: false,
      reason: 'not_configured',
    });
    const production = { timeoutMs: 5_000, outbound: { allow: [], requireHttps: true } };
    expect(await hub88GameList(operator, production)).toEqual({ ok: false, reason: 'refused' });

    let answer = '';
    const scripted: Server = createServer((req, res) => {
      req.resume();
      // HOLD: no answer at all, as an aggregator that hangs.
      req.on('end', () => {
        if (answer !== 'HOLD') res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
    try {
      const port = (scripted.address() as AddressInfo).port;
      allowLoopbackPort(t.config.outbound, port);
      const elsewhere = { ...operator, baseUrl: `http://127.0.0.1:${port}` };
      const request = {
        user: 'someone',
        token: 'token-1234567',
        game_code: 'g',
        currency: 'CNY',
        lang: 'zh',
        lobby_url: '',
        ip: '',
      };

      answer = JSON.stringify([{ name: 1, game_code: 'x', enabled: true }]);
      expect(await hub88GameList(elsewhere, options())).toEqual({ ok: false, reason: 'malformed', httpStatus: 200 });
      answer = JSON.stringify({ games: [] });
      expect(await hub88GameList(elsewhere, options())).toMatchObject({ ok: false, reason: 'malformed' });
      answer = '<html>oops</html>';
      expect(await hub88GameList(elsewhere, options())).toMatchObject({ ok: false, reason: 'malformed' });
      answer = JSON.stringify({ url: 'javascript:alert(1)' });
      expect(await hub88GameUrl(elsewhere, request, options())).toMatchObject({ ok: false, reason: 'malformed' });
      answer = JSON.stringify({ link: 'http://127.0.0.1/game' });
      expect(await hub88GameUrl(elsewhere, request, options())).toMatchObject({ ok: false, reason: 'malformed' });
      answer = 'HOLD';
      expect(await hub88GameList(elsewhere, { ...options(), timeoutMs: 200 })).toEqual({
        ok: false,
        reason: 'timeout',
      });
      answer = JSON.stringify({ url: 'http://127.0.0.1/game' });
      expect(await hub88GameUrl(elsewhere, request, options())).toEqual({
        ok: true,
        value: { url: 'http://127.0.0.1/game' },
      });
    } finally {
      scripted.closeAllConnections();
      await new Promise<void>((resolve) => scripted.close(() => resolve()));
    }
  });
});

describe('the Hub88 sandbox game page against our Wallet API', () => {
  it("moves the member's balance by the bet and the win, to the cent", async () => {
    const p = await player('100.00');
    const url = await gameUrl(p);

    const won = await play(url, '12.34', 'win');
    expect(won).toEqual({
      http: 200,
      body: { ok: true, outcome: 'win', stake: '12.34', payout: '24.68', balance: '112.34' },
    });
    expect(await memberBalance(t, p.token)).toBe('112.34');

    const lost = await play(url, '5.01', 'lose');
    expect(lost.body).toEqual({ ok: true, outcome: 'lose', stake: '5.01', payout: '0.00', balance: '107.33' });
    expect(await memberBalance(t, p.token)).toBe('107.33');

    // More than the balance: the wallet refuses the bet and nothing moves.
    const refused = await play(url, '500.00', 'win');
    expect(refused.body).toMatchObject({ ok: false, status: 'RS_ERROR_NOT_ENOUGH_MONEY', message: '余额不足' });
    expect(await memberBalance(t, p.token)).toBe('107.33');

    // Without the control token the outcome is chance, and the books still agree with what the page was told.
    const chance = await play(url, '1.00');
    expect(chance.http).toBe(200);
    const expected = chance.body.outcome === 'win' ? '108.33' : '106.33';
    expect(chance.body.balance).toBe(expected);
    await ledgerBalanced();
  });

  it('rolls back a bet whose answer it cannot trust, and the member gets the stake back', async () => {
    const p = await player('20.00');
    const url = await gameUrl(p);
    const id = Number(settings.operatorId);
    const [kept] = await t.database.db
      .select({ key: sandboxHub88Operators.operatorPublicKey })
      .from(sandboxHub88Operators)
      .where(eq(sandboxHub88Operators.operatorId, id));
    // The sandbox now holds another key for us: none of our signed answers verifies.
    await t.database.db
      .update(sandboxHub88Operators)
      .set({ operatorPublicKey: stranger.publicKey })
      .where(eq(sandboxHub88Operators.operatorId, id));
    try {
      const doubtful = await play(url, '7.77', 'win');
      expect(doubtful).toEqual({ http: 502, body: { ok: false, message: '下注未确认，已撤销' } });
    } finally {
      await t.database.db
        .update(sandboxHub88Operators)
        .set({ operatorPublicKey: kept!.key })
        .where(eq(sandboxHub88Operators.operatorId, id));
    }
    expect(await memberBalance(t, p.token)).toBe('20.00');
    const result = (await t.database.db.execute(
      sql`SELECT action, amount FROM venue_wallet_transactions WHERE venue_code = ${VENUE} AND member_id = ${p.id} ORDER BY id`,
    )) as { rows: { action: string; amount: string }[] };
    expect(result.rows.map((r) => r.action)).toEqual(['bet', 'rollback']);
    await ledgerBalanced();
  });

  it('drops the answer to a bet on the timeout fault, rolls the bet back, and the member gets the stake back', async () => {
    const p = await player('20.00');
    const url = await gameUrl(p);
    const fault = { operator_id: Number(settings.operatorId), call: 'bet', mode: 'timeout' };
    const faults = (token?: string) =>
      fetch(`${t.origin}${SANDBOX_HUB88_PREFIX}/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(fault),
      });
    expect((await faults()).status).toBe(401);
    expect((await faults(t.config.sandboxControlToken)).status).toBe(200);

    expect(await play(url, '7.25', 'win')).toEqual({ http: 502, body: { ok: false, message: '下注未确认，已撤销' } });
    expect(await memberBalance(t, p.token)).toBe('20.00');
    const ours = (await t.database.db.execute(
      sql`SELECT action, amount FROM venue_wallet_transactions WHERE venue_code = ${VENUE} AND member_id = ${p.id} ORDER BY id`,
    )) as { rows: { action: string; amount: string }[] };
    expect(ours.rows.map((r) => [r.action, Number(r.amount)])).toEqual([
      ['bet', 7.25],
      ['rollback', 7.25],
    ]);
    const theirs = await t.database.db
      .select({ kind: sandboxHub88Transactions.kind, status: sandboxHub88Transactions.status })
      .from(sandboxHub88Transactions)
      .where(eq(sandboxHub88Transactions.user, p.name))
      .orderBy(sandboxHub88Transactions.id);
    expect(theirs).toEqual([
      { kind: 'bet', status: 'TS_DECLINED' },
      { kind: 'rollback', status: 'TS_SUCCESS' },
    ]);

    // Taken once: the next round plays as usual.
    expect((await play(url, '1.00', 'lose')).body).toMatchObject({ ok: true, balance: '19.00' });
    await ledgerBalanced();
  });

  it('refuses a play without a valid session or with a stake that is no amount', async () => {
    const p = await player('10.00');
    const url = await gameUrl(p);
    expect((await play(`${url.split('?')[0]}?session=bogus`, '1.00')).http).toBe(400);
    expect((await play(url, '-1')).http).toBe(400);
    expect((await play(url, '1.001')).http).toBe(400);
    expect(await memberBalance(t, p.token)).toBe('10.00');
  });
});
