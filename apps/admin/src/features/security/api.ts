import { adminEndpoints, type AdminInputOf } from '@h5/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, callAdminWithMessage } from '../../shared/api/client';

const e = adminEndpoints;

/** A pending secret and its otpauth URI; nothing changes until a code confirms it. */
export function useTotpSetup() {
  return useMutation({ mutationFn: () => callAdmin(e.totpSetup) });
}

export function useTotpConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callAdminWithMessage(e.totpConfirm, { input: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: AdminInputOf<typeof e.password>) => callAdminWithMessage(e.password, { input }),
  });
}
