import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config';
import { clusterMetricsSource, startMetricsServer } from './modules/ops/metrics-server';

/** Why a WORKERS setting cannot run, or null. */
export function workersProblem(config: AppConfig): string | null {
  if (config.workers <= 1) return null;
  if (!config.databaseUrl) {
    return `WORKERS=${config.workers} needs DATABASE_URL: the embedded PGlite database is opened by one process only (leave WORKERS unset to run one)`;
  }
  if (!config.redisUrl) {
    return `WORKERS=${config.workers} needs REDIS_URL: sign-in and money-attempt limits must be counted across all the processes, or each would allow its own`;
  }
  return null;
}

/**
 * The primary of WORKERS processes (node:cluster): forks them to share the port, replaces one that dies, and on
 * SIGTERM or SIGINT asks each to finish its requests and waits for all (each keeps its own shutdown deadline).
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  let stopping = false;
  const workers = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      console.error(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
      // A worker that fails at once must not be restarted in a tight loop.
      setTimeout(fork, 1000).unref();
    });
  };
  // One scrape for the whole server: the primary asks every worker and sums what they report. Bound before any
  // worker is forked, so a port already taken stops the start with nothing left running.
  const metrics = config.metrics.port
    ? await startMetricsServer(clusterMetricsSource(), { port: config.metrics.port, host: config.metrics.host })
    : undefined;
  for (let i = 0; i < config.workers; i += 1) fork();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    metrics?.close();
    if (workers.size === 0) process.exit(0);
    for (const worker of workers) worker.process.kill(signal);
    // Workers exit by their own deadline; this one only guards against a worker that never answers a signal.
    setTimeout(() => {
      console.error('workers did not stop in time');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
