import { adminResources, BizCode, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { crudRoutes, switchedItemRoutes } from '../backoffice/admin-crud';
import type { AuthenticateOperator } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { cleanHtml } from '../../lib/clean-html';
import { holdVenueExclusively, venueHoldsMoney } from '../wallet/venue-directory';
import { withPending } from '../integrations/integration-service';
import { articles, banners, games, notices } from '../../db/tables/content';
import { venueConsoleRows } from '../venues/venue-console';
import { type Venue, venueByCodeInAnyCase } from '../venues/venue-records';

// The input schemas live in the contract (adminResources); the URL rule with them, shared with the settings.
export { isSiteUrl } from '@h5/contract';

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

  // The venue rows are the venues area's (modules/venues/venue-console); a venue with money in it is disabled, never
  // deleted.
  crudRoutes(app, authenticate, db, {
    calls: adminResources.venues,
    action: 'venue',
    ...venueConsoleRows,
    beforeDelete: async (tx, row: Venue) => {
      await holdVenueExclusively(tx, row.code);
      if (await venueHoldsMoney(tx, row.code)) throw new AppError(BizCode.CONFLICT, MSG.venueHoldsMoney);
    },
    annotate: (db, items) => withPending(db, 'venue', items),
  });

  crudRoutes(app, authenticate, db, {
    calls: adminResources.games,
    action: 'game',
    table: games,
    // A tile opens its venue (getGameUrl plat_name): it must name one.
    verify: async (tx, input) => {
      if (!(await venueByCodeInAnyCase(tx, input.platform_name))) throw badInput(MSG.venueMissing);
    },
    columns: (i) => ({
      name: i.name,
      categoryId: i.category_id,
      appState: i.app_state,
      // An operator's save decides the tile's shown state: the catalogue sync never shows it again on its own
      // (docs/venues.md "Hub88 catalogue").
      hiddenBySync: false,
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
