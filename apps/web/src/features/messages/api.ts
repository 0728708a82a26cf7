import type { Paginator } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useSessionStore } from '../../shared/session/session-store';

/** SPEC 2 /message tabs: 1 announcements (公告), 2 inbox messages (站内信). */
export const MESSAGE_TABS = [
  { type: 1, label: '公告' },
  { type: 2, label: '站内信' },
] as const;

/** The next page, or undefined once the loaded count reaches the total (SPEC 4). */
export function nextPageOf<T>(pages: readonly Paginator<T>[]): number | undefined {
  const last = pages[pages.length - 1];
  if (!last) return 1;
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  if (loaded >= last.total || last.data.length === 0) return undefined;
  return pages.length + 1;
}

/** POST /api/noticeList {page, type}, page after page from 1; each tab is its own list. */
export function useMessages(type: number) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['noticeList', token, type],
    queryFn: ({ pageParam, signal }) => callApi(apiRoutes.noticeList, { page: pageParam, type }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageOf(pages),
    enabled: Boolean(token),
    staleTime: 0,
  });
}
