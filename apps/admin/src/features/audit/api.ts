import { adminEndpoints } from '@h5/contract';
import { callAdmin } from '../../shared/api/client';
import type { PageRequest } from '../../shared/table/use-paged-table';

export type AuditFilters = { operator: string; action: string; target: string; from: string; to: string };

export const fetchAudit = (f: AuditFilters, page: PageRequest, signal: AbortSignal) =>
  callAdmin(adminEndpoints.audit, { input: { ...f, ...page }, signal });
