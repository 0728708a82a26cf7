import { BizCode, GAME_CATEGORIES, MSG } from '@h5/contract';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { crudRoutes } from '../../http/admin-crud';
import type { AuthenticateOperator } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { cleanHtml } from '../../lib/clean-html';
import { bets } from '../games/games-tables';
import { ledgerAccounts } from '../ledger/ledger-tables';
import { articles, banners, games, notices, venues } from './content-tables';

const flag = z.coerce
  .number({ message: MSG.flagInvalid })
  .pipe(z.union([z.literal(0), z.literal(1)], { message: MSG.flagInvalid }))
  .default(1);
const sort = z.coerce.number({ message: MSG.sortInvalid }).int({ message: MSG.sortInvalid }).min(-1_000_000).max(1_000_000).default(0);

/**
 * An address the apps open or show: a path of our own site ('/art/...', never '//host') or an absolute http(s) URL.
 * Anything else (javascript:, data:, relative text) is refused.
 */
export function isSiteUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const imageUrl = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(500, { message: MSG.inputTooLong })
    .refine(isSiteUrl, { message: MSG.urlInvalid });

const category = z.enum(GAME_CATEGORIES.map((c) => c.id) as [string, ...string[]], { message: MSG.gameCategoryInvalid });

const BannerInput = z.object({
  src: imageUrl(MSG.imageUrlRequired),
  sort,
  enabled: flag,
});

const NoticeInput = z.object({
  text: z.string({ message: MSG.contentRequired }).trim().min(1, { message: MSG.contentRequired }).max(500, { message: MSG.inputTooLong }),
  sort,
  enabled: flag,
});

const VenueInput = z.object({
  code: z.string({ message: MSG.venueCodeInvalid }).trim().regex(/^[A-Za-z0-9_]{1,32}$/, { message: MSG.venueCodeInvalid }),
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(64, { message: MSG.inputTooLong }),
  /** Shown beside the name; the code when left out. */
  platname: z.string().trim().max(32, { message: MSG.inputTooLong }).default(''),
  category_id: category,
  sort,
  enabled: flag,
});

const GameInput = z.object({
  name: z.string({ message: MSG.nameRequired }).trim().min(1, { message: MSG.nameRequired }).max(64, { message: MSG.inputTooLong }),
  category_id: category,
  app_state: flag,
  platform_name: z.string({ message: MSG.venueMissing }).trim().min(1, { message: MSG.venueMissing }).max(32, { message: MSG.venueMissing }),
  game_code: z.string().trim().max(64, { message: MSG.inputTooLong }).default(''),
  mobile_img: z
    .string()
    .trim()
    .max(500, { message: MSG.inputTooLong })
    .refine((v) => v === '' || isSiteUrl(v), { message: MSG.urlInvalid })
    .default(''),
  sort,
});

const ArticleInput = z.object({
  type: z.coerce.number({ message: MSG.articleTypeInvalid }).int({ message: MSG.articleTypeInvalid }).min(1, { message: MSG.articleTypeInvalid }).max(8, { message: MSG.articleTypeInvalid }),
  title: z.string({ message: MSG.titleRequired }).trim().min(1, { message: MSG.titleRequired }).max(128, { message: MSG.inputTooLong }),
  /** Operator HTML, cleaned before it is stored (lib/clean-html); nothing left after cleaning is no content. */
  content: z
    .string({ message: MSG.contentRequired })
    .trim()
    .min(1, { message: MSG.contentRequired })
    .max(100_000, { message: MSG.inputTooLong })
    .transform(cleanHtml)
    .refine((v) => v.trim() !== '', { message: MSG.contentRequired }),
});

type VenueRow = typeof venues.$inferSelect;

const sameCode = (column: typeof venues.code | typeof ledgerAccounts.venueCode | typeof bets.venueCode, code: string) =>
  sql`lower(${column}) = lower(${code})`;

/**
 * Whether members still have money at a venue: a venue wallet above zero, or a stake in an unsettled bet there.
 * Such a venue is never deleted (its balances would drop out of balancelist, transall and the recycle of the back
 * office); it is disabled instead, which stops transfers in and launches while transfers out and recycling go on.
 */
async function venueHoldsMoney(tx: Tx, code: string): Promise<boolean> {
  const [wallets] = await tx
    .select({ n: count() })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'venue'), sameCode(ledgerAccounts.venueCode, code), gt(ledgerAccounts.balance, '0')));
  if ((wallets?.n ?? 0) > 0) return true;
  const [open] = await tx.select({ n: count() }).from(bets).where(and(sameCode(bets.venueCode, code), eq(bets.status, 2)));
  return (open?.n ?? 0) > 0;
}

