import type { GameCategoryId } from '@h5/contract';
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
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

/** Games written per statement: a catalogue of thousands stays well inside a statement's bound parameters. */
const BATCH = 500;
const batches = <T>(items: T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/**
 * Where the catalogue keeps a venue's games, by the columns that differ between them: the venue's slot list, and the
 * home tiles of our other categories. Both hold the name, provider, sort, shown state and the sync's mark alike.
 */
interface CataloguePlace {
  table: typeof slotGames | typeof games;
  venue: PgColumn;
  code: PgColumn;
  name: PgColumn;
  picture: PgColumn;
  /** Our category, where the place holds games of more than one. */
  category?: PgColumn;
  /** Game codes of the venue's own rows there, which are not the catalogue's and which it never hides. */
  own: (venueCode: string) => string[];
}

const slotList: CataloguePlace = {
  table: slotGames,
  venue: slotGames.catecode,
  code: slotGames.gamecode,
  name: slotGames.gamename,
  picture: slotGames.gamepic,
  own: () => [],
};

const homeTiles: CataloguePlace = {
  table: games,
  venue: games.platformName,
  code: games.gameCode,
  name: games.name,
  picture: games.mobileImg,
  category: games.categoryId,
  own: (venueCode) => ['', venueCode],
};

const column = (col: PgColumn) => sql.identifier(col.name);

/**
 * Upserts the listed games into one place, a batch of games per statement, and hides what the venue has there that
 * is no longer listed. A known game (found by venue and game code) takes the aggregator's name, provider, category and
 * shown state in one UPDATE: a game an operator hid (hidden, not by the sync) stays hidden, any other takes the
 * aggregator's state, remembering when the sync hid it; the row's own state decides, as it is when written. A new
 * game comes in with one INSERT, at the end of the list, with the first picture `pictureOf` gives it.
 */
async function upsertPlace(
  tx: Tx,
  place: CataloguePlace,
  venueCode: string,
  listed: Hub88Game[],
  pictureOf: (venueCode: string, gameCode: string) => string,
): Promise<{ added: number; updated: number; hidden: number }> {
  const { table } = place;
  const known = new Map<string, number>();
  for (const batch of batches(listed.map((g) => g.game_code))) {
    const rows = rowsOf<{ id: number; code: string }>(
      await tx.execute(
        sql`SELECT ${table.id} AS id, ${place.code} AS code FROM ${table}
            WHERE ${place.venue} = ${venueCode} AND ${inArray(place.code, batch)}`,
      ),
    );
    for (const row of rows) known.set(row.code, row.id);
  }
  const fresh = listed.map((game, i) => ({ game, sort: 1000 + i })).filter(({ game }) => !known.has(game.game_code));
  const updates = listed.filter((g) => known.has(g.game_code));

  const operatorHid = sql`(${table.appState} = 0 AND NOT ${table.hiddenBySync})`;
  const category = place.category;
  for (const batch of batches(updates)) {
    const values = batch.map(
      (g) =>
        sql`(${known.get(g.game_code)}::integer, ${cut(g.name, 64)}::text, ${cut(g.product, 64)}::text,
             ${categoryOfHub88(g.category)}::text, ${shownOf(g)}::smallint)`,
    );
    await tx.execute(
      sql`UPDATE ${table} SET ${column(place.name)} = v.name, ${column(table.provider)} = v.provider,
            ${category ? sql`${column(category)} = v.category,` : sql``}
            ${column(table.appState)} = CASE WHEN ${operatorHid} THEN 0 ELSE v.shown END,
            ${column(table.hiddenBySync)} = CASE WHEN ${operatorHid} THEN false ELSE v.shown = 0 END
          FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, name, provider, category, shown)
          WHERE ${table.id} = v.id`,
    );
  }
  for (const batch of batches(fresh)) {
    const values = batch.map(
      ({ game, sort }) =>
        sql`(${venueCode}, ${game.game_code}, ${cut(game.name, 64)}, ${cut(game.product, 64)},
             ${category ? sql`${categoryOfHub88(game.category)},` : sql``}
             ${shownOf(game)}, ${shownOf(game) === 0}, ${pictureOf(venueCode, game.game_code)}, ${sort})`,
    );
    await tx.execute(
      sql`INSERT INTO ${table} (${column(place.venue)}, ${column(place.code)}, ${column(place.name)},
            ${column(table.provider)}, ${category ? sql`${column(category)},` : sql``} ${column(table.appState)},
            ${column(table.hiddenBySync)}, ${column(place.picture)}, ${column(table.sort)})
          VALUES ${sql.join(values, sql`, `)}`,
    );
  }

  const keep = [...place.own(venueCode), ...listed.map((g) => g.game_code)];
  const gone = rowsOf<{ id: number }>(
    await tx.execute(
      sql`UPDATE ${table} SET ${column(table.appState)} = 0, ${column(table.hiddenBySync)} = true
          WHERE ${place.venue} = ${venueCode} AND ${table.appState} = 1
            ${keep.length ? sql`AND ${notInArray(place.code, keep)}` : sql``}
          RETURNING ${table.id}`,
    ),
  );
  return { added: fresh.length, updated: updates.length, hidden: gone.length };
}

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

  const counts = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`catalogue:${code.toLowerCase()}`}))`);
    const inSlots = await upsertPlace(tx, slotList, code, slots, pictureOf);
    const inTiles = await upsertPlace(tx, homeTiles, code, tiles, pictureOf);
    return {
      added: inSlots.added + inTiles.added,
      updated: inSlots.updated + inTiles.updated,
      hidden: inSlots.hidden + inTiles.hidden,
    };
  });
  return { ok: true, listed: listed.length, ...counts, skipped };
}
