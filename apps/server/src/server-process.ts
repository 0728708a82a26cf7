import cluster from 'node:cluster';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { sealKey, sealSetting } from './modules/ledger/ledger-seal';
import { replicaReads } from './db/replica';
import { seedIfEmpty } from './sandbox/demo/seed';
import { DEMO_HISTORY_DAYS, seedDemoHistory, wantsDemoHistory } from './sandbox/demo/demo-history-seed';
import { importUploadDirectory } from './modules/files/files-service';
import { answerPrimaryWith, startMetricsServer } from './modules/ops/metrics-server';
import { metricsRegistryOf } from './modules/ops/site-metrics';
import { connectSandboxAggregator } from './sandbox/aggregator/sandbox-aggregator-venues';
import { connectHub88DemoVenue, syncHub88DemoCatalogue } from './sandbox/demo/hub88-demo-venue';
import { syncHub88CataloguesAtStart } from './modules/content/catalogue-sync';

/** This server as its own processes reach it: the sandbox aggregator inside it is called there. */
function loopbackOrigin(config: AppConfig): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host)
    ? '127.0.0.1'
    : config.host.includes(':')
      ? `[${config.host}]`
      : config.host;
  return `http://${host}:${config.port}`;
}

/** The session setting that lets the database seal movements with LEDGER_SEAL_KEY, or none (sealing off). */
const ledgerSealSetting = (config: AppConfig) =>
  config.ledgerSeal.key ? sealSetting(sealKey(config.ledgerSeal.key)) : undefined;

/**
 * What a fresh or upgraded database needs before any server serves it: the migrations (openDatabase), the demo
 * content of an empty one, and the avatars earlier versions kept as files. Runs once, in the only process or in
 * the primary of several.
 */
export async function prepareDatabase(config: AppConfig, database?: Database): Promise<void> {
  const opened =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeouts: config.db,
      poolSize: config.db.poolSize,
      ledgerSeal: ledgerSealSetting(config),
    }));
  try {
    const seeded = config.seedDemo && (await seedIfEmpty(opened.db, { sandbox: config.sandbox }));
    if (seeded) console.log('Seeded an empty database with demo content');
    if (config.sandbox) {
      await connectSandboxAggregator(opened.db, loopbackOrigin(config), { create: seeded });
      await connectHub88DemoVenue(opened.db, loopbackOrigin(config), { create: seeded });
    }
    if (wantsDemoHistory(config)) {
      // The history is one transaction: a failure leaves none of it, and the demo starts without it.
      const started = Date.now();
      try {
        if (await seedDemoHistory(opened.db, new Date()))
          console.log(`Seeded the demo's last ${DEMO_HISTORY_DAYS} days of history in ${Date.now() - started} ms`);
      } catch (error) {
        console.error('Could not seed the demo history; the demo starts without it', error);
      }
    }
    const imported = await importUploadDirectory(opened.db, config.uploadDir);
    if (imported) console.log(`Brought ${imported} uploaded files into the database`);
  } finally {
    if (!database) await opened.close();
  }
}

/**
 * One server process: listens on the port (shared with its siblings under node:cluster) and stops gracefully.
 * The only process prepares the database itself; a worker finds it prepared by the primary.
 */
export async function serve(config: AppConfig, options: { prepare: boolean }): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.db,
    poolSize: config.db.poolSize,
    ledgerSeal: ledgerSealSetting(config),
  });
  if (options.prepare) await prepareDatabase(config, database);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true })
    : undefined;
  if (config.replica && database.kind !== 'postgres')
    throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: a replica is of a PostgreSQL primary');
  const readDb = config.replica
    ? replicaReads(database.db, {
        url: config.replica.url,
        maxLagSeconds: config.replica.maxLagSeconds,
        timeouts: config.db,
        onChange: (onReplica, reason) =>
          console.log(`reports read on the ${onReplica ? 'replica' : 'primary'}: replica ${reason}`),
      })
    : undefined;
  const app = await buildApp({ db: database.db, readDb, config, redis, locks: database.locks, pool: database.pool });
  const registry = metricsRegistryOf(app);
  // Under WORKERS the primary serves the metrics port and asks each worker; a single process serves its own.
  if (registry && cluster.isWorker) answerPrimaryWith(registry);
  const metricsServer =
    registry && cluster.isPrimary && config.metrics.port
      ? await startMetricsServer(registry, { port: config.metrics.port, host: config.metrics.host })
      : undefined;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request or connection that never finishes must not keep a stopped server alive: the supervisor would wait
    // and then kill it without a word. Past the deadline the process says so and exits non-zero.
    const deadline = setTimeout(() => {
      app.log.fatal({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutdown did not finish in time, exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    try {
      // close() stops accepting connections and waits for requests in flight before the database goes.
      await app.close();
      metricsServer?.close();
      await readDb?.close();
      await database.close();
      await redis?.quit();
    } catch (error) {
      app.log.fatal({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The demo Hub88 venue's games come in through the catalogue sync, which asks the sandbox over HTTP: only now is
  // there a server to answer. A failure leaves the catalogue as it was and the server serving.
  if (config.sandbox) {
    const synced = await syncHub88DemoCatalogue({
      db: database.db,
      outbound: config.outbound,
      timeoutMs: config.venueTimeoutMs,
    }).catch((error: unknown) => ({ ok: false as const, reason: String(error) }));
    if (synced.ok) app.log.info({ ...synced }, 'synced the demo Hub88 venue catalogue');
    else if (synced.reason !== 'not_hub88')
      app.log.warn({ ...synced }, 'could not sync the demo Hub88 venue catalogue');
  }
  // Every hub88 venue's catalogue once at start (then once a Beijing day, app.ts), one process at a time; a failure
  // leaves the games as they were.
  await syncHub88CataloguesAtStart(
    { db: database.db, outbound: config.outbound, timeoutMs: config.venueTimeoutMs, locks: database.locks },
    app.log,
  ).catch((error: unknown) => app.log.warn({ err: error }, 'could not sync the hub88 catalogues at start'));
}
