import { BizCode, MSG } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './error-handler';

/** What Fastify answers itself to a call that arrives while the server closes (its `return503OnClosing`). */
const FASTIFY_CLOSING_BODY = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';

/**
 * A call that arrives while the server stops (docs/operations.md "Crashes lose nothing") is turned away before
 * anything runs: HTTP 503 and, on the members' and operators' APIs, the envelope with code 503 and a Chinese message
 * (docs/wire-rules.md "Wire details"), so the app shows a sentence and the caller sends it again. Health checks and
 * pages answer the 503 Fastify gives, readiness included: a load balancer sees the process is going. The app is built
 * with `return503OnClosing: false`, so such a call reaches this hook, the first of every request.
 */
export function installStoppingAnswer(app: FastifyInstance) {
  let stopping = false;
  // preClose runs once close() has begun, while the port still listens and calls in flight are still being served.
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (req, reply) => {
    if (!stopping) return;
    // Fastify has marked the answer Connection: close already: the caller opens a new connection to send it again.
    reply.code(503);
    if (isApiPath(req.url)) return reply.send({ code: BizCode.UNAVAILABLE, message: MSG.serverRestarting, data: null });
    return reply.type('application/json').send(FASTIFY_CLOSING_BODY);
  });
}
