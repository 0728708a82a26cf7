import type { FastifyInstance } from 'fastify';

/**
 * The content security policy of our pages. Scripts only from our origin; styles may be inline (antd-mobile sets
 * style attributes); frames may load our own pages and the venues' game pages, which live on their own hosts;
 * only our own pages may frame us.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https: http:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** A policy that lets one page run its own inline script, identified by a per-response nonce. */
export const cspWithScriptNonce = (nonce: string) =>
  PAGE_CSP.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`);

export function installSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-request-id', req.id);
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.includes('text/html')) {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', PAGE_CSP);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
  });
}
