import { randomUUID } from 'node:crypto';
import { centsToMoney } from '@h5/contract';
import { z } from 'zod';
import { UNBOUND } from '../../venue-answer-binding';
import type { VenueCredentials } from '../venue-protocol';
import type {
  TransferAnswer,
  TransferStatusAnswer,
  TransferVenue,
  VenueCallOptions,
  VenueTransfer,
  VenueTransferClient,
} from '../venue-transfer';
import { HUB88_UNITS_PER_CENT } from './hub88-protocol';
import { hub88Post } from './hub88-post';
import { hub88KeyUsable, hub88Verify } from './hub88-signature';

/**
 * The Hub88 Operator API's TransferWallet API, the calls we make to the aggregator for a hub88 venue in transfer mode
 * (docs/venues.md "Hub88 transfer wallet"): `deposit`, `withdraw` and `balance` under
 * `/operator/generic/v2/transfer_wallet/`, each JSON body signed with our private key (`X-Hub88-Signature`), each
 * answer verified with the aggregator's public key and bound to the call by its `request_uuid` (fresh for every
 * call), `user` and `currency`. Amounts are the published integer units, cents × 1000 as the Wallet API's. Our
 * transfer number is the `transaction_uuid`, which Hub88 processes once: a deposit sent again never pays twice.
 */
export const HUB88_TRANSFER_PATHS = {
  deposit: '/operator/generic/v2/transfer_wallet/deposit',
  withdraw: '/operator/generic/v2/transfer_wallet/withdraw',
  balance: '/operator/generic/v2/transfer_wallet/balance',
} as const;

/** The published Wallet API response the TransferWallet calls answer with; fields it may add are ignored. */
const Answer = z.object({
  status: z.string().min(1).max(64),
  request_uuid: z.string().max(64),
  user: z.string().max(64).nullish(),
  currency: z.string().max(8).nullish(),
  balance: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullish(),
});
type Answer = z.output<typeof Answer>;

/** Answers that say the money did not move, and will not under this transaction. */
const REFUSALS = new Set([
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_LIMIT_REACHED',
]);

const operatorIdOf = (text: string): number | null => (/^\d{1,15}$/.test(text) ? Number(text) : null);

/** Our operator id, our private key (signs our calls) and the aggregator's public key (verifies its answers). */
const configured = (credentials: VenueCredentials) =>
  operatorIdOf(credentials.operatorId) !== null &&
  hub88KeyUsable(credentials.privateKey, 'private') &&
  hub88KeyUsable(credentials.aggregatorPublicKey, 'public');

/**
 * One signed call: the answer when it is signed by the aggregator, of the published shape and about this call
 * (its request_uuid, user and currency); otherwise why it is in doubt. Never throws.
 */
async function signedCall(
  venue: TransferVenue,
  path: string,
  body: Record<string, unknown> & { user: string },
  options: VenueCallOptions,
): Promise<{ ok: true; answer: Answer } | { ok: false; reason: string }> {
  const operatorId = operatorIdOf(venue.credentials.operatorId);
  if (operatorId === null || !configured(venue.credentials)) return { ok: false, reason: 'not configured' };
  const requestUuid = randomUUID();
  const payload = JSON.stringify({
    ...body,
    // Each venue is one site at the operator: a site has one integration kind (transfer or seamless).
    sub_partner_id: venue.code,
    request_uuid: requestUuid,
    operator_id: operatorId,
    currency: venue.currency,
  });
  let text: string;
  let signature: string | null;
  try {
    ({ text, signature } = await hub88Post(venue.apiBaseUrl, path, payload, venue.credentials.privateKey, options));
  } catch (e) {
    return { ok: false, reason: (e as Error).name === 'TimeoutError' ? 'timeout' : 'no answer' };
  }
  // An HTTP error's `{ error }` is not signed: like any answer we cannot verify, it proves nothing either way.
  if (!hub88Verify(venue.credentials.aggregatorPublicKey, text, signature ?? undefined))
    return { ok: false, reason: 'unsigned answer' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'answer not JSON' };
  }
  const parsed = Answer.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'answer not understood' };
  const answer = parsed.data;
  // A signed answer to another call (captured and replayed) names another request_uuid.
  if (answer.request_uuid !== requestUuid) return { ok: false, reason: UNBOUND.transfer };
  if ((answer.user ?? body.user) !== body.user || (answer.currency ?? venue.currency) !== venue.currency)
    return { ok: false, reason: UNBOUND.transfer };
  return { ok: true, answer };
}

/** A deposit or withdrawal of our transfer, under our transfer number as the transaction. */
async function move(venue: TransferVenue, t: VenueTransfer, options: VenueCallOptions): Promise<TransferAnswer> {
  // Without the member's name the call could only be refused for its syntax, which would prove nothing.
  if (!t.player) return { kind: 'in-doubt', reason: 'no player' };
  const result = await signedCall(
    venue,
    t.direction === 'in' ? HUB88_TRANSFER_PATHS.deposit : HUB88_TRANSFER_PATHS.withdraw,
    { user: t.player, transaction_uuid: t.transferNo, amount: t.cents * HUB88_UNITS_PER_CENT },
    options,
  );
  if (!result.ok) return { kind: 'in-doubt', reason: result.reason };
  const { status } = result.answer;
  if (status === 'RS_OK') return { kind: 'done' };
  if (REFUSALS.has(status)) return { kind: 'refused', note: status };
  // The transaction id is known with another amount or user: whatever moved, it was not this transfer as we sent it.
  if (status === 'RS_ERROR_DUPLICATE_TRANSACTION') return { kind: 'in-doubt', reason: UNBOUND.amount };
  return { kind: 'in-doubt', reason: `venue answered ${status}` };
}

export const hub88TransferClient: VenueTransferClient = {
  configured,
  deposit: (venue, t, options) => move(venue, { ...t, direction: 'in' }, options),
  withdraw: (venue, t, options) => move(venue, { ...t, direction: 'out' }, options),
  /**
   * The TransferWallet API publishes no lookup of one transaction (the Transactions API lists gameplay), so a
   * transfer in doubt is sent again under the same transaction: processed once, it answers what the first one did,
   * or does it now (the money is still held for it on our side), never twice.
   */
  async status(venue, t, options): Promise<TransferStatusAnswer> {
    const answer = await move(venue, t, options);
    if (answer.kind === 'in-doubt') return answer;
    return {
      kind: 'found',
      succeeded: answer.kind === 'done',
      cents: t.cents,
      amount: centsToMoney(t.cents),
      note: answer.kind === 'refused' ? answer.note : '',
    };
  },
  async balance(venue, player, options) {
    const result = await signedCall(venue, HUB88_TRANSFER_PATHS.balance, { user: player }, options);
    if (!result.ok || result.answer.status !== 'RS_OK' || typeof result.answer.balance !== 'number') return null;
    // Only whole cents come back to us: a fraction of a cent at the venue is never counted as ours to take.
    return Math.floor(result.answer.balance / HUB88_UNITS_PER_CENT);
  },
};
