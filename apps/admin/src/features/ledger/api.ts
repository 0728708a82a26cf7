import { adminEndpoints } from '@h5/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
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

/**
 * 核对单个会员: one member's history verified on demand (a dispute). Silent: the section shows a failure itself
 * (an unknown member's message beside the form, not only a toast).
 */
export function useMemberLedgerCheck() {
  return useMutation({
    mutationFn: (username: string) =>
      callAdmin(adminEndpoints.ledgerMemberCheck, { input: { username }, silent: true }),
  });
}
