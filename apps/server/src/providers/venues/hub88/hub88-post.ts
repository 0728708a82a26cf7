import { type OutboundPolicy, outboundFetch } from '../../../lib/outbound';
import { HUB88_SIGNATURE_HEADER, hub88Sign } from './hub88-signature';

/**
 * One call of ours to a Hub88 aggregator: `payload` POSTed as JSON to `baseUrl` + `path`, signed with our private
 * key (hub88-signature.ts), within `timeoutMs` and where the outbound policy lets it go. Answers the HTTP status,
 * the raw answer and its signature header; throws as outboundFetch does (refused, timed out, no answer).
 */
export async function hub88Post(
  baseUrl: string,
  path: string,
  payload: string,
  privateKey: string,
  options: { timeoutMs: number; outbound: OutboundPolicy },
): Promise<{ status: number; text: string; signature: string | null }> {
  const res = await outboundFetch(
    `${baseUrl.replace(/\/+$/, '')}${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HUB88_SIGNATURE_HEADER]: hub88Sign(privateKey, payload) },
      body: payload,
      signal: AbortSignal.timeout(options.timeoutMs),
    },
    options.outbound,
  );
  return { status: res.status, text: await res.text(), signature: res.headers.get(HUB88_SIGNATURE_HEADER) };
}
