import { generateKeyPairSync } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, buildTestApp, call, memberBalance, useOperators, useTestApp } from '../../../test/helper';
import { games, slotGames } from '../../db/tables/content';
import { venues } from '../../db/tables/venues';
import { categoryOfHub88 } from '../../modules/content/venue-catalogue';
import { walletKit } from '../../modules/wallet/wallet-test-kit';
import { SANDBOX_HUB88_GAMES, type SandboxHub88Game } from '../hub88/sandbox-hub88-catalogue';
import { SANDBOX_HUB88_PREFIX } from '../hub88/sandbox-hub88-routes';
import { HUB88_DEMO_VENUE } from './content-seed';
import { connectHub88DemoVenue, syncHub88DemoCatalogue } from './hub88-demo-venue';

/**
 * The demo's Hub88 venue end to end over real HTTP (docs/venues.md "Hub88 catalogue" and "Venue protocols"): its
 * catalogue comes in from the Hub88 sandbox through the Games API, a member's launch asks the sandbox for the game
 * URL, and the sandbox's game page plays against our Wallet API.
 */
const CODE = HUB88_DEMO_VENUE.code;
const t = useTestApp();
const ops = useOperators(t, ['finance', 'content']);
const { member, ledgerBalanced } = walletKit(t, () => ops.finance);
const sync = () => syncHub88DemoCatalogue({ db: t.database.db, outbound: t.config.outbound, timeoutMs: 5_000 });

beforeAll(async () => {
  await connectHub88DemoVenue(t.database.db, t.origin, { create: true });
});

/** /api/getGameUrl over HTTP, as the member app sends it. */
async function launch(token: string, gameCode: string) {
  const res = await fetch(`${t.origin}/api/getGameUrl`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ plat_name: CODE, game_type: gameCode, game_code: gameCode, is_mobile_url: 1 }),
  });
  return {
    http: res.status,
    body: (await res.json()) as { code: number; message: string; data: { url?: string; venue_name?: string } },
  };
}

/** The sandbox game page's 下注, with the control token picking the outcome. */
async function play(url: string, stake: string, outcome: 'win' | 'lose') {
  const session = new URL(url).searchParams.get('session') ?? '';
  const res = await fetch(`${t.origin}${SANDBOX_HUB88_PREFIX}/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.config.sandboxControlToken}` },
    body: JSON.stringify({ session, stake, outcome }),
  });
  return (await res.json()) as Record<string, unknown>;
}

const slotList = async () =>
  (
    await call<{ gamecode: string; gamename: string; gamepic: string }[]>(t.app, '/api/gamelistBycode', {
      gamecode: CODE,
    })
  ).data;

const homeTiles = async () =>
  (
    await call<{ platform_name: string; game_code: string; category_id: string; app_state: number }[]>(
      t.app,
      '/api/game/list',
      {},
      { method: 'GET' },
    )
  ).data.filter((g) => g.platform_name === CODE);