/**
 * Back office content (DESIGN "Operators", role content): banners, marquee notices, venues, home game tiles and
 * help articles. The member endpoints read these tables on every request (nothing is cached), so a change shows at
 * once in bannerList, homenotice, game/list, gamelistBycode, balancelist and article.
 */
export function contentAdminRoutes(app: FastifyInstance, deps: { db: Db }, authenticate: AuthenticateOperator) {
  const { db } = deps;

  crudRoutes(app, authenticate, db, {
    path: '/admin/api/banners',
    action: 'banner',
    roles: ['content'],
    table: banners,
    input: BannerInput,
    columns: (i) => ({ src: i.src, sort: i.sort, enabled: i.enabled }),
    view: (r: typeof banners.$inferSelect) => ({ id: r.id, src: r.src, sort: r.sort, enabled: r.enabled }),
    orderBy: [banners.sort, banners.id],
  });

  crudRoutes(app, authenticate, db, {
    path: '/admin/api/notices',
    action: 'notice',
    roles: ['content'],
    table: notices,
    input: NoticeInput,
    columns: (i) => ({ text: i.text, sort: i.sort, enabled: i.enabled }),
    view: (r: typeof notices.$inferSelect) => ({ id: r.id, text: r.text, sort: r.sort, enabled: r.enabled }),
    orderBy: [notices.sort, notices.id],
  });

  // Venues hold member balances: the code is their identity in the ledger, bets, rebates and game tiles, so it is
  // fixed once created; a venue with money in it is disabled, never deleted.
  crudRoutes(app, authenticate, db, {
    path: '/admin/api/venues',
    action: 'venue',
    roles: ['content'],
    table: venues,
    input: VenueInput,
    verify: async (tx, input, before: VenueRow | null) => {
      if (before && before.code !== input.code) throw new AppError(BizCode.CONFLICT, MSG.venueCodeLocked);
      // Clients send codes in any case (findVenue): two codes differing only in case would be one venue to them.
      const clash = await tx
        .select({ id: venues.id })
        .from(venues)
        .where(before ? and(sameCode(venues.code, input.code), ne(venues.id, before.id)) : sameCode(venues.code, input.code))
        .limit(1);
      if (clash.length > 0) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
    },
    beforeDelete: async (tx, row: VenueRow) => {
      if (await venueHoldsMoney(tx, row.code)) throw new AppError(BizCode.CONFLICT, MSG.venueHoldsMoney);
    },
    columns: (i) => ({ code: i.code, name: i.name, platname: i.platname || i.code, categoryId: i.category_id, sort: i.sort, enabled: i.enabled }),
    view: (r: VenueRow) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      platname: r.platname,
      category_id: r.categoryId,
      sort: r.sort,
      enabled: r.enabled,
    }),
    orderBy: [venues.sort, venues.id],
  });

  crudRoutes(app, authenticate, db, {
    path: '/admin/api/games',
    action: 'game',
    roles: ['content'],
    table: games,
    input: GameInput,
    // A tile opens its venue (getGameUrl plat_name): it must name one.
    verify: async (tx, input) => {
      const [venue] = await tx.select({ id: venues.id }).from(venues).where(sameCode(venues.code, input.platform_name)).limit(1);
      if (!venue) throw badInput(MSG.venueMissing);
    },
    columns: (i) => ({
      name: i.name,
      categoryId: i.category_id,
      appState: i.app_state,
      platformName: i.platform_name,
      gameCode: i.game_code,
      mobileImg: i.mobile_img,
      sort: i.sort,
    }),
    view: (r: typeof games.$inferSelect) => ({
      id: r.id,
      name: r.name,
      category_id: r.categoryId,
      app_state: r.appState,
      platform_name: r.platformName,
      game_code: r.gameCode,
      mobile_img: r.mobileImg,
      sort: r.sort,
    }),
    orderBy: [games.sort, games.id],
  });

  // One article per help type (unique): a second one of the same type answers 409.
  crudRoutes(app, authenticate, db, {
    path: '/admin/api/articles',
    action: 'article',
    roles: ['content'],
    table: articles,
    input: ArticleInput,
    columns: (i) => ({ type: i.type, title: i.title, content: i.content }),
    view: (r: typeof articles.$inferSelect) => ({ id: r.id, type: r.type, title: r.title, content: r.content }),
    orderBy: [articles.type, articles.id],
  });
}
