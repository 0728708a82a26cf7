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
import { ApiError, TRANSPORT } from '@h5/contract/api-error';

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
  /** Headers beside the token (the console's device id at sign-in). */
  headers?: Record<string, string>;
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

/**
 * The answer's envelope read through the contract: its parsed `data` on code 200, otherwise an ApiError (a 401 ends
 * the session first).
 */
function readEnvelope<E extends AdminEndpoint>(endpoint: E, raw: unknown): { data: DataOf<E>; message: string } {
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
    console.error(`[api] ${endpoint.method} ${endpoint.path}: answer does not match the contract`, parsed.error.issues);
    throw new ApiError(TRANSPORT.badResponse, '服务器返回的数据格式有误');
  }
  return { data: parsed.data as DataOf<E>, message };
}

/** What a failed call throws, after the one toast every failure but the 401 gets (unless the caller shows its own). */
function failed(error: unknown, silent: boolean | undefined): ApiError {
  const failure = error instanceof ApiError ? error : new ApiError(TRANSPORT.network, '网络异常');
  // The 401's answer is the sign-in page itself.
  if (!silent && failure.code !== BizCode.UNAUTHORIZED) showError(failure.message);
  return failure;
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
    const headers: Record<string, string> = { ...args.headers, Accept: 'application/json' };
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
    return readEnvelope(endpoint, raw);
  } catch (error) {
    throw failed(error, args.silent);
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

/** An upload can take a while on a slow link: 2 MB at 256 kbit/s is about a minute. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export interface UploadArgs<E extends AdminEndpoint> {
  file: Blob;
  /** The file's name as the operator's computer gave it (kept in the audit log only). */
  fileName?: string;
  /** The form's text fields beside the file (the contract's input). */
  input?: InputOf<E>;
  /** Called with 0-100 as the body goes out. */
  onProgress?: (percent: number) => void;
  silent?: boolean;
  signal?: AbortSignal;
}

/** Posts a multipart form with XMLHttpRequest (fetch cannot tell how much of a body has been sent). */
function sendForm(url: string, form: FormData, args: UploadArgs<AdminEndpoint>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        args.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      try {
        resolve(JSON.parse(xhr.responseText) as unknown);
      } catch {
        reject(new ApiError(TRANSPORT.badResponse, `服务器响应异常（${xhr.status}）`));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError(TRANSPORT.network, '网络异常，上传失败')));
    xhr.addEventListener('timeout', () => reject(new ApiError(TRANSPORT.timeout, '上传超时，请稍后再试')));
    xhr.addEventListener('abort', () => reject(new ApiError(TRANSPORT.network, '上传已取消')));
    args.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/**
 * A multipart call of the contract (`multipart: true`, the image upload): the file as the part `file`, the input's
 * fields beside it, the operator's token; progress reported as it goes. The answer is read as callAdmin reads one.
 */
export async function uploadAdmin<E extends AdminEndpoint & { multipart: true }>(
  endpoint: E,
  args: UploadArgs<E>,
): Promise<DataOf<E>> {
  try {
    const form = new FormData();
    for (const [key, value] of Object.entries((args.input ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) form.append(key, String(value));
    }
    form.append('file', args.file, args.fileName ?? (args.file instanceof File ? args.file.name : 'upload'));
    const raw = await sendForm(endpoint.path, form, args as UploadArgs<AdminEndpoint>);
    return readEnvelope(endpoint, raw).data;
  } catch (error) {
    throw failed(error, args.silent);
  }
}

/**
 * A file the server sends in place of the envelope (a report with `format=csv`), saved by the browser as
 * `filename`. The console's token travels in a header, which a plain link cannot send, so the file is fetched,
 * kept as a blob (its bytes as sent, byte-order mark included) and handed to a download link. A refusal arrives as
 * the envelope and fails like any call: its Chinese message shown once, an ApiError thrown. The timeout covers
 * waiting for the server to start answering, not the length of a long download.
 */
export async function downloadAdmin<E extends AdminEndpoint>(
  endpoint: E,
  filename: string,
  ...rest: MaybeArgs<E>
): Promise<void> {
  const args = (rest[0] ?? {}) as CallArgs<E>;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  args.signal?.addEventListener('abort', forwardAbort);
  let blob: Blob;
  try {
    const headers: Record<string, string> = { Accept: 'text/csv, application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const path = (adminPath as (e: AdminEndpoint, params?: object) => string)(endpoint, args.params);
    let response: Response;
    try {
      response = await fetch(`${path}${toQuery(args.input)}`, {
        method: endpoint.method,
        headers,
        signal: controller.signal,
      });
    } catch {
      throw new ApiError(
        controller.signal.aborted ? TRANSPORT.timeout : TRANSPORT.network,
        controller.signal.aborted ? '请求超时，请稍后再试' : '网络异常',
      );
    }
    clearTimeout(timer);
    if ((response.headers.get('Content-Type') ?? '').includes('application/json')) {
      let raw: unknown;
      try {
        raw = await response.json();
      } catch {
        throw new ApiError(TRANSPORT.badResponse, `服务器响应异常（${response.status}）`);
      }
      readEnvelope(endpoint, raw);
      throw new ApiError(TRANSPORT.badResponse, '服务器没有返回文件');
    }
    if (!response.ok) throw new ApiError(TRANSPORT.badResponse, `服务器响应异常（${response.status}）`);
    blob = await response.blob();
  } catch (error) {
    throw failed(error, args.silent);
  } finally {
    clearTimeout(timer);
    args.signal?.removeEventListener('abort', forwardAbort);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's default action ran; the blob can go after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
