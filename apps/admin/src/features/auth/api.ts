import { adminEndpoints, type AdminInputOf } from '@h5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';
import { consoleDeviceId } from './console-device';

const e = adminEndpoints;

/** Sign-in; silent, because the page shows the refusal itself (and, without a code, a reminder of the code field). */
export function signInCall(input: AdminInputOf<typeof e.login>) {
  return callAdmin(e.login, { input, silent: true, headers: { 'x-console-device': consoleDeviceId() } });
}

/** 退出登录: the server ends the token; the console forgets it whatever the server answers. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason?: string) => {
      try {
        await callAdmin(e.logout, { silent: true });
      } finally {
        useSessionStore.getState().signOut(reason);
        queryClient.clear();
      }
    },
  });
}
