import { apiRoutes } from '@h5/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callApiWithMessage } from '../../shared/api/client';
import { uploadFile } from '../../shared/api/upload';
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
    // The success toast waits for the refreshed summary, so the stored copy a reload starts from holds the save.
    { refetch: USER, wait: true },
  );
}

/** POST /api/uploadimg with the file as multipart form data (docs/member-app.md "Server calls"), then the user info is refreshed. */
export async function uploadAvatar(file: File): Promise<string> {
  return String((await uploadFile(apiRoutes.uploadImg.path, file)).avatar ?? '');
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
