import type { EndpointDef } from '@h5/contract';
import { firstIssueMessage } from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badInput } from './errors';

/** What a handler returns: the envelope's data and, when the client shows it, its message. */
export interface Reply<T> {
  data: T;
  message?: string;
}

export interface RouteContext<B> {
  body: B;
  req: FastifyRequest;
  ip: string;
}

/** The member behind a request, as the authentication handed to a member route (accounts) found them. */
export interface AuthedMember {
  id: number;
  username: string;
  /** The hash of the session token the request came with (game launches end with that session). */
  sessionHash: string;
}

export type Authenticate = (req: FastifyRequest) => Promise<AuthedMember>;

type BodyOut<E extends EndpointDef> = z.output<E['body']>;
type DataIn<E extends EndpointDef> = z.input<E['data']>;

function parseBody<E extends EndpointDef>(endpoint: E, req: FastifyRequest): BodyOut<E> {
  const raw = endpoint.method === 'GET' ? req.query : req.body;
  const source = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const parsed = endpoint.body.safeParse(source);
  if (!parsed.success) throw badInput(firstIssueMessage(parsed.error));
  return parsed.data as BodyOut<E>;
}

function register<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  run: (req: FastifyRequest, body: BodyOut<E>) => Promise<Reply<DataIn<E>>>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req) => {
      const body = parseBody(endpoint, req);
      const reply = await run(req, body);
      return { code: 200, message: reply.message ?? 'ok', data: reply.data ?? null };
    },
  });
}

/** A route anyone may call (docs/member-app.md "Roles and permissions": visitors). */
export function publicRoute<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<BodyOut<E>>) => Promise<Reply<DataIn<E>>>,
) {
  if (endpoint.auth !== 'public') throw new Error(`${endpoint.path} is a member endpoint`);
  register(app, endpoint, (req, body) => handler({ body, req, ip: req.ip }));
}

/** A check a route runs after the token and before the body, e.g. that money calls are open (site maintenance). */
export type RouteGuard = (member: AuthedMember) => Promise<void>;

export interface MemberRouteOptions {
  guard?: RouteGuard;
}

/**
 * A route for logged-in members: the token is checked before the body, so a visitor learns nothing else; a guard,
 * when given, answers before the body is looked at.
 */
export function memberRoute<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  authenticate: Authenticate,
  handler: (ctx: RouteContext<BodyOut<E>> & { member: AuthedMember }) => Promise<Reply<DataIn<E>>>,
  options: MemberRouteOptions = {},
) {
  if (endpoint.auth !== 'member') throw new Error(`${endpoint.path} is a public endpoint`);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req) => {
      const member = await authenticate(req);
      await options.guard?.(member);
      const body = parseBody(endpoint, req);
      const reply = await handler({ body, req, ip: req.ip, member });
      return { code: 200, message: reply.message ?? 'ok', data: reply.data ?? null };
    },
  });
}

export { AppError };
