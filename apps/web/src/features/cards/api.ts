import type { BodyOf, Endpoints } from '@h5/contract';
import { CARD_TYPE } from '@h5/contract/codes';
import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../../shared/api/client';
import { useMemberQuery, useRefetchingMutation } from '../../shared/api/member-query';
import type { CardKind } from '../../shared/ui/card-kind-tabs';

/** POST /api/getcard {type}: the member's cards of one kind (the deposit and withdrawal screens share the key). */
export function useCards(kind: CardKind) {
  const type = CARD_TYPE[kind];
  return useMemberQuery(['getcard', type], { queryFn: () => callApi(apiRoutes.getCard, { type }) });
}

/** POST /api/delcard {id}. */
export function useDeleteCard() {
  return useRefetchingMutation((id: number) => callApi(apiRoutes.delCard, { id }), {
    refetch: ['getcard'],
    after: 'settled',
    wait: true,
  });
}

/** The body of /api/bindcard, as the contract reads it. */
export type BindCardInput = BodyOf<Endpoints['bindCard']>;

/** POST /api/bindcard (USDT: bank 'USDT', bank_owner the protocol, bank_no the address). */
export function useBindCard() {
  return useRefetchingMutation((body: BindCardInput) => callApi(apiRoutes.bindCard, body), {
    refetch: ['getcard'],
    wait: true,
  });
}

/** POST /api/banklist: bank names to pick from. */
export function useBankList() {
  return useMemberQuery(['banklist'], { queryFn: () => callApi(apiRoutes.bankList, {}), staleTime: 10 * 60_000 });
}
