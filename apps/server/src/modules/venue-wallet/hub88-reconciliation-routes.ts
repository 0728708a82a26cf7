import { adminEndpoints, BizCode, MSG, VENUE_RECON_MSG } from '@h5/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { venueReconciliationDifferences } from '../../db/tables/venue-wallet';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../lib/paging';
import type { Clock } from '../../lib/time';
import { audit } from '../backoffice/audit';
import { withVenueNames } from '../venues/venue-records';
import { differenceView } from './hub88-reconciliation';

const table = venueReconciliationDifferences;

/**
 * Finance's 场馆对账差异 (docs/venues.md "Hub88 reconciliation"): the differences the daily reconciliation stored,
 * by day and venue, each with both sides; 已核实 marks one resolved with a note, audited. Nothing here moves money
 * or changes a transaction.
 */
export function hub88ReconciliationRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
  authenticate: AuthenticateOperator,
) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.venueReconDifferences, async ({ input }) => {
    const filters: SQL[] = [];
    if (input.day) filters.push(eq(table.day, input.day));
    if (input.venue) filters.push(eq(table.venueCode, input.venue));
    if (input.state) filters.push(eq(table.state, input.state));
    const rows = db.select().from(table).orderBy(desc(table.day), desc(table.id)).$dynamic();
    const page = await queryPage(db, table, and(...filters), pageWindow(input), rows, differenceView);
    return { data: { ...page, data: await withVenueNames(db, page.data) } };
  });

  adminRoute(app, authenticate, adminEndpoints.venueReconResolve, async ({ params, input, operator, req }) => {
    const id = idParam(params);
    const after = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
      if (!before) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
      if (before.state === 'resolved') throw new AppError(BizCode.CONFLICT, VENUE_RECON_MSG.alreadyResolved);
      const [row] = await tx
        .update(table)
        .set({ state: 'resolved', note: input.note, resolvedBy: operator.username, resolvedAt: deps.clock.now() })
        .where(eq(table.id, id))
        .returning();
      await audit(tx, {
        operatorId: operator.id,
        action: 'venue_reconciliation.resolve',
        target: `venue_reconciliation:${id}`,
        before: { state: before.state },
        after: { state: 'resolved', note: input.note },
        requestId: req.id,
      });
      return row!;
    });
    const [shown] = await withVenueNames(db, [differenceView(after)]);
    return { data: shown!, message: VENUE_RECON_MSG.resolved };
  });
}
