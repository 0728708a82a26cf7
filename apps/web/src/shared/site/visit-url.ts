import { apiRoutes } from '@h5/contract/routes';
import { callApi } from '../api/client';

type Address = Pick<Location, 'href' | 'search' | 'hash'>;

/** The referral code the address carries: ?pid= before the hash, or in the hash route's query (#/login?pid=). */
export function referralCodeOf(address: Pick<Location, 'search' | 'hash'>): string {
  const hashQuery = address.hash.includes('?') ? address.hash.slice(address.hash.indexOf('?')) : '';
  return new URLSearchParams(address.search).get('pid') || new URLSearchParams(hashQuery).get('pid') || '';
}

/**
 * Where getVisitUrl sends the visitor: data.url, with register?pid={pid} appended when the address carries a
 * referral code (docs/member-app.md "Server calls"). Appended as is, so an operator's visit URL ending in /#/ lands on our register route.
 */
export function visitTarget(url: string, pid: string): string {
  return pid ? `${url}register?pid=${encodeURIComponent(pid)}` : url;
}

/**
 * docs/member-app.md "Server calls" GET /api/getVisitUrl, once at start: on 200 the site lives elsewhere and the app opens data.url in the same
 * window. Any other answer (202: no visit URL set, the default) is silent. A visit URL naming this very page is not
 * followed, so a misconfigured setting cannot reload the app forever.
 */
export async function followVisitUrl(
  address: Address = window.location,
  open: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  let url: string | undefined;
  try {
    url = (await callApi(apiRoutes.getVisitUrl, {}, { silent: true }))?.url;
  } catch {
    return;
  }
  if (!url) return;
  const here = new URL(address.href);
  const there = new URL(url, here);
  if (there.origin === here.origin && there.pathname === here.pathname && there.search === here.search) return;
  open(visitTarget(url, referralCodeOf(address)));
}
