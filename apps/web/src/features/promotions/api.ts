import { apiRoutes } from '@h5/contract/routes';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { nextPageOf, useMemberPages, useRefetchingMutation } from '../../shared/api/member-query';

/** POST /api/activitytype: the server's promotion types (the page puts 全部 before them). */
export function usePromotionTypes() {
  return useQuery({
    queryKey: ['activityType'],
    queryFn: () => callApi(apiRoutes.activityType, {}),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/activitylist {type?, page}: promotions of one type (undefined: all), page after page from 1. */
export function usePromotions(type: number | undefined) {
  return useInfiniteQuery({
    queryKey: ['activityList', type ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      callApi(apiRoutes.activityList, type === undefined ? { page: pageParam } : { page: pageParam, type }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    staleTime: 60_000,
  });
}

/** POST /api/activitydeatil {id} (the path's spelling is the wire's). */
export function usePromotionDetail(id: number | null) {
  return useQuery({
    queryKey: ['activityDetail', id],
    queryFn: () => callApi(apiRoutes.activityDetail, { id: id ?? 0 }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

/**
 * POST /api/doactivityapply {activityid}: answers the server message (申请成功). A refusal (222 missing, 223-225
 * already applied) is shown by the client's danger toast with the server's message.
 */
export function useApplyPromotion() {
  return useRefetchingMutation(
    async (activityid: number) => (await callApiWithMessage(apiRoutes.doActivityApply, { activityid })).message,
    { refetch: ['activityApplyLog'] },
  );
}

/** POST /api/activityApplyLog {page}: the member's applications, page after page from 1. */
export function usePromotionApplications() {
  return useMemberPages(['activityApplyLog'], {
    fetchPage: (page, signal) => callApi(apiRoutes.activityApplyLog, { page }, { signal }),
    gcTime: 0,
  });
}
