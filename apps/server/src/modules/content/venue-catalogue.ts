import type { GameCategoryId } from '@h5/contract';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OutboundPolicy } from '../../lib/outbound';
import { type Hub88Failure, type Hub88Game, hub88GameList } from '../../providers/venues/hub88/hub88-games-client';
import { games, slotGames } from '../../db/tables/content';
import { hub88VenueByCode } from '../venues/venue-hub88';

/**
 * A hub88 venue's catalogue kept in step with its aggregator (docs/venues.md "Hub88 catalogue"): the Games API's
 * list is read and our games are upserted by (venue, game code). A slot-like game goes into the venue's slot list
 * (`slot_games`, catecode = venue code, which its /concise tile opens); a game of another of our categories becomes a
 * home tile of that category (`games`), which launches it directly. A game no longer listed is hidden, never
 * deleted: bets, reports and an operator's own edits keep their game. The sync shows again only what it hid itself
 * (`hidden_by_sync`): a game an operator hid stays hidden whatever the aggregator lists.
 */

/** Our category of an aggregator's category name (docs/member-app.md "Entities and fields": the sidebar's six). */
export function categoryOfHub88(category: string | null | undefined): GameCategoryId {
  const name = (category ?? '').toLowerCase();
  if (/scratch|slot|crash|instant|arcade|fishing/.test(name)) return 'concise';
  if (/live|table|baccarat|roulette|blackjack|dealer|casino/.test(name)) return 'realbet';
  if (/sport|virtual/.test(name)) return 'sport';
  if (/esport/.test(name)) return 'gaming';
  if (/lotter|keno|bingo/.test(name)) return 'lottery';
  if (/poker|card|mahjong|board/.test(name)) return 'joker';
  return 'concise';
}

/** Shown when the aggregator offers it and it plays on a phone (our site plays in the mobile layout). */
const shownOf = (game: Hub88Game): 0 | 1 =>
  game.enabled && (!game.platforms || game.platforms.includes('GPL_MOBILE')) ? 1 : 0;

/**
 * The shown state a sync writes onto a known game, decided on the row as it is when written: a game an operator hid
 * (hidden, not by the sync) is left as it is; any other game takes the aggregator's state, remembering when the sync
 * hid it.
 */
function syncedState(table: typeof games | typeof slotGames, shown: 0 | 1) {
  const operatorHid = sql`(${table.appState} = 0 AND NOT ${table.hiddenBySync})`;
  return {
    appState: sql`CASE WHEN ${operatorHid} THEN 0 ELSE ${shown}::smallint END`,
    hiddenBySync: sql`CASE WHEN ${operatorHid} THEN false ELSE ${shown === 0} END`,
  };
}

export interface CatalogueSyncDeps {
  db: Db;
  outbound: OutboundPolicy;
  timeoutMs: number;
}

export interface CatalogueSyncOptions {
  /**
   * The picture a game gets when it first comes in (`gamepic` / `mobile_img`); a known game keeps the one it has.
   * The aggregator's own thumbnail is never used: member pages show only our own images (docs/venues.md).
   */
  pictureOf?: (venueCode: string, gameCode: string) => string;
}

export type CatalogueSyncResult =
  | { ok: true; listed: number; added: number; updated: number; hidden: number; skipped: number }
  | Hub88Failure
  | { ok: false; reason: 'not_hub88' };

/** Column widths of our game tables: a longer code cannot be stored (the game is skipped), a longer name is cut. */
const CODE_MAX = 64;
const cut = (text: string | null | undefined, max: number) => (text ?? '').slice(0, max);

/**
 * Reads the venue's game list through `hub88GameList` and upserts our games by (venue, game code): name, provider,
 * category mapped onto ours, shown or hidden by `enabled` and the mobile platform. What the aggregator no longer
 * lists is hidden. A game an operator hid is never shown by the sync. The venue's own tile (game code '' or the venue
 * code) is not the catalogue's and is left alone.
 * Runs under a lock per venue, so two syncs at once do not add a game twice. Nothing throws for the aggregator:
 * its failure is the answer, and our tables are left as they were.
 */
