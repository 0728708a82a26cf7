import { BizCode } from '@h5/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a request body, at most `max` more bytes; answers whether it all arrived.
 * Answering a refused upload only after its body is in lets the client read the answer: a server that closes
 * while the client is still sending resets the connection, and browsers then show a network error instead.
 */
export function drainBody(raw: IncomingMessage, max: number): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (whole: boolean) => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > max) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.resume();
  });
}

/**
 * The error handler of an upload's own scope: a body past the scope's limit is a file too big, answered in the
 * envelope (code 400, `message`) on a normal answer sent once the body is in (at most `drainLimit` more bytes are
 * read and dropped), so the client reads the answer and the connection stays open. Other errors go on to the app's
 * handler.
 */
export function oversizeUploadHandler(message: string, drainLimit: number) {
  return async (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode !== 413) throw error;
    // Fastify asks to hang up after any body error; a body read whole leaves the connection fit for the next one.
    const whole = await drainBody(req.raw, drainLimit);
    if (whole && !/close/i.test(req.headers.connection ?? '')) reply.header('connection', 'keep-alive');
    return reply.status(200).send({ code: BizCode.BAD_INPUT, message, data: null });
  };
}

export interface UploadRouteOptions<Who> {
  /** The contract's endpoint: its method and path. */
  endpoint: { method: string; path: string };
  /** The route's body limit, which its multipart parser takes too. */
  bodyLimit: number;
  /** How much more of a body past the limit is read and dropped before answering `tooLarge`. */
  drainLimit: number;
  tooLarge: string;
  /** Who calls, checked on request, before a byte of the body is read: it throws to refuse the caller. */
  who: (req: FastifyRequest) => Promise<Who>;
  handler: (req: FastifyRequest, who: Who) => Promise<unknown>;
}

/**
 * A multipart upload route in a scope of its own, so the multipart parser and its body limit apply to this route
 * only: the caller is checked on request, before a byte of the body is read, so one refused never gets a file into
 * memory; a body past the limit is answered by `oversizeUploadHandler`. The handler gets the raw body (`req.body`, a
 * Buffer) and the caller.
 */
export async function uploadRoute<Who extends object>(
  app: FastifyInstance,
  options: UploadRouteOptions<Who>,
): Promise<void> {
  const { bodyLimit } = options;
  await app.register(async (scope) => {
    const callers = new WeakMap<FastifyRequest, Who>();
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit }, (_req, body, done) =>
      done(null, body),
    );
    scope.addHook('onRequest', async (req) => {
      callers.set(req, await options.who(req));
    });
    scope.setErrorHandler(oversizeUploadHandler(options.tooLarge, options.drainLimit));
    scope.route({
      method: options.endpoint.method,
      url: options.endpoint.path,
      bodyLimit,
      handler: async (req) => {
        const who = callers.get(req);
        if (!who) throw new Error(`upload ${options.endpoint.path} reached its handler without its caller`);
        return options.handler(req, who);
      },
    });
  });
}
