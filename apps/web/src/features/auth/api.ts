import { endpoints, type BodyOf } from '@h5/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { login } from '../../shared/session/session-actions';

/** POST /api/login_pc, then the session starts (token stored, user loaded). */
export function useLoginMutation() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof endpoints.loginPc>) => {
      const { api_token } = await callApi(endpoints.loginPc, body);
      await login(api_token);
    },
  });
}

/** POST /api/register, then the session starts as after login. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof endpoints.register>) => {
      const { api_token } = await callApi(endpoints.register, body);
      await login(api_token);
    },
  });
}
