import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * The operators' console (apps/admin) at /admin/: hashed build files cached for a year, and index.html, revalidated
 * on every load so a new build is picked up, for /admin/ and every deep link of the console's router. Nothing of
 * it is referenced by the member app, which keeps its own files and policy.
 */
export async function serveConsole(app: FastifyInstance, dist: string) {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/admin/',
    // The member app's registration, when its build exists, has already given replies a sendFile.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    index: false,
    // One route per built file (listed at start-up) instead of a wildcard, which the deep-link route below needs.
    wildcard: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = /[\\/]assets[\\/]/.test(filePath);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/admin/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dist));
  app.get('/admin/*', (req, reply) => {
    // An unknown API call or a build file that is not there is no page: they keep their not-found answers.
    if (/^\/admin\/(api|assets)(\/|\?|$)/i.test(req.url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  });
}
