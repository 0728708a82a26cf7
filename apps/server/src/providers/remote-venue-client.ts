import { VENUE_API_PATHS, type VenueApiCall, venueApiAnswers, type venueApiBodies } from '@h5/contract';
import type { z } from 'zod';
import { hmacHex, verifyHmac } from '../lib/hmac';
import { type OutboundPolicy, outboundFetch } from '../lib/outbound';
import type { Clock } from '../lib/time';
import { unboundAnswer } from './venue-answer-binding';

/** What we need to reach a remote venue. */
export interface RemoteVenue {
  code: string;
  apiBaseUrl: string;
  apiSecret: string;
  currency: string;
}

/**
 * A venue call either got an answer we can trust (signed by the venue, in the protocol's shape, bound to this
 * request), or ended in doubt:
 * a timeout, a cut connection or an answer we cannot verify may all mean the venue did what we asked, so the caller
 * must not conclude either way (a transfer stays pending for reconciliation).
 */
export type VenueCallResult<C extends VenueApiCall> =
  { kind: 'answered'; answer: z.output<(typeof venueApiAnswers)[C]> } | { kind: 'in-doubt'; reason: string };

export interface VenueClientOptions {
  clock: Clock;
  timeoutMs: number;
  /** Where venue calls may go: a refused address is a call that got no answer (nothing is sent). */
  outbound: OutboundPolicy;
}

type CallBody<C extends VenueApiCall> = Omit<z.input<(typeof venueApiBodies)[C]>, 'timestamp'>;

/** One signed call to a remote venue (contract `venue-wallet.ts`, "The API of a remote transfer-wallet venue"). */
export async function callVenue<C extends VenueApiCall>(
  venue: RemoteVenue,
  call: C,
  body: CallBody<C>,
  options: VenueClientOptions,
): Promise<VenueCallResult<C>> {
  const payload = JSON.stringify({ ...body, timestamp: Math.floor(options.clock.now().getTime() / 1000) });
  const url = `${venue.apiBaseUrl.replace(/\/+$/, '')}${VENUE_API_PATHS[call]}`;
  let text: string;
  let signature: string | null;
  try {
    const res = await outboundFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': hmacHex(venue.apiSecret, payload) },
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      options.outbound,
    );
    text = await res.text();
    signature = res.headers.get('x-signature');
  } catch (e) {
    return { kind: 'in-doubt', reason: (e as Error).name === 'TimeoutError' ? 'timeout' : 'no answer' };
  }
  if (!verifyHmac(venue.apiSecret, text, signature ?? undefined))
    return { kind: 'in-doubt', reason: 'unsigned answer' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'in-doubt', reason: 'answer not JSON' };
  }
  const parsed = venueApiAnswers[call].safeParse(json);
  if (!parsed.success) return { kind: 'in-doubt', reason: 'answer not understood' };
  const unbound = unboundAnswer(call, body, parsed.data, options.clock);
  if (unbound) return { kind: 'in-doubt', reason: unbound };
  return { kind: 'answered', answer: parsed.data as z.output<(typeof venueApiAnswers)[C]> };
}
