import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { useMemberPages } from '../../shared/api/member-query';

/** docs/member-app.md "Screens by route" /message tabs: 1 announcements (公告), 2 inbox messages (站内信). */
export const MESSAGE_TABS = [
  { type: 1, label: '公告' },
  { type: 2, label: '站内信' },
] as const;

/** POST /api/noticeList {page, type}, page after page from 1; each tab is its own list. */
export function useMessages(type: number) {
  return useMemberPages(['noticeList', type], {
    fetchPage: (page, signal) => callApi(apiRoutes.noticeList, { page, type }, { signal }),
  });
}

/**
 * POST /api/homenotice: the site's notices, the lines the home ticker runs (the key home reads them under), shown on
 * the 公告 tab too so that an announcement is never only a line that scrolled past.
 */
export function useSiteNotices() {
  return useQuery({
    queryKey: ['homeNotice'],
    queryFn: () => callApi(apiRoutes.homeNotice, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });
}
