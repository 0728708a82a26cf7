import { apiRoutes } from '@h5/contract/routes';
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
