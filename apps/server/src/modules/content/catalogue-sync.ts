import { adminEndpoints, BizCode, MSG } from '@h5/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, JobLocks } from '../../db/client';
import { type AuthenticateOperator, adminRoute, idParam } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import type { OutboundPolicy } from '../../lib/outbound';
import { beijingDay, type Clock } from '../../lib/time';
import { audit } from '../backoffice/audit';
import { type ScheduledJob, scheduleJob } from '../jobs/scheduler';
import { allVenues } from '../venues/venue-records';
import { syncHub88Catalogue } from './venue-catalogue';

/**
 * A hub88 venue's catalogue kept in step from the console and by the clock (docs/venues.md "Hub88 catalogue"): the
 * console's 同步游戏 of a venue, and a job that syncs every hub88 venue once a Beijing day and once at each start,
 * one process at a time under the job's lock.
 */

export interface CatalogueDeps {
  db: Db;
  outbound: OutboundPolicy;
  /** How long the aggregator's list may take (VENUE_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The name of the daily job, of its lock (`job:` + name) and of its row in scheduled_runs. */
export const CATALOGUE_JOB = 'hub88-catalogue';
/** How often each process looks whether today's sync has run. */
const TICK_MS = 3_600_000;

/** The venues a sync can reach: speaking hub88 (seamless or transfer wallet), with the aggregator's address. */
async function hub88VenueCodes(db: Db): Promise<string[]> {
  const rows = await allVenues(db);
  return rows.filter((v) => v.protocol === 'hub88' && v.apiBaseUrl).map((v) => v.code);
}

/**
 * Syncs every hub88 venue's catalogue, one after the other; a venue whose aggregator fails is logged and the others
 * still sync (its games stay as they were). Answers how many venues synced and how many failed.
 */
export async function syncAllHub88Catalogues(
  deps: CatalogueDeps,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ synced: number; failed: number }> {
  const outcome = { synced: 0, failed: 0 };
  for (const code of await hub88VenueCodes(deps.db)) {
    const result = await syncHub88Catalogue(deps, code);
    if (result.ok) {
      outcome.synced += 1;
      log?.info({ venue: code, ...result }, 'hub88 catalogue synced');
    } else {
      outcome.failed += 1;
      log?.warn({ venue: code, ...result }, 'hub88 catalogue sync failed');
    }
  }
  return outcome;
}

/** The daily job: every hub88 venue's catalogue once a Beijing day. */
export function hub88CatalogueJob(deps: CatalogueDeps, log?: Pick<FastifyBaseLogger, 'info' | 'warn'>): ScheduledJob {
  return {
    name: CATALOGUE_JOB,
    everyMs: TICK_MS,
    periodOf: beijingDay,
    run: () => syncAllHub88Catalogues(deps, log),
  };
}

/** Schedules the daily job on the app's timers (docs/venues.md "Hub88 catalogue"). */
export function scheduleHub88Catalogues(app: FastifyInstance, deps: CatalogueDeps & { clock: Clock; locks: JobLocks }) {
  scheduleJob(app, deps, hub88CatalogueJob(deps, app.log));
}

/**
 * The sync at start (the server's entry point calls it once it listens, so an aggregator inside the server answers):
 * every hub88 venue at once, under the daily job's lock, so two processes starting together do not sync together.
 * Answers null when another process holds the lock now (it is syncing).
 */
export async function syncHub88CataloguesAtStart(
  deps: CatalogueDeps & { locks: JobLocks },
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ synced: number; failed: number } | null> {
  const outcome = await deps.locks.tryRun(`job:${CATALOGUE_JOB}`, () => syncAllHub88Catalogues(deps, log));
  return outcome.ran ? outcome.value : null;
}

/** 同步游戏 (content, admin): syncs one hub88 venue's catalogue now and answers the counts, audited. */
export function catalogueSyncRoutes(app: FastifyInstance, deps: CatalogueDeps, authenticate: AuthenticateOperator) {
  adminRoute(app, authenticate, adminEndpoints.venueCatalogueSync, async ({ params, operator, req }) => {
    const id = idParam(params);
    const venue = (await allVenues(deps.db)).find((v) => v.id === id);
    if (!venue) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    const result = await syncHub88Catalogue(deps, venue.code);
    if (!result.ok) {
      if (result.reason === 'not_hub88') throw new AppError(BizCode.CONFLICT, MSG.venueCatalogueNotHub88);
      throw new AppError(BizCode.CONFLICT, `${MSG.venueCatalogueFailed}（${result.reason}）`);
    }
    const counts = {
      listed: result.listed,
      added: result.added,
      updated: result.updated,
      hidden: result.hidden,
      skipped: result.skipped,
    };
    await audit(deps.db, {
      operatorId: operator.id,
      action: 'venue.catalogue_sync',
      target: `venue:${venue.code}`,
      before: null,
      after: counts,
      requestId: req.id,
    });
    return { data: counts, message: MSG.venueCatalogueSynced };
  });
}
