import type { FastifyInstance } from 'fastify';
import type { OutboundPolicy } from '../../lib/outbound';
import { scheduleJob, type SchedulerDeps } from '../jobs/scheduler';
import { reconcileTransfers } from './remote-transfers';
import { pullAllVenueBets } from './venue-bets';

/**
 * The timers of remote venues, each in one process at a time: pending transfers are asked about and finished, and
 * settled bets are pulled page by page from each venue's cursor.
 */
export function scheduleVenueJobs(
  app: FastifyInstance,
  deps: SchedulerDeps & {
    venueTimeoutMs: number;
    outbound: OutboundPolicy;
    reconcileIntervalMs: number;
    betPullIntervalMs: number;
  },
) {
  scheduleJob(app, deps, {
    name: 'venue-transfer-reconcile',
    everyMs: deps.reconcileIntervalMs,
    run: async () => {
      const finished = await reconcileTransfers(deps);
      if (finished) app.log.info({ finished }, 'venue transfers reconciled');
    },
  });
  scheduleJob(app, deps, {
    name: 'venue-bets',
    everyMs: deps.betPullIntervalMs,
    run: () => pullAllVenueBets(deps),
  });
}
