import {
  type AdminEndpointDef,
  BizCode,
  firstIssueMessage,
  MSG,
  type OperatorRoleName,
  type PathParams,
} from '@h5/contract';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badInput } from './errors';
import type { Reply } from './route';

/** The operator behind a back-office request, as the authentication handed to the route (admin) found them. */
export interface AuthedOperator {
  id: number;
  username: string;
  role: OperatorRoleName;
  /** The hash of the token the request came with (logout ends it; a password change ends the others). */
  sessionHash: string;
  totpEnabled: boolean;
  /** The site requires two-factor sign-in and this operator has not enrolled: only enrolment calls are open. */
  mustEnroll: boolean;
}

export type AuthenticateOperator = (req: FastifyRequest) => Promise<AuthedOperator>;

export interface AdminContext<I, P extends string = string> {
  input: I;
  params: Record<P, string>;
  operator: AuthedOperator;
  req: FastifyRequest;
}

/** A download in place of the envelope (a report as CSV): streamed as it is produced. */
export interface FileReply {
  file: { stream: Readable; contentType: string; filename: string };
}

type InputOut<E extends AdminEndpointDef> = z.output<E['input']>;
type DataIn<E extends AdminEndpointDef> = z.input<E['data']>;

function parseInput<E extends AdminEndpointDef>(endpoint: E, req: FastifyRequest): InputOut<E> {
  const raw = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? req.query : req.body;
  const parsed = endpoint.input.safeParse(raw && typeof raw === 'object' ? raw : {});
  if (!parsed.success) throw badInput(firstIssueMessage(parsed.error));
  return parsed.data as InputOut<E>;
}

/**
 * The operator behind a request, allowed to make this call: the token (401), two-factor enrolment when the site
 * requires it, then the call's roles (403).
 */
export async function authorizeOperator(
  authenticate: AuthenticateOperator,
  endpoint: AdminEndpointDef,
  req: FastifyRequest,
): Promise<AuthedOperator> {
  const operator = await authenticate(req);
  if (operator.mustEnroll && !endpoint.beforeTwoFactor) throw new AppError(BizCode.FORBIDDEN, MSG.otpEnrollFirst);
  if (!endpoint.roles.includes(operator.role)) throw new AppError(BizCode.FORBIDDEN, MSG.operatorForbidden);
  return operator;
}

/**
 * A back-office route from its contract definition (packages/contract admin.ts): operator token, two-factor
 * enrolment when the site requires it, role check, then the input, all answered in the envelope.
 */
export function adminRoute<E extends AdminEndpointDef>(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  endpoint: E,
  handler: (ctx: AdminContext<InputOut<E>, PathParams<E['path']>>) => Promise<Reply<DataIn<E>> | FileReply>,
) {
  if (endpoint.auth !== 'operator') throw new Error(`${endpoint.path} is not an operator endpoint`);
  if (endpoint.multipart) throw new Error(`${endpoint.path} takes multipart/form-data: register it as an upload`);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, res) => {
      const operator = await authorizeOperator(authenticate, endpoint, req);
      const input = parseInput(endpoint, req);
      const reply = await handler({
        input,
        params: (req.params ?? {}) as Record<PathParams<E['path']>, string>,
        operator,
        req,
      });
      if ('file' in reply) {
        const { stream, contentType, filename } = reply.file;
        return res
          .header('content-type', contentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(stream);
      }
      return { code: 200, message: reply.message ?? 'ok', data: reply.data ?? null };
    },
  });
}

/** The one back-office call without a token (the sign-in): input parsed from the contract, envelope out. */
export function adminPublicRoute<E extends AdminEndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: { input: InputOut<E>; req: FastifyRequest }) => Promise<Reply<DataIn<E>>>,
) {
  if (endpoint.auth !== 'public') throw new Error(`${endpoint.path} needs an operator`);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req) => {
      const reply = await handler({ input: parseInput(endpoint, req), req });
      return { code: 200, message: reply.message ?? 'ok', data: reply.data ?? null };
    },
  });
}

/** A numeric route parameter (a member id) or a 404-style answer. */
export function idParam(params: Partial<Record<string, string>>, name = 'id'): number {
  const value = params[name] ?? '';
  if (!/^\d{1,9}$/.test(value)) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return Number(value);
}
