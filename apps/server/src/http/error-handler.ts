import { BizCode, MSG } from '@h5/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isRetryableConflict } from '../db/conflicts';
import { AppError } from './errors';
import { pathOnly } from './log-redaction';

export const isApiPath = (url: string) => /^\/(admin\/)?api(\/|$)/i.test(url);

/**
 * Every answer of the API is HTTP 200 with the envelope {code, message, data}; clients key on `code`
 * (docs/wire-rules.md "Wire details": an expired token is code 401 in the body). Unexpected errors are logged with the request id
 * and never leak a stack or SQL to the client.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(200).send({ code: error.code, message: error.message, data: error.data });
    }
    if (isRetryableConflict(error)) {
      // A deadlock or serialization failure that outlived its retry: the transaction was rolled back whole.
      req.log.warn({ reqId: req.id, method: req.method, path: pathOnly(req.url) }, 'database conflict');
      return reply.status(200).send({ code: BizCode.CONFLICT, message: MSG.serverBusy, data: null });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) {
      return reply.status(200).send({ code: BizCode.BAD_INPUT, message: MSG.bodyTooLarge, data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, an unsupported content type and the like: the client sent something we cannot read.
      return reply.status(200).send({ code: BizCode.BAD_INPUT, message: MSG.badInput, data: null });
    }
    // The err serializer (log-redaction.ts) keeps SQL parameters out; the path is logged without its query.
    req.log.error({ err: error, reqId: req.id, method: req.method, path: pathOnly(req.url) }, 'unexpected error');
    return reply.status(200).send({ code: BizCode.SERVER_ERROR, message: MSG.serverError, data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url)) {
      return reply.status(200).send({ code: BizCode.ROUTE_NOT_FOUND, message: MSG.routeNotFound, data: null });
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('页面不存在');
  });
}
