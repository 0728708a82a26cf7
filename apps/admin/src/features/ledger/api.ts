import { adminEndpoints } from '@h5/contract';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';

/** The ledger check reads every account in one transaction: run on opening and on demand, never polled. */
export function useLedgerCheck() {
  return useQuery({
    queryKey: ['ledgerCheck'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.ledgerCheck, { signal }),
    staleTime: Infinity,
  });
}

/** The sealed ledger's daily digests (the chain head at each Beijing midnight), for an operator to copy elsewhere. */
export function useLedgerDigests() {
  return useQuery({
    queryKey: ['ledgerDigests'],
    queryFn: ({ signal }) => callAdmin(adminEndpoints.ledgerDigests, { signal }),
  });
}
