import { centsToMoney } from '@h5/contract';
import { numericToCents } from '../../../lib/money';
import { callVenue, type RemoteVenue } from '../../remote-venue-client';
import type {
  TransferAnswer,
  TransferVenue,
  VenueCallOptions,
  VenueTransfer,
  VenueTransferClient,
} from '../venue-transfer';

/** The h5 call's venue: the shared secret signs every call and answer. */
const remote = (venue: TransferVenue): RemoteVenue => ({
  code: venue.code,
  apiBaseUrl: venue.apiBaseUrl,
  apiSecret: venue.credentials.secret,
  currency: venue.currency,
});

/** Both directions are one signed `transfer` call (contract `venue-wallet.ts`), bound to our transfer number. */
async function send(venue: TransferVenue, t: VenueTransfer, options: VenueCallOptions): Promise<TransferAnswer> {
  const result = await callVenue(
    remote(venue),
    'transfer',
    { player: t.player, transfer_id: t.transferNo, direction: t.direction, amount: centsToMoney(t.cents) },
    options,
  );
  if (result.kind === 'in-doubt') return result;
  const { status } = result.answer;
  if (status === 'OK') return { kind: 'done' };
  if (status === 'INSUFFICIENT_FUNDS' || status === 'INVALID_REQUEST') return { kind: 'refused', note: status };
  // INVALID_SIGNATURE / UNKNOWN_TRANSACTION on a transfer mean a misconfigured venue: left pending for an operator.
  return { kind: 'in-doubt', reason: `venue answered ${status}` };
}

/** Our own protocol's transfer calls (docs/venues.md "Game venues"): the h5 client's calls, as the engine always made them. */
export const h5Transfer: VenueTransferClient = {
  configured: (credentials) => credentials.secret !== '',
  deposit: send,
  withdraw: send,
  async status(venue, t, options) {
    const result = await callVenue(remote(venue), 'transferStatus', { transfer_id: t.transferNo }, options);
    if (result.kind === 'in-doubt') return result;
    const { status, transfer } = result.answer;
    if (status === 'OK' && transfer) {
      return {
        kind: 'found',
        succeeded: transfer.state === 'SUCCESS',
        cents: numericToCents(transfer.amount),
        amount: transfer.amount,
        note: transfer.state === 'FAILED' ? 'FAILED' : '',
      };
    }
    return status === 'UNKNOWN_TRANSACTION' ? { kind: 'unknown' } : { kind: 'unsettled' };
  },
  async balance(venue, player, options) {
    const result = await callVenue(remote(venue), 'balance', { player }, options);
    if (result.kind === 'in-doubt' || result.answer.status !== 'OK' || !result.answer.balance) return null;
    return numericToCents(result.answer.balance);
  },
  async settledBets(venue, page, options) {
    const result = await callVenue(remote(venue), 'bets', page, options);
    if (result.kind === 'in-doubt' || result.answer.status !== 'OK') return null;
    return { bets: result.answer.bets, next_cursor: result.answer.next_cursor };
  },
};
