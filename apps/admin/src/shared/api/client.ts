import {
  adminPath,
  BizCode,
  type AdminDataOf,
  type AdminEndpointDef,
  type AdminInputOf,
  type Paginator,
  type PathParams,
} from '@h5/contract';
import { getToken, useSessionStore } from '../session/session-store';
import { showError } from '../ui/feedback';
import { ApiError, TRANSPORT } from './api-error';

/** A back-office call of the contract's registry (`adminEndpoints`). */
export type AdminEndpoint = AdminEndpointDef;
export type InputOf<E extends AdminEndpoint> = AdminInputOf<E>;
export type DataOf<E extends AdminEndpoint> = AdminDataOf<E>;
/** The row type of a paged call. */
export type RowOf<E extends AdminEndpoint> = DataOf<E> extends Paginator<infer Row> ? Row : never;

type PathArgs<E extends AdminEndpoint> = [PathParams<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<E['path']>, string | number> };

export type CallArgs<E extends AdminEndpoint> = PathArgs<E> & {
  /** The query string of GET and DELETE, the JSON body otherwise. */
  input?: InputOf<E>;
  /** Do not show the server's message as the error toast (the caller shows its own feedback). */
  silent?: boolean;
  signal?: AbortSignal;
};

export const REQUEST_TIMEOUT_MS = 30_000;

function toQuery(body: unknown): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

async function send(url: string, init: RequestInit, signal: AbortSignal): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (signal.aborted) throw new ApiError(TRANSPORT.timeout, '请求超时，请稍后再试');
    throw new ApiError(
      TRANSPORT.network,
      error instanceof Error && error.message ? `网络异常：${error.message}` : '网络异常',
    );
  }
  try {
    return await response.json();
  } catch {
    throw new ApiError(TRANSPORT.badResponse, `服务器响应异常（${response.status}）`);
  }
}

/** A 401: the session is over (expired, signed out elsewhere, operator disabled); the guard returns to 登录. */
function endSession() {
  if (useSessionStore.getState().session) useSessionStore.getState().signOut('登录已失效，请重新登录');
}

async function request<E extends AdminEndpoint>(
  endpoint: E,
  args: CallArgs<E>,
): Promise<{ data: DataOf<E>; message: string }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  args.signal?.addEventListener('abort', forwardAbort);
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const path = (adminPath as (e: AdminEndpoint, params?: object) => string)(endpoint, args.params);
    const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const init: RequestInit = { method: endpoint.method, headers, signal: controller.signal };
    if (!inQuery) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(args.input ?? {});
    }
    const raw = await send(inQuery ? `${path}${toQuery(args.input)}` : path, init, controller.signal);
    if (typeof raw !== 'object' || raw === null || !('code' in raw)) {
      throw new ApiError(TRANSPORT.badResponse, '服务器响应异常');
    }
    const envelope = raw as { code: unknown; message?: unknown; data?: unknown };
    const code = Number(envelope.code);
    const message = String(envelope.message ?? '');
    if (code === BizCode.UNAUTHORIZED) {
      endSession();
      throw new ApiError(code, message || '请先登录');
    }
    if (code !== BizCode.OK) throw new ApiError(code, message || '操作失败');
    // The answer is read through the contract's schema: a server that drifted from it fails here, loudly,
    // instead of a screen showing undefined.
    const parsed = endpoint.data.safeParse(envelope.data);
    if (!parsed.success) {
      console.error(
        `[api] ${endpoint.method} ${endpoint.path}: answer does not match the contract`,
        parsed.error.issues,
      );
      throw new ApiError(TRANSPORT.badResponse, '服务器返回的数据格式有误');
    }
    return { data: parsed.data as DataOf<E>, message };
  } catch (error) {
    const failure = error instanceof ApiError ? error : new ApiError(TRANSPORT.network, '网络异常');
    // One toast for every failure but the 401, whose answer is the sign-in page itself.
    if (!args.silent && failure.code !== BizCode.UNAUTHORIZED) showError(failure.message);
    throw failure;
  } finally {
    clearTimeout(timer);
    args.signal?.removeEventListener('abort', forwardAbort);
  }
}

type MaybeArgs<E extends AdminEndpoint> = [PathParams<E['path']>] extends [never]
  ? [args?: CallArgs<E>]
  : [args: CallArgs<E>];

/**
 * The one way the console talks to the server: the contract's endpoint in, its parsed `data` out on code 200;
 * otherwise an ApiError after the error toast (401: the session ends and the console returns to 登录).
 */
export async function callAdmin<E extends AdminEndpoint>(endpoint: E, ...rest: MaybeArgs<E>): Promise<DataOf<E>> {
  return (await request(endpoint, (rest[0] ?? {}) as CallArgs<E>)).data;
}

/** As callAdmin, also giving the server's message of a success (recycling says how much came back). */
export async function callAdminWithMessage<E extends AdminEndpoint>(
  endpoint: E,
  ...rest: MaybeArgs<E>
): Promise<{ data: DataOf<E>; message: string }> {
  return request(endpoint, (rest[0] ?? {}) as CallArgs<E>);
}
