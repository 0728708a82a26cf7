import { randomBytes } from 'node:crypto';
import { MSG } from '@h5/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameText } from '../../providers/epay';

/** A control token for a sandbox started without SANDBOX_CONTROL_TOKEN: printed at start, unguessable. */
export const newControlToken = () => randomBytes(24).toString('base64url');

/**
 * The sandbox aggregator's test controls (planned outcomes, faults) change what it answers: only whoever holds the
 * control token (Authorization: Bearer) may use them, not anyone who can reach the site.
 */
export function requireControlToken(token: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameText(given, token))
      return reply.code(401).send({ code: 401, message: MSG.sandboxControlUnauthorized, data: null });
  };
}
