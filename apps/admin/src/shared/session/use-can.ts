import type { AdminEndpointDef } from '@h5/contract';
import { useSessionStore } from './session-store';

/** Whether the signed-in operator's role may make this call (the contract lists the roles of each). */
export function useCan(endpoint: Pick<AdminEndpointDef, 'roles'>): boolean {
  const role = useSessionStore((s) => s.session?.role);
  return role !== undefined && endpoint.roles.includes(role);
}
