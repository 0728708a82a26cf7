import type { FastifyRequest } from 'fastify';

/**
 * A client may send an Idempotency-Key header with a money request: the same key never moves money twice (a
 * double tap, a retried request). A missing or malformed key answers undefined: that request is its own movement.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const header = req.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  return key && /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : undefined;
}
