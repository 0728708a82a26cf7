import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A front end's build served at `prefix` (the member app at /, the console at /admin/): the .br and .gz the build
 * writes beside each file (scripts/compress-dist.ts) are sent to browsers that take them; hashed build files never
 * change and are cached for a year, anything else (index.html) is revalidated to pick up a new build. No directory
 * index: each app routes its own index.html.
 */
export function builtFiles(root: string, prefix: string) {
  return {
    root,
    prefix,
    index: false as const,
    preCompressed: true,
    setHeaders(reply: FastifyReply, filePath: string) {
      const hashed = /[\\/]assets[\\/]/.test(filePath);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  };
}

/**
 * The operators' console (apps/admin) at /admin/: hashed build files cached for a year, and index.html, revalidated
 * on every load so a new build is picked up, for /admin/ and every deep link of the console's router. Nothing of
 * it is referenced by the member app, which keeps its own files (under the same caching, builtFiles).
 */
export async function serveConsole(app: FastifyInstance, dist: string) {
  await app.register(fastifyStatic, {
    ...builtFiles(dist, '/admin/'),
    // The member app's registration, when its build exists, has already given replies a sendFile.
    decorateReply: !app.hasReplyDecorator('sendFile'),
    // One route per built file (listed at start-up) instead of a wildcard, which the deep-link route below needs.
    wildcard: false,
  });
  app.get('/admin/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dist));
  app.get('/admin/*', (req, reply) => {
    // An unknown API call or a build file that is not there is no page: they keep their not-found answers.
    if (/^\/admin\/(api|assets)(\/|\?|$)/i.test(req.url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
  });
}
