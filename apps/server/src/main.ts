import cluster from 'node:cluster';
import { runPrimary, workersProblem } from './cluster';
import { ensureSandboxControlToken, loadConfig, publicUrlProblem } from './config';
import { prepareDatabase, serve } from './server-process';

const config = loadConfig();
const problem = workersProblem(config) ?? publicUrlProblem(config);
if (problem) {
  console.error(problem);
  process.exit(1);
}

const madeToken = ensureSandboxControlToken(config);
if (madeToken) console.log(`Sandbox aggregator control token (Authorization: Bearer): ${madeToken}`);

if (config.workers > 1 && cluster.isPrimary) {
  await prepareDatabase(config);
  await runPrimary(config);
  console.log(`Serving on http://localhost:${config.port} with ${config.workers} worker processes (postgres)`);
} else {
  await serve(config, { prepare: cluster.isPrimary });
  if (cluster.isPrimary)
    console.log(`Serving on http://localhost:${config.port} (${config.databaseUrl ? 'postgres' : 'pglite'})`);
}
