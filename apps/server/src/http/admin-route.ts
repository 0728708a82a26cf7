import { BizCode, firstIssueMessage, MSG } from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthedOperator } from '../modules/admin/admin-service';
import type { OperatorRole } from '../modules/admin/admin-tables';
import { AppError, badInput } from './errors';
import type { Reply } from './route';

export type AuthenticateOperator = (req: FastifyRequest) => Promise<AuthedOperator>;

export interface AdminRouteOptions<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Roles allowed besides admin, which may do everything (DESIGN "Operators"). */
  roles: readonly OperatorRole[];
  /** The body (POST, PUT) or query (GET, DELETE) schema. */
  input?: S;
}

export interface AdminContext<I> {
  input: I;
  params: Record<string, string>;
  operator: AuthedOperator;
  req: FastifyRequest;
}

/** A back-office route: operator token, role check, then the input, all answered in the envelope. */
export function adminRoute<S extends z.ZodType = z.ZodObject>(
  app: FastifyInstance,
  authenticate: AuthenticateOperator,
  options: AdminRouteOptions<S>,
  handler: (ctx: AdminContext<z.output<S>>) => Promise<Reply<unknown>>,
) {
  app.route({
    method: options.method,
    url: options.url,
    handler: async (req) => {
      const operator = await authenticate(req);
      if (operator.role !== 'admin' && !options.roles.includes(operator.role)) {
        throw new AppError(BizCode.FORBIDDEN, MSG.operatorForbidden);
      }
      const raw = options.method === 'GET' || options.method === 'DELETE' ? req.query : req.body;
      const schema = options.input ?? z.object({});
      const parsed = schema.safeParse(raw && typeof raw === 'object' ? raw : {});
      if (!parsed.success) throw badInput(firstIssueMessage(parsed.error));
      const reply = await handler({
        input: parsed.data as z.output<S>,
        params: (req.params ?? {}) as Record<string, string>,
        operator,
        req,
      });
      return { code: 200, message: reply.message ?? 'ok', data: reply.data ?? null };
    },
  });
}

/** A numeric route parameter (a member id) or a 404-style answer. */
export function idParam(params: Record<string, string>, name = 'id'): number {
  const value = params[name] ?? '';
  if (!/^\d{1,9}$/.test(value)) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return Number(value);
}
