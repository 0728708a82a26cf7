import { BizCode } from '@h5/contract/biz-code';
import { MSG } from '@h5/contract/messages';
import { apiRoutes } from '@h5/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { callApiWithMessage, handleUnauthorized, REQUEST_TIMEOUT_MS } from '../../shared/api/client';
import { ApiError, TRANSPORT } from '@h5/contract/api-error';
import { getToken } from '../../shared/session/session-store';
import { useRefetchingMutation } from '../../shared/api/member-query';

/** After a profile change the user info (avatar, mobile, email, birthday) refetches; the stored copy follows it. */
const USER = ['user'];

export interface ProfileInput {
  email: string;
  mobile: string;
  birthday: string;
}

/** POST /api/updateuserinfo {email, mobile, birthday}; answers the server message (操作成功). */
export function useUpdateProfile() {
  return useRefetchingMutation(
    async (body: ProfileInput) => (await callApiWithMessage(apiRoutes.updateUserInfo, body)).message,
    { refetch: USER },
  );
}

/**
 * POST /api/uploadimg with the file as multipart form data (docs/member-app.md "Server calls"), then the user info is refreshed.
 * The typed client sends JSON only, so this one call builds its request here and keeps the client's rules:
 * bearer token, 30 s timeout, danger toast with the server message, a 401 ends the session with the 认证失败 dialog.
 */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const token = getToken();
  let raw: unknown;
  try {
    const response = await fetch(apiRoutes.uploadImg.path, {
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
  const envelope = (raw ?? {}) as { code?: unknown; message?: unknown; data?: { avatar?: unknown } | null };
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
  return String(envelope.data?.avatar ?? '');
}

export function useUploadAvatar() {
  return useRefetchingMutation(uploadAvatar, { refetch: USER, wait: true });
}

export interface PasswordChange {
  /** 1 the login password, 2 the withdrawal (pay) password. */
  type: 1 | 2;
  oldPassword: string;
  newPassword: string;
}

/** POST /api/editPassword or /api/editPayPassword {password: old, paypassword: new}. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ type, oldPassword, newPassword }: PasswordChange) => {
      const endpoint = type === 1 ? apiRoutes.editPassword : apiRoutes.editPayPassword;
      await callApiWithMessage(endpoint, { password: oldPassword, paypassword: newPassword });
    },
  });
}
