import { BizCode, MSG, type endpoints, type BodyOf, type DataOf } from '@h5/contract';
import { Dialog, Toast } from 'antd-mobile';
import { endSession } from '../session/end-session';
import { getToken } from '../session/session-store';
import { ApiError, TRANSPORT } from './api-error';

export type Endpoint = (typeof endpoints)[keyof typeof endpoints];

export const REQUEST_TIMEOUT_MS = 30_000; // SPEC 7: request timeout is 30 s

export interface CallOptions {
  /** Do not show the server message as a danger toast (the caller shows its own feedback). */
  silent?: boolean;
  /**
   * What a 401 does. 'dialog' (default, SPEC 6): the 认证失败 dialog, then clear the session and go to login.
   * 'logout': the same without the dialog, for background polls (SPEC 8: on balance polling it is a forced logout).
   */
  onUnauthorized?: 'dialog' | 'logout';
  signal?: AbortSignal;
}

let authDialogOpen = false;

function handleUnauthorized(mode: 'dialog' | 'logout'): void {
  endSession();
  // Several calls may fail together when a token expires: show one dialog, never a loop of them.
  if (mode === 'logout' || authDialogOpen) return;
  authDialogOpen = true;
  Dialog.alert({
    title: MSG.authFailedTitle,
    content: MSG.notLoggedIn,
    onClose: () => {
      authDialogOpen = false;
    },
  });
}

function buildRequest(endpoint: Endpoint, body: unknown, signal: AbortSignal): [string, RequestInit] {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (endpoint.auth === 'member' && token) headers.Authorization = `Bearer ${token}`;
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
  } catch (error) {
    if (signal.aborted) throw new ApiError(TRANSPORT.timeout, '请求超时，请稍后再试');
    throw new ApiError(TRANSPORT.network, error instanceof Error ? error.message : '网络异常');
  }
  try {
    return await response.json();
  } catch {
    throw new ApiError(TRANSPORT.badResponse, `服务器响应异常（${response.status}）`);
  }
}

function readEnvelope(raw: unknown): { code: number; message: string; data: unknown } {
  if (typeof raw !== 'object' || raw === null || !('code' in raw)) {
    throw new ApiError(TRANSPORT.badResponse, MSG.serverError);
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
  body?: BodyOf<E>,
  options: CallOptions = {},
): Promise<DataOf<E>> {
  return (await callApiWithMessage(endpoint, body, options)).data;
}

/** As callApi, also giving the server message of a success (some screens show it: transfer, recycle). */
export async function callApiWithMessage<E extends Endpoint>(
  endpoint: E,
  body?: BodyOf<E>,
  options: CallOptions = {},
): Promise<{ data: DataOf<E>; message: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  try {
    const [url, init] = buildRequest(endpoint, body, controller.signal);
    const envelope = readEnvelope(await send(url, init, controller.signal));
    if (envelope.code === BizCode.UNAUTHORIZED) {
      handleUnauthorized(options.onUnauthorized ?? 'dialog');
      throw new ApiError(envelope.code, envelope.message || MSG.notLoggedIn);
    }
    if (envelope.code !== BizCode.OK) {
      if (!options.silent && envelope.message) Toast.show({ icon: 'fail', content: envelope.message });
      throw new ApiError(envelope.code, envelope.message);
    }
    const parsed = endpoint.data.safeParse(envelope.data);
    if (!parsed.success) {
      // Keep working on an answer that drifted from the contract, but say so where developers look.
      console.warn(`[api] ${endpoint.path}: answer does not match the contract`, parsed.error);
      return { data: envelope.data as DataOf<E>, message: envelope.message };
    }
    return { data: parsed.data as DataOf<E>, message: envelope.message };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}
