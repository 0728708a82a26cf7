import { type Article, BizCode, MSG, type Banner, type Game, type SlotGame, type VipLevel } from '@h5/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { numericToMoney } from '../../lib/money';
import { readSettings } from '../site/site-service';
import { articles, banners, games, notices, slotGames } from '../../db/tables/content';
import { allVenues, venueByCodeInAnyCase } from '../venues/venue-records';
import { enabledVipLevels } from '../vip/vip-levels';

/** Our own pages, served from apps/server/public, used while an operator has set no external URL. */
export const BUILT_IN_SERVICE_URL = '/service/chat.html';
/** The agent centre's route in the web app (hash router). */
export const AGENT_CENTRE_PATH = '/#/agentCenter';

const asFlag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);

/** The switched-on items of banners or notices (switchedItemRoutes), in the operators' order: their one field. */
async function switchedOn(
  db: DbOrTx,
  table: typeof banners | typeof notices,
  field: typeof banners.src | typeof notices.text,
): Promise<string[]> {
  const rows = await db
    .select({ value: field })
    .from(table)
    .where(eq(table.enabled, 1))
    .orderBy(asc(table.sort), asc(table.id));
  return rows.map((row) => row.value);
}

/** docs/wire-rules.md "Wire details": bannerList items give the image URL as both `src` and `pic`. */
export async function listBanners(db: DbOrTx): Promise<Banner[]> {
  return (await switchedOn(db, banners, banners.src)).map((src) => ({ src, pic: src }));
}

/** docs/wire-rules.md "Wire details": homenotice answers an array of plain strings. */
export async function listNotices(db: DbOrTx): Promise<string[]> {
  return switchedOn(db, notices, notices.text);
}

/**
 * docs/wire-rules.md "Wire details": game/list answers every game as a bare array with app_state 1 or 0; the client filters. A tile whose
 * venue is disabled (or gone) answers app_state 0: it could not be launched (getGameUrl refuses it).
 */
export async function listGames(db: DbOrTx): Promise<Game[]> {
  const [rows, venues] = await Promise.all([
    db.select().from(games).orderBy(asc(games.sort), asc(games.id)),
    allVenues(db),
  ]);
  // Codes compare regardless of case, as clients send them (the console keeps them unique that way).
  const venueEnabled = new Map(venues.map((venue) => [venue.code.toLowerCase(), venue.enabled]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    category_id: row.categoryId,
    app_state: venueEnabled.get(row.platformName.toLowerCase()) === 1 ? asFlag(row.appState) : 0,
    platform_name: row.platformName,
    game_code: row.gameCode,
    mobile_img: row.mobileImg,
  }));
}

/**
 * The slot list of one venue; an unknown or disabled venue is simply an empty list. A game its venue's catalogue no
 * longer lists is hidden (docs/venues.md "Hub88 catalogue").
 */
export async function listSlotGames(db: DbOrTx, catecode: string): Promise<SlotGame[]> {
  const code = catecode.trim();
  if (!code) return [];
  const venue = await venueByCodeInAnyCase(db, code);
  if (venue?.enabled !== 1) return [];
  return db
    .select({
      catecode: slotGames.catecode,
      gamecode: slotGames.gamecode,
      gamepic: slotGames.gamepic,
      gamename: slotGames.gamename,
    })
    .from(slotGames)
    .where(and(eq(slotGames.catecode, code), eq(slotGames.appState, 1)))
    .orderBy(asc(slotGames.sort), asc(slotGames.id));
}

export async function findArticle(db: DbOrTx, type: number): Promise<z.infer<typeof Article>> {
  const [row] = await db.select().from(articles).where(eq(articles.type, type)).limit(1);
  if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return { id: row.id, type: row.type, title: row.title, content: row.content };
}

/** docs/wire-rules.md "Wire details": uservip lists every enabled level in order, thresholds as money and rebates as percentages. */
export async function listVipLevels(db: DbOrTx): Promise<VipLevel[]> {
  const rows = await enabledVipLevels(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    recharge: numericToMoney(row.recharge),
    flow: numericToMoney(row.flow),
    realperson: numericToMoney(row.realperson),
    sport: numericToMoney(row.sport),
    e_sport: numericToMoney(row.eSport),
    joker: numericToMoney(row.joker),
    electron: numericToMoney(row.electron),
    lottery: numericToMoney(row.lottery),
  }));
}

/** The customer-service URL: the operator's setting, else our own chat page. */
export async function serviceUrl(db: DbOrTx): Promise<string> {
  const { service_url } = await readSettings(db, ['service_url']);
  return service_url.trim() || BUILT_IN_SERVICE_URL;
}

/**
 * The agent back-office login URL: the operator's setting, else our own agent centre in the web app (the member
 * signs in there with the member account; docs/partners.md "Partner programme").
 */
export async function agentLoginUrl(db: DbOrTx, origin: string): Promise<string> {
  const { agent_login_url } = await readSettings(db, ['agent_login_url']);
  return agent_login_url.trim() || `${origin}${AGENT_CENTRE_PATH}`;
}

/**
 * docs/wire-rules.md "Wire details", getVisitUrl: 200 with the URL only when an operator set one; otherwise 202 with data null, because
 * clients navigate away on 200.
 */
export async function visitUrl(db: DbOrTx): Promise<string> {
  const { visit_url } = await readSettings(db, ['visit_url']);
  const url = visit_url.trim();
  if (!url) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return url;
}
