import { adminResources, BizCode, MSG } from '@h5/contract';
import { and, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { crudRoutes, switchedItemRoutes } from '../backoffice/admin-crud';
import type { AuthenticateOperator } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { cleanHtml } from '../../lib/clean-html';
import { holdVenueExclusively, venueHoldsMoney } from '../wallet/venue-directory';
import { withPending } from '../integrations/integration-service';
import { articles, banners, games, notices, venues } from '../../db/tables/content';

// The input schemas live in the contract (adminResources); the URL rule with them, shared with the settings.
export { isSiteUrl } from '@h5/contract';

type VenueRow = typeof venues.$inferSelect;

const sameCode = (column: typeof venues.code, code: string) => sql`lower(${column}) = lower(${code})`;

/**
 * Back office content (docs/architecture.md "Operators", role content): banners, marquee notices, venues, home game tiles and
 * help articles. The member endpoints read these tables on every request (nothing is cached), so a change shows at
 * once in bannerList, homenotice, game/list, gamelistBycode, balancelist and article.
 */
export function contentAdminRoutes(app: FastifyInstance, deps: { db: Db }, authenticate: AuthenticateOperator) {
  const { db } = deps;

  switchedItemRoutes(app, authenticate, db, {
    calls: adminResources.banners,
    action: 'banner',
    table: banners,
    field: 'src',
  });
  switchedItemRoutes(app, authenticate, db, {
    calls: adminResources.notices,
    action: 'notice',
    table: notices,
    field: 'text',
  });

  // Venues hold member balances: the code is their identity in the ledger, bets, rebates and game tiles, so it is
  // fixed once created; a venue with money in it is disabled, never deleted.
  crudRoutes(app, authenticate, db, {
    calls: adminResources.venues,
    action: 'venue',
    table: venues,
    verify: async (tx, input, before: VenueRow | null) => {
      if (before && before.code !== input.code) throw new AppError(BizCode.CONFLICT, MSG.venueCodeLocked);
      // Clients send codes in any case (findVenue): two codes differing only in case would be one venue to them.
      const clash = await tx
        .select({ id: venues.id })
        .from(venues)
        .where(
          before ? and(sameCode(venues.code, input.code), ne(venues.id, before.id)) : sameCode(venues.code, input.code),
        )
        .limit(1);
      if (clash.length > 0) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
    },
    beforeDelete: async (tx, row: VenueRow) => {
      await holdVenueExclusively(tx, row.code);
      if (await venueHoldsMoney(tx, row.code)) throw new AppError(BizCode.CONFLICT, MSG.venueHoldsMoney);
    },
    columns: (i) => ({
      code: i.code,
      name: i.name,
      platname: i.platname || i.code,
      categoryId: i.category_id,
      sort: i.sort,
      enabled: i.enabled,
      // The wallet mode, address, secret and currency are not written here: a new venue has none of them and moves
      // no money until an admin's integration change is approved by another admin (modules/integrations).
    }),
    view: (r: VenueRow) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      platname: r.platname,
      category_id: r.categoryId,
      sort: r.sort,
      enabled: r.enabled,
      wallet_mode: r.walletMode,
      api_base_url: r.apiBaseUrl,
      api_secret_set: r.apiSecret !== '',
      currency: r.currency,
      pending_change: false,
    }),
    annotate: (db, items) => withPending(db, 'venue', items),
    orderBy: [venues.sort, venues.id],
  });

  crudRoutes(app, authenticate, db, {
    calls: adminResources.games,
    action: 'game',
    table: games,
    // A tile opens its venue (getGameUrl plat_name): it must name one.
    verify: async (tx, input) => {
      const [venue] = await tx
        .select({ id: venues.id })
        .from(venues)
        .where(sameCode(venues.code, input.platform_name))
        .limit(1);
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
    calls: adminResources.articles,
    action: 'article',
    table: articles,
    // Operator HTML, cleaned before it is stored (lib/clean-html); nothing left after cleaning is no content.
    prepare: (i) => {
      const content = cleanHtml(i.content);
      if (content.trim() === '') throw badInput(MSG.contentRequired);
      return { ...i, content };
    },
    columns: (i) => ({ type: i.type, title: i.title, content: i.content }),
    view: (r: typeof articles.$inferSelect) => ({ id: r.id, type: r.type, title: r.title, content: r.content }),
    orderBy: [articles.type, articles.id],
  });
}
