import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Db, PoolStats } from '../../db/client';
import type { ReadDb } from '../../db/replica';
import type { Clock } from '../../lib/time';
import { observeJobs } from '../jobs/scheduler';
import { installHttpMetrics } from './http-metrics';
import { installMoneyGauges } from './money-gauges';
import { readiness, type ReadinessDeps } from './readiness';
import { installSupportGauges } from './support-gauges';

export interface SiteMetricsDeps extends ReadinessDeps {
  db: Db;
  clock: Clock;
  /** PostgreSQL's pool (PGlite has none). */
  pool?: PoolStats;
  /** The streaming replica's reads, when there is one (DATABASE_REPLICA_URL). */
  readDb?: ReadDb;
}

const registries = new WeakMap<FastifyInstance, Registry>();

/** The registry of an app built with metrics, for the metrics port (or a worker's answer to its primary). */
export function metricsRegistryOf(app: FastifyInstance): Registry | undefined {
  return registries.get(app);
}

/**
 * Everything this process reports to Prometheus, in a registry of the app's own (tests build many apps in one
 * process). Installed before routes and jobs, so it sees every request and every scheduled job.
 */
export function installSiteMetrics(app: FastifyInstance, deps: SiteMetricsDeps): Registry {
  const registry = new Registry();
  registries.set(app, registry);
  // Event-loop delay (nodejs_eventloop_lag_*), memory, handles: prom-client's own, summed or averaged across workers.
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'h5_server_processes',
    help: 'Server processes reporting (summed across WORKERS)',
    registers: [registry],
  }).set(1);
  new Gauge({
    name: 'h5_ready',
    help: 'Whether the process can serve: database reachable and migrated, Redis reachable when configured (1 or 0)',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await readiness(deps)).ready ? 1 : 0);
    },
  });
  const pool = deps.pool;
  new Gauge({
    name: 'h5_db_pool_connections',
    help: 'PostgreSQL pool connections by state: in_use, idle, and waiting (requests waiting for a connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total() - pool.idle());
      this.set({ state: 'idle' }, pool.idle());
      this.set({ state: 'waiting' }, pool.waiting());
    },
  });

  const readDb = deps.readDb;
  if (readDb) {
    new Gauge({
      name: 'h5_db_replica_lag_seconds',
      help: 'How far the streaming replica is behind the primary in seconds; -1 while it is unreachable or not streaming',
      registers: [registry],
      aggregator: 'max',
      async collect() {
        this.set((await readDb.lag()) ?? -1);
      },
    });
    new Gauge({
      name: 'h5_db_replica_in_use',
      help: 'Whether reports and back-office lists are read on the replica now (1), or on the primary because it lags or is down (0)',
      registers: [registry],
      aggregator: 'min',
      async collect() {
        this.set((await readDb.usingReplica()) ? 1 : 0);
      },
    });
  }

  const jobRuns = new Counter({
    name: 'h5_scheduled_job_runs_total',
    help: 'Runs of each scheduled job (gateway and venue reconciliation, bet pulls, the ledger check...) by outcome: ok or failed',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });
  const jobInterval = new Gauge({
    name: 'h5_scheduled_job_interval_seconds',
    help: 'How often each scheduled job is due',
    labelNames: ['task'] as const,
    registers: [registry],
    aggregator: 'max',
  });
  observeJobs(app, {
    scheduled(task, everyMs) {
      jobInterval.set({ task }, everyMs / 1000);
      // Both outcomes exist from the start, so an increase from nothing is seen as one.
      jobRuns.inc({ task, outcome: 'ok' }, 0);
      jobRuns.inc({ task, outcome: 'failed' }, 0);
    },
    finished(task, outcome) {
      jobRuns.inc({ task, outcome });
    },
  });

  installHttpMetrics(app, registry);
  installMoneyGauges(registry, deps);
  installSupportGauges(registry, deps);
  return registry;
}
