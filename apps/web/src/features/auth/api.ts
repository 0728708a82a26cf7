import type { BodyOf, Endpoints } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { login } from '../../shared/session/session-actions';

/** POST /api/login_pc, then the session starts (token stored, user loaded). */
export function useLoginMutation() {
  return useMutation({
    mutationFn: async (body: BodyOf<Endpoints['loginPc']>) => {
      const { api_token } = await callApi(apiRoutes.loginPc, body);
      await login(api_token);
    },
  });
}

/** POST /api/register, then the session starts as after login. */
export function useRegisterMutation() {
  return useMutation({
    mutationFn: async (body: BodyOf<Endpoints['register']>) => {
      const { api_token } = await callApi(apiRoutes.register, body);
      await login(api_token);
    },
  });
}
