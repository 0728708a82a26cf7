import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, type Registry } from 'prom-client';

export interface MetricsSource {
  contentType: string;
  metrics(): Promise<string>;
}

/**
 * GET /metrics on a port of its own (METRICS_PORT), apart from the site's: it is never behind the public load
 * balancer, so it needs no token, and under WORKERS the primary answers for all of them.
 */
export async function startMetricsServer(
  source: MetricsSource,
  where: { port: number; host: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { 'content-type': source.contentType }).end(text),
      (error: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return server;
}

/** The primary of WORKERS: asks every worker for its metrics and sums them (each metric's own aggregator). */
export function clusterMetricsSource(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

/** A worker: answers its primary's requests with this registry. */
export function answerPrimaryWith(registry: Registry) {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener for the primary's requests in this worker.
  new AggregatorRegistry();
}
