import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL's origin: every address the server hands out is built from it when set. */
    publicUrl: string | undefined;
  }
}

export function installPublicOrigin(app: FastifyInstance, publicUrl: string | undefined) {
  app.decorate('publicUrl', publicUrl);
}

/**
 * The site's origin in the addresses handed out (gateway notify and return, venue return, agent and avatar links):
 * PUBLIC_URL; only without it (the sandbox on localhost: production refuses to start) the request's own, since a
 * Host header is whatever the caller sends.
 */
export const siteOrigin = (req: FastifyRequest) => req.server.publicUrl ?? `${req.protocol}://${req.host}`;

/** The site's origin, so avatar URLs are absolute (docs/wire-rules.md "Accounts": avatar is a full URL): PUBLIC_URL when set. */
export const requestOrigin = siteOrigin;
