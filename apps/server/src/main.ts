import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './db/seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.db });
if (config.seedDemo && (await seedIfEmpty(database.db, { sandbox: config.sandbox }))) {
  console.log('Seeded an empty database with demo content');
}
const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
const app = await buildApp({ db: database.db, config, redis });

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
console.log(`Serving on http://localhost:${config.port} (${database.kind})`);
