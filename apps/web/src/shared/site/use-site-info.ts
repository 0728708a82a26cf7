import type { SiteInfo } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';

/** docs/member-app.md "Product and home page": a stored default app info is used until the server answers. */
export const DEFAULT_SITE_INFO: SiteInfo = {
  site_state: 1,
  title: '体育娱乐',
  site_logo: '',
  repair_tips: '',
  redpacket_switch: 0,
  index_modal: 0,
  webcontent: '',
  h5_url: '',
  ios_download_url: '',
  ios_download_qrcode: '',
  fanshui: 1,
};

/** POST /api/app, shared by the screens and by code outside React (navigation asks it before /hongbao). */
export const siteInfoQuery = {
  queryKey: ['app'],
  // Silent: until the server answers (or if it fails, or answers no data) the default stands in, with nothing to tell
  // the user; every screen reads it (the maintenance banner sits above them all), so it must always be a site info.
  queryFn: async () => (await callApi(apiRoutes.app, {}, { silent: true })) ?? DEFAULT_SITE_INFO,
  initialData: DEFAULT_SITE_INFO,
  // The default is only a stand-in: fetch the real one on first use, then keep it for the visit.
  initialDataUpdatedAt: 0,
  staleTime: 5 * 60_000,
};

/** The site info query itself, for screens that must tell the stand-in default from the server's answer. */
export function useSiteInfoQuery() {
  return useQuery(siteInfoQuery);
}

export function useSiteInfo() {
  return useSiteInfoQuery().data;
}
