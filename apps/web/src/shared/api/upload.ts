import { ApiError, TRANSPORT } from '@h5/contract/api-error';
import { BizCode } from '@h5/contract/biz-code';
import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { getToken } from '../session/session-store';
import { handleUnauthorized, REQUEST_TIMEOUT_MS } from './client';

/**
 * POSTs one file as multipart form data (field `file`) and answers the envelope's data. The typed client sends JSON
 * only, so an upload builds its request here and keeps the client's rules: bearer token, 30 s timeout, danger toast
 * with the server message, a 401 ends the session with the 认证失败 dialog.
 */
export async function uploadFile(path: string, file: File): Promise<Record<string, unknown>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const token = getToken();
  let raw: unknown;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: token
        ? { Authorization: `Bearer ${token}`, Accept: 'application/json' }
        : { Accept: 'application/json' },
      body: form,
      signal: controller.signal,
    });
    raw = await response.json();
  } catch {
    Toast.show({ icon: 'fail', content: MSG.serverError });
    throw new ApiError(TRANSPORT.network, MSG.serverError);
  } finally {
    clearTimeout(timer);
  }
  const envelope = (raw ?? {}) as { code?: unknown; message?: unknown; data?: Record<string, unknown> | null };
  const code = Number(envelope.code);
  const message = String(envelope.message ?? '');
  if (code === BizCode.UNAUTHORIZED) {
    handleUnauthorized();
    throw new ApiError(code, message || MSG.notLoggedIn);
  }
  if (code !== BizCode.OK) {
    if (message) Toast.show({ icon: 'fail', content: message });
    throw new ApiError(code, message);
  }
  return envelope.data ?? {};
}