export async function syncHub88Catalogue(
  deps: CatalogueSyncDeps,
  venueCode: string,
  options: CatalogueSyncOptions = {},
): Promise<CatalogueSyncResult> {
  const venue = await hub88VenueByCode(deps.db, venueCode);
  if (!venue) return { ok: false, reason: 'not_hub88' };
  const list = await hub88GameList(venue.operator, { timeoutMs: deps.timeoutMs, outbound: deps.outbound });
  if (!list.ok) return list;
  const code = venue.code;
  const listed = list.value.filter((g) => g.game_code.length <= CODE_MAX);
  const skipped = list.value.length - listed.length;
  const slots = listed.filter((g) => categoryOfHub88(g.category) === 'concise');
  const tiles = listed.filter((g) => categoryOfHub88(g.category) !== 'concise');
  const pictureOf = options.pictureOf ?? (() => '');
  let added = 0;
  let updated = 0;
  let hidden = 0;

  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`catalogue:${code.toLowerCase()}`}))`);

    const knownSlots = new Set(
      (await tx.select({ gamecode: slotGames.gamecode }).from(slotGames).where(eq(slotGames.catecode, code))).map(
        (r) => r.gamecode,
      ),
    );
    for (const [i, game] of slots.entries()) {
      const values = {
        gamename: cut(game.name, 64),
        provider: cut(game.product, 64),
      };
      if (knownSlots.has(game.game_code)) {
        await tx
          .update(slotGames)
          .set({ ...values, ...syncedState(slotGames, shownOf(game)) })
          .where(and(eq(slotGames.catecode, code), eq(slotGames.gamecode, game.game_code)));
        updated += 1;
      } else {
        await tx.insert(slotGames).values({
          ...values,
          appState: shownOf(game),
          hiddenBySync: shownOf(game) === 0,
          catecode: code,
          gamecode: game.game_code,
          gamepic: pictureOf(code, game.game_code),
          sort: 1000 + i,
        });
        added += 1;
      }
    }
    const gone = await tx
      .update(slotGames)
      .set({ appState: 0, hiddenBySync: true })
      .where(
        and(
          eq(slotGames.catecode, code),
          eq(slotGames.appState, 1),
          ...(slots.length
            ? [
                notInArray(
                  slotGames.gamecode,
                  slots.map((g) => g.game_code),
                ),
              ]
            : []),
        ),
      )
      .returning({ id: slotGames.id });
    hidden += gone.length;

    const tileCodes = tiles.map((g) => g.game_code);
    const knownTiles = tileCodes.length
      ? await tx
          .select({ id: games.id, gameCode: games.gameCode })
          .from(games)
          .where(and(eq(games.platformName, code), inArray(games.gameCode, tileCodes)))
      : [];
    const tileIds = new Map(knownTiles.map((r) => [r.gameCode, r.id]));
    for (const [i, game] of tiles.entries()) {
      const values = {
        name: cut(game.name, 64),
        categoryId: categoryOfHub88(game.category),
        provider: cut(game.product, 64),
      };
      const id = tileIds.get(game.game_code);
      if (id !== undefined) {
        await tx
          .update(games)
          .set({ ...values, ...syncedState(games, shownOf(game)) })
          .where(eq(games.id, id));
        updated += 1;
      } else {
        await tx.insert(games).values({
          ...values,
          appState: shownOf(game),
          hiddenBySync: shownOf(game) === 0,
          platformName: code,
          gameCode: game.game_code,
          mobileImg: pictureOf(code, game.game_code),
          sort: 1000 + i,
        });
        added += 1;
      }
    }
    const goneTiles = await tx
      .update(games)
      .set({ appState: 0, hiddenBySync: true })
      .where(
        and(eq(games.platformName, code), eq(games.appState, 1), notInArray(games.gameCode, ['', code, ...tileCodes])),
      )
      .returning({ id: games.id });
    hidden += goneTiles.length;
  });
  return { ok: true, listed: listed.length, added, updated, hidden, skipped };
}
