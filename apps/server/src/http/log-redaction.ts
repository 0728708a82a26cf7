/**
 * Log lines never carry what a request or a query was given: SQL parameters hold card numbers and token hashes,
 * query strings hold game tickets. Query errors are logged by name, code and SQL text only.
 */

interface QueryError {
  query: string;
  params: unknown;
  cause?: unknown;
}

const isQueryError = (e: unknown): e is QueryError =>
  typeof e === 'object' && e !== null && typeof (e as QueryError).query === 'string' && 'params' in e;

/** PostgreSQL quotes the offending value in some messages (`invalid input syntax for type integer: "…"`). */
const cleanMessage = (message: unknown): string =>
  String(message ?? '')
    .replace(/:\s*"[^"]*"/g, ': "[redacted]"')
    .slice(0, 500);

/** A request URL without its query string. */
export const pathOnly = (url: string): string => url.split('?')[0] ?? '';

type LoggedError = {
  [key: string]: unknown;
  type: string;
  code?: string;
  message: string;
  stack: string;
  sql?: string;
  cause?: LoggedError;
};

/** The parts of an error that are safe to log; the `err` serializer of every log line of the app. */
export function loggableError(error: unknown, depth = 0): LoggedError {
  const e = (typeof error === 'object' && error !== null ? error : { message: error }) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    stack?: unknown;
    cause?: unknown;
    constructor?: { name?: string };
  };
  // Some error classes (drizzle's query error among them) leave `name` as plain "Error": the class says more.
  const type = typeof e.name === 'string' && e.name !== 'Error' ? e.name : (e.constructor?.name ?? 'Error');
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? String(e.code) : undefined;
  const cause = e.cause !== undefined && depth < 3 ? loggableError(e.cause, depth + 1) : undefined;
  const message = isQueryError(error) ? 'query failed' : cleanMessage(e.message);
  // The stack's first line repeats the message: only the frames are kept, under the cleaned message.
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type,
    ...(code ? { code } : {}),
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    // drizzle's "Failed query: … params: …" message is left out: the SQL text alone says which query failed.
    ...(isQueryError(error) ? { sql: error.query.slice(0, 2000) } : {}),
    ...(cause ? { cause } : {}),
  };
}

/** Pino serializers for the app's logger: errors as above, requests by method and path only. */
export const logSerializers = {
  err: (error: unknown) => loggableError(error),
  req: (req: { method?: string; url?: string; id?: string }) => ({
    id: req.id,
    method: req.method,
    path: pathOnly(req.url ?? ''),
  }),
};
