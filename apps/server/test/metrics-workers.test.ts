import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { freePort, serverProcesses } from './processes';
import { parseExposition, valueOf } from './scrape-metrics';

// WORKERS=2 with METRICS_PORT: the primary answers the scrape with what every worker counted, summed.
const { start, ready, freshDatabase, redisDatabase, cleanup } = serverProcesses();
afterAll(cleanup);

/** A request on a connection of its own, so the primary hands each to the next worker in turn. */
function freshConnectionPost(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: 'POST', agent: false, headers: { connection: 'close', 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe.skipIf(!testDatabaseUrl() || !testRedisUrl())('metrics under WORKERS', () => {
  it('sum the requests both workers served on the primary’s metrics port', async () => {
    const url = await freshDatabase();
    const metricsPort = await freePort();
    const server = await start({
      DATABASE_URL: url.toString(),
      REDIS_URL: await redisDatabase(5),
      WORKERS: '2',
      PUBLIC_URL: 'https://m.example.test',
      METRICS_PORT: String(metricsPort),
    });
    await ready(server.base, server.child);
    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      return res.status === 200 ? parseExposition(await res.text()).samples : null;
    };
    // Both workers answer the primary once each has started (compiling the sources takes a while on a busy machine).
    let before = await scrape();
    for (let i = 0; i < 120 && valueOf(before ?? [], 'h5_server_processes') !== 2; i += 1) {
      await new Promise((r) => setTimeout(r, 500));
      before = await scrape();
    }
    expect(valueOf(before ?? [], 'h5_server_processes')).toBe(2);

    const statuses = await Promise.all(Array.from({ length: 40 }, () => freshConnectionPost(server.base, '/api/app')));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const after = (await scrape())!;
    const served = (samples: typeof after) =>
      valueOf(samples, 'h5_http_requests_total', { method: 'POST', route: '/api/app', status: '200', code: '200' }) ??
      0;
    // Each worker counts only the requests it served: the sum is all 40 only when both are reported.
    expect(served(after) - served(before!)).toBe(40);
    expect(valueOf(after, 'h5_server_processes')).toBe(2);
    // What every worker reports alike (a job's period, figures read from the database) is kept once, not doubled.
    expect(valueOf(after, 'h5_scheduled_job_interval_seconds', { task: 'ledger-check' })).toBe(900);
    expect(valueOf(after, 'h5_ready')).toBe(1);
    expect(valueOf(after, 'h5_db_pool_connections', { state: 'waiting' })).toBe(0);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // Two processes compiling the sources and starting on a busy machine take far longer than a usual test.
  }, 180_000);
});
