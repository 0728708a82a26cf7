import { adminEndpoints, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import type { OutboundPolicy } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import { pageWindow } from '../../lib/paging';
import { changesPage } from '../backoffice/pending-changes';
import { approveChange, proposeVenueIntegration, rejectChange } from './integration-service';

/** The integration-change calls (admin): a venue's proposal, the queue, approval and rejection. */
export function integrationRoutes(
  app: FastifyInstance,
  deps: { db: Db; outbound: OutboundPolicy; clock: Clock },
  authenticate: AuthenticateOperator,
) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.venueIntegration, async ({ input, params, operator, req }) => ({
    data: await proposeVenueIntegration(db, deps.outbound, operator, idParam(params), input, req.id),
    message: MSG.integrationChangePending,
  }));

  // Pending changes first, then the decided ones, newest first in each.
  adminRoute(app, authenticate, adminEndpoints.integrationChanges, async ({ input }) => {
    return { data: await changesPage(db, input.state, pageWindow(input)) };
  });

  adminRoute(app, authenticate, adminEndpoints.integrationChangeApprove, async ({ input, params, operator, req }) => {
    const change = await approveChange(db, deps.outbound, operator, idParam(params), input.note, req.id, deps.clock);
    // An operator's creation answers its password, once.
    return {
      data: change,
      message: change.password === undefined ? MSG.integrationChangeApplied : MSG.operatorCreated,
    };
  });

  adminRoute(app, authenticate, adminEndpoints.integrationChangeReject, async ({ input, params, operator, req }) => {
    const { change, withdrawn } = await rejectChange(db, operator, idParam(params), input.note, req.id);
    return { data: change, message: withdrawn ? MSG.integrationChangeWithdrawn : MSG.integrationChangeRejected };
  });
}
