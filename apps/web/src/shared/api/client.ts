// Values come from zod-free modules of the contract only: zod stays out of the entry (bench/page-weight.ts).
import type { BodyOf, DataOf } from '@h5/contract';
import { BizCode } from '@h5/contract/biz-code';
import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import type { ApiRoute, EndpointOfRoute } from '@h5/contract/routes';
import { endSession } from '../session/end-session';
import { getToken } from '../session/session-store';
import { ApiError, TRANSPORT } from '@h5/contract/api-error';
import { reportNetwork } from './network-state';
import { showAlert, showToast } from '../ui/feedback';

/** A route of the contract's `apiRoutes` (or an `endpoints` entry, which has the same method, path and auth). */
export type Endpoint = ApiRoute;
type Body<E extends Endpoint> = BodyOf<EndpointOfRoute<E>>;
type Data<E extends Endpoint> = DataOf<EndpointOfRoute<E>>;

export const REQUEST_TIMEOUT_MS = 30_000; // docs/member-app.md "Server calls": request timeout is 30 s

export interface CallOptions {
  /** Do not show the server message as a danger toast (the caller shows its own feedback). */
  silent?: boolean;
  /**
   * What a 401 does. 'dialog' (default, docs/member-app.md "Roles and permissions": every 401): the 认证失败 dialog, then clear the session and go to
   * login. 'logout': the same without the dialog, only for the logoff call, where the member has asked to leave.
   */
  onUnauthorized?: 'dialog' | 'logout';
  signal?: AbortSignal;
  /**
   * Sent as the Idempotency-Key header (8-64 of [A-Za-z0-9_-]) on money requests: made once per user action and
   * reused on a retry of that action, so the server never moves money twice for it (newIdempotencyKey()).
   */
  idempotencyKey?: string;
}

/** A fresh key for one user action (see CallOptions.idempotencyKey). */
export function newIdempotencyKey(): string {
  // getRandomValues, not randomUUID: the latter exists only in secure contexts (a plain-HTTP H5 host lacks it).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let authDialogOpen = false;

/** A 401 answer (docs/member-app.md "Roles and permissions"): the session ends and, unless the member is logging out, the 认证失败 dialog says why. */
export function handleUnauthorized(mode: 'dialog' | 'logout' = 'dialog'): void {
  endSession();
  // Several calls may fail together when a token expires: show one dialog, never a loop of them.
  if (mode === 'logout' || authDialogOpen) return;
  authDialogOpen = true;
  void showAlert({
    title: FIRST_SCREEN_MSG.authFailedTitle,
    content: FIRST_SCREEN_MSG.notLoggedIn,
    onClose: () => {
      authDialogOpen = false;
    },
  });
}

function buildRequest(
  endpoint: Endpoint,
  body: unknown,
  signal: AbortSignal,
  idempotencyKey?: string,
): [string, RequestInit] {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (endpoint.auth === 'member' && token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (endpoint.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    const qs = query.toString();
    return [qs ? `${endpoint.path}?${qs}` : endpoint.path, { method: 'GET', headers, signal }];
  }
  headers['Content-Type'] = 'application/json';
  return [endpoint.path, { method: 'POST', headers, body: JSON.stringify(body ?? {}), signal }];
}

async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
    reportNetwork(true);
  } catch (error) {
    if (signal.aborted) throw new ApiError(TRANSPORT.timeout, '请求超时，请稍后再试');
    reportNetwork(false);
    throw new ApiError(TRANSPORT.network, error instanceof Error ? error.message : '网络异常');
  }
  try {
    return await response.json();
  } catch {
    throw new ApiError(TRANSPORT.badResponse, `服务器响应异常（${response.status}）`);
  }
}

/** Development only (dropped from production builds): warns when an answer does not match the contract. */
async function checkAnswerShape(route: Endpoint, data: unknown): Promise<void> {
  const { endpointList } = await import('@h5/contract/endpoints');
  const def = endpointList().find((e) => e.method === route.method && e.path === route.path);
  const parsed = def?.data.safeParse(data);
  if (parsed && !parsed.success) console.warn(`[api] ${route.path}: answer does not match the contract`, parsed.error);
}

function readEnvelope(raw: unknown): { code: number; message: string; data: unknown } {
  if (typeof raw !== 'object' || raw === null || !('code' in raw)) {
    throw new ApiError(TRANSPORT.badResponse, FIRST_SCREEN_MSG.serverError);
  }
  const envelope = raw as { code: unknown; message?: unknown; data?: unknown };
  return { code: Number(envelope.code), message: String(envelope.message ?? ''), data: envelope.data };
}

/**
 * The one way the web app talks to the server: sends the contract's endpoint, answers its `data` on code 200,
 * otherwise throws ApiError (after the danger toast, unless silent; after the expiry handling on 401).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  body?: Body<E>,
  options: CallOptions = {},
): Promise<Data<E>> {
  return (await callApiWithMessage(endpoint, body, options)).data;
}

/** As callApi, also giving the server message of a success (some screens show it: transfer, recycle). */
export async function callApiWithMessage<E extends Endpoint>(
  endpoint: E,
  body?: Body<E>,
  options: CallOptions = {},
): Promise<{ data: Data<E>; message: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  try {
    const [url, init] = buildRequest(endpoint, body, controller.signal, options.idempotencyKey);
    const envelope = readEnvelope(await send(url, init, controller.signal));
    if (envelope.code === BizCode.UNAUTHORIZED) {
      handleUnauthorized(options.onUnauthorized ?? 'dialog');
      throw new ApiError(envelope.code, envelope.message || FIRST_SCREEN_MSG.notLoggedIn);
    }
    if (envelope.code !== BizCode.OK) {
      if (!options.silent && envelope.message) showToast({ icon: 'fail', content: envelope.message });
      throw new ApiError(envelope.code, envelope.message);
    }
    // The answer is trusted as typed: parsing every answer with zod would put zod on the first download.
    // During development a background check still reports drift from the contract where developers look.
    if (import.meta.env.DEV) void checkAnswerShape(endpoint, envelope.data);
    return { data: envelope.data as Data<E>, message: envelope.message };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}
