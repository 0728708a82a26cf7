import { adminEndpoints, type OperatorRoleName } from '@h5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';

const e = adminEndpoints;
export const operatorsKey = ['operators'] as const;

export function useOperators() {
  return useQuery({ queryKey: operatorsKey, queryFn: ({ signal }) => callAdmin(e.operators, { signal }) });
}

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; role: OperatorRoleName }) => callAdmin(e.operatorCreate, { input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}

export const changeRoleCall = (id: number, role: OperatorRoleName) =>
  callAdmin(e.operatorUpdate, { params: { id }, input: { role } });
export const operatorStateCall = (id: number, state: 0 | 1) =>
  callAdmin(e.operatorState, { params: { id }, input: { state } });
export const resetTotpCall = (id: number) => callAdmin(e.operatorTotpReset, { params: { id } });

const settingsKey = ['settings'] as const;

/** The site setting that requires two-factor sign-in of every operator. */
export function useTotpRequired() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callAdmin(e.settings, { signal }),
    select: (s) => s.operator_totp_required === 1,
  });
}

export function useSetTotpRequired() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => callAdmin(e.settingsUpdate, { input: { operator_totp_required: on ? 1 : 0 } }),
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}
