import { adminEndpoints } from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../api/client';
import { useSessionStore } from './session-store';

export const meKey = ['me'] as const;

/** The signed-in operator as the server sees it now (two factors, whether enrolment is required, idle limit). */
export function useMe() {
  const token = useSessionStore((s) => s.session?.token);
  return useQuery({
    queryKey: [...meKey, token],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.me, { signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}