describe('the demo Hub88 venue', () => {
  it('is a seamless hub88 venue with its home tile, and its catalogue sync brings the sandbox games in', async () => {
    const [venue] = await t.database.db.select().from(venues).where(eq(venues.code, CODE));
    expect(venue).toMatchObject({
      name: '环球电子',
      walletMode: 'seamless',
      protocol: 'hub88',
      categoryId: 'concise',
      apiBaseUrl: `${t.origin}${SANDBOX_HUB88_PREFIX}`,
    });

    expect(await sync()).toEqual({ ok: true, listed: 8, added: 8, updated: 0, hidden: 0, skipped: 0 });
    const slots = SANDBOX_HUB88_GAMES.filter((g) => categoryOfHub88(g.category) === 'concise');
    const tables = SANDBOX_HUB88_GAMES.filter((g) => categoryOfHub88(g.category) === 'realbet');
    expect(slots.length + tables.length).toBe(8);
    expect(await slotList()).toEqual(
      slots.map((g) => ({
        catecode: CODE,
        gamecode: g.game_code,
        gamename: g.name,
        // Our own icon: the aggregator's thumbnail address is never shown to members.
        gamepic: `/art/slots/${CODE}/${g.game_code}.svg`,
      })),
    );
    const tiles = await homeTiles();
    expect(tiles).toEqual([
      expect.objectContaining({ game_code: CODE, category_id: 'concise', app_state: 1 }),
      ...tables.map((g) => expect.objectContaining({ game_code: g.game_code, category_id: 'realbet', app_state: 1 })),
    ]);
    const [provider] = await t.database.db
      .select({ provider: slotGames.provider })
      .from(slotGames)
      .where(and(eq(slotGames.catecode, CODE), eq(slotGames.gamecode, slots[0]!.game_code)));
    expect(provider?.provider).toBe(slots[0]!.product);

    // Again, unchanged: every game is updated in place, none added twice.
    expect(await sync()).toEqual({ ok: true, listed: 8, added: 0, updated: 8, hidden: 0, skipped: 0 });
  });

  it("launches through the sandbox's game URL, and the game page's bet and win move the balance exactly", async () => {
    const m = await member('100.00');
    const launched = await launch(m.token, 'sbx_golden_dragon');
    expect(launched.http).toBe(200);
    expect(launched.body.code).toBe(200);
    const url = launched.body.data.url ?? '';
    expect(url.startsWith(`${t.origin}${SANDBOX_HUB88_PREFIX}/game?session=`)).toBe(true);
    // Named for the game frame's title: a seamless venue is not among /api/balancelist's names.
    expect(launched.body.data.venue_name).toBe('环球电子');
    expect((await fetch(url)).status).toBe(200);

    expect(await play(url, '12.34', 'win')).toMatchObject({ ok: true, payout: '24.68', balance: '112.34' });
    expect(await memberBalance(t, m.token)).toBe('112.34');
    expect(await play(url, '5.01', 'lose')).toMatchObject({ ok: true, payout: '0.00', balance: '107.33' });
    expect(await memberBalance(t, m.token)).toBe('107.33');
    await ledgerBalanced();
  });

  it('answers the member a Chinese refusal, not a server error, when the aggregator refuses the launch', async () => {
    const m = await member('10.00');
    const [venue] = await t.database.db.select().from(venues).where(eq(venues.code, CODE));
    const stranger = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    // A key the sandbox does not know: it answers 401 to the game URL call.
    await t.database.db.update(venues).set({ privateKey: stranger.privateKey }).where(eq(venues.code, CODE));
    try {
      const refused = await launch(m.token, 'sbx_golden_dragon');
      expect(refused.http).toBe(200);
      expect(refused.body).toMatchObject({ code: BizCode.TRANSFER_REFUSED, message: MSG.venueNotAnswering });
    } finally {
      await t.database.db.update(venues).set({ privateKey: venue!.privateKey }).where(eq(venues.code, CODE));
    }
    // An unknown game is refused the same way.
    expect((await launch(m.token, 'no_such_game')).body).toMatchObject({
      code: BizCode.TRANSFER_REFUSED,
      message: MSG.venueNotAnswering,
    });
    expect(await memberBalance(t, m.token)).toBe('10.00');
  });

  it('hides a game the aggregator no longer lists, keeping its row, and shows it again when it returns', async () => {
    await sync();
    // The sandbox's list without one slot game and one table game, as an aggregator that dropped them.
    const list = SANDBOX_HUB88_GAMES as SandboxHub88Game[];
    const original = [...list];
    list.splice(0, list.length, ...original.filter((g) => !['sbx_scratch', 'sbx_roulette'].includes(g.game_code)));
    try {
      expect(await sync()).toEqual({ ok: true, listed: 6, added: 0, updated: 6, hidden: 2, skipped: 0 });
      expect((await slotList()).map((g) => g.gamecode)).not.toContain('sbx_scratch');
      const tile = (await homeTiles()).find((g) => g.game_code === 'sbx_roulette');
      expect(tile?.app_state).toBe(0);
      const kept = await t.database.db
        .select({ appState: slotGames.appState })
        .from(slotGames)
        .where(and(eq(slotGames.catecode, CODE), eq(slotGames.gamecode, 'sbx_scratch')));
      expect(kept).toEqual([{ appState: 0 }]);
      // The venue's own tile is not the catalogue's: it stays shown.
      const [own] = await t.database.db
        .select({ appState: games.appState })
        .from(games)
        .where(and(eq(games.platformName, CODE), eq(games.gameCode, CODE)));
      expect(own?.appState).toBe(1);
    } finally {
      list.splice(0, list.length, ...original);
    }
    expect(await sync()).toEqual({ ok: true, listed: 8, added: 0, updated: 8, hidden: 0, skipped: 0 });
    expect((await slotList()).map((g) => g.gamecode)).toContain('sbx_scratch');
  });

  it('never shows a game an operator hid, and shows again only what the sync itself hid', async () => {
    await sync();
    const db = t.database.db;
    const [roulette] = await db
      .select()
      .from(games)
      .where(and(eq(games.platformName, CODE), eq(games.gameCode, 'sbx_roulette')));
    const tileEdit = (appState: number) =>
      adminCall(t, ops.content, 'PUT', `/admin/api/games/${roulette!.id}`, {
        name: roulette!.name,
        category_id: roulette!.categoryId,
        platform_name: roulette!.platformName,
        game_code: roulette!.gameCode,
        mobile_img: roulette!.mobileImg,
        sort: roulette!.sort,
        app_state: appState,
      });
    const slotState = async (code: string) =>
      (
        await db
          .select({ appState: slotGames.appState, hiddenBySync: slotGames.hiddenBySync })
          .from(slotGames)
          .where(and(eq(slotGames.catecode, CODE), eq(slotGames.gamecode, code)))
      )[0];
    // The operator hides the table game in the console; a slot game is hidden by hand too (the slot list has no
    // console form: a hidden row without the sync's mark is the operator's).
    expect((await tileEdit(0)).code).toBe(200);
    await db
      .update(slotGames)
      .set({ appState: 0 })
      .where(and(eq(slotGames.catecode, CODE), eq(slotGames.gamecode, 'sbx_scratch')));
    try {
      // Still listed by the aggregator: they stay hidden.
      expect(await sync()).toEqual({ ok: true, listed: 8, added: 0, updated: 8, hidden: 0, skipped: 0 });
      expect((await homeTiles()).find((g) => g.game_code === 'sbx_roulette')?.app_state).toBe(0);
      expect((await slotList()).map((g) => g.gamecode)).not.toContain('sbx_scratch');

      // Dropped and listed again, with another slot game the sync hides: only that one comes back.
      const list = SANDBOX_HUB88_GAMES as SandboxHub88Game[];
      const original = [...list];
      const dropped = ['sbx_scratch', 'sbx_roulette', 'sbx_rocket'];
      list.splice(0, list.length, ...original.filter((g) => !dropped.includes(g.game_code)));
      try {
        expect(await sync()).toEqual({ ok: true, listed: 5, added: 0, updated: 5, hidden: 1, skipped: 0 });
        expect(await slotState('sbx_rocket')).toEqual({ appState: 0, hiddenBySync: true });
        expect(await slotState('sbx_scratch')).toEqual({ appState: 0, hiddenBySync: false });
      } finally {
        list.splice(0, list.length, ...original);
      }
      expect(await sync()).toEqual({ ok: true, listed: 8, added: 0, updated: 8, hidden: 0, skipped: 0 });
      expect(await slotState('sbx_rocket')).toEqual({ appState: 1, hiddenBySync: false });
      const shown = (await slotList()).map((g) => g.gamecode);
      expect(shown).toContain('sbx_rocket');
      expect(shown).not.toContain('sbx_scratch');
      expect((await homeTiles()).find((g) => g.game_code === 'sbx_roulette')?.app_state).toBe(0);

      // The operator shows the tile again: the sync keeps it shown.
      expect((await tileEdit(1)).code).toBe(200);
      await sync();
      expect((await homeTiles()).find((g) => g.game_code === 'sbx_roulette')?.app_state).toBe(1);
    } finally {
      await tileEdit(1);
      await db
        .update(slotGames)
        .set({ appState: 1 })
        .where(and(eq(slotGames.catecode, CODE), eq(slotGames.gamecode, 'sbx_scratch')));
    }
  });

  it('follows the server address at a later start and creates nothing more', async () => {
    await connectHub88DemoVenue(t.database.db, 'http://127.0.0.1:9', { create: true });
    const rows = await t.database.db.select().from(venues).where(eq(venues.code, CODE));
    expect(rows.map((r) => r.apiBaseUrl)).toEqual([`http://127.0.0.1:9${SANDBOX_HUB88_PREFIX}`]);
    await connectHub88DemoVenue(t.database.db, t.origin, { create: false });
    expect((await sync()).ok).toBe(true);
  });
});

describe('a production install (SANDBOX=0)', () => {
  it('serves nothing under /sandbox/hub88/', async () => {
    const prod = await buildTestApp({ config: { sandbox: false } });
    try {
      const post = (path: string) =>
        fetch(`${prod.origin}${SANDBOX_HUB88_PREFIX}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ operator_id: 1 }),
        });
      expect((await post('/operator/generic/v2/game/list')).status).toBe(404);
      expect((await post('/operator/generic/v2/game/url')).status).toBe(404);
      expect((await post('/play')).status).toBe(404);
      expect((await fetch(`${prod.origin}${SANDBOX_HUB88_PREFIX}/game?session=x`)).status).toBe(404);
      expect((await fetch(`${prod.origin}${SANDBOX_HUB88_PREFIX}/thumbs/sbx_rocket.svg`)).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
