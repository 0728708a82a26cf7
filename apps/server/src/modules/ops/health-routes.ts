import type { FastifyInstance } from 'fastify';
import { readiness, type ReadinessDeps } from './readiness';

/**
 * /healthz (the process answers; touches nothing) and /readyz (it can serve: 503 naming what is missing), for load
 * balancers and orchestrators. Plain JSON with a real HTTP status, not the API's envelope, which always says 200;
 * no rate limit applies (none is installed outside the sign-in, registration and money paths).
 */
export function healthRoutes(app: FastifyInstance, deps: ReadinessDeps) {
  app.get('/healthz', (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    const { ready, missing } = await readiness(deps);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready ? { status: 'ready' } : { status: 'not ready', missing });
  });
}
