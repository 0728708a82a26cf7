import {
  VENUE_SIGNATURE_WINDOW_SECONDS,
  VENUE_WALLET_ACTIONS,
  VENUE_WALLET_HTTP_STATUS,
  type VenueWalletAction,
  type VenueWalletAnswer,
  venueWalletBodies,
} from '@h5/contract';
import { verifyHmac } from '../../../lib/hmac';
import type { VenueProtocolAdapter, WalletCall } from '../venue-protocol';

const isAction = (value: string): value is VenueWalletAction =>
  (VENUE_WALLET_ACTIONS as readonly string[]).includes(value);

/**
 * Our own venue-wallet protocol (contract `venue-wallet.ts`): `POST /api/venues/{code}/wallet/{action}`, the body's
 * hex HMAC-SHA256 with the venue's secret in `X-Signature`, its `timestamp` within five minutes of ours (a signed
 * request replayed later is refused before it is looked at), the answer's HTTP status saying its outcome.
 */
export const h5Protocol: VenueProtocolAdapter = {
  routes: [{ path: 'wallet/:action' }],
  isCall: isAction,
  transferVenueCalls: ['authenticate'],
  configured: (credentials) => credentials.secret !== '',
  verify(credentials, request) {
    const signature = request.headers['x-signature'];
    return verifyHmac(credentials.secret, request.raw, typeof signature === 'string' ? signature : undefined);
  },
  parse(name, json, nowSeconds) {
    const invalid = { refusal: { status: 'INVALID_REQUEST', balance: '0.00', message: '请求内容不正确' } } as const;
    if (!isAction(name)) return invalid;
    const parsed = venueWalletBodies[name].safeParse(json);
    if (!parsed.success) return invalid;
    if (Math.abs(nowSeconds - parsed.data.timestamp) > VENUE_SIGNATURE_WINDOW_SECONDS)
      return { refusal: { status: 'INVALID_SIGNATURE', balance: '0.00' } };
    return { call: { action: name, ...parsed.data } as WalletCall };
  },
  reply(_venue, _request, answer) {
    // The answer as the contract has it: the protocol-neutral extras (reason, conflict) stay home.
    const { status, balance, player, currency, message } = answer;
    const body: VenueWalletAnswer = { status, balance, player, currency, message };
    return {
      httpStatus: VENUE_WALLET_HTTP_STATUS[answer.status],
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    };
  },
};
