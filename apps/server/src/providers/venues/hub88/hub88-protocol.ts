import { centsToMoney, parseMoneyToCents } from '@h5/contract';
import { z } from 'zod';
import type { VenueProtocolAdapter, WalletAnswer, WalletCall } from '../venue-protocol';
import { HUB88_SIGNATURE_HEADER, hub88KeyUsable, hub88Sign, hub88Verify } from './hub88-signature';

/**
 * The Hub88 Operator API's Wallet API, served for seamless play (docs.hub88.io "Operator API reference" → Wallet API;
 * docs/venues.md "Venue protocols"): the aggregator POSTs `/user/info`, `/user/balance`, `/transaction/bet`,
 * `/transaction/win` and `/transaction/rollback` to `/api/venues/{code}/hub88/…`, each body signed by its private key
 * (`X-Hub88-Signature`); every answer is HTTP 200 with an `RS_*` status, echoes the call's `request_uuid`, and is
 * signed with our private key the same way.
 *
 * Amounts are integers in 1/100000 of the currency unit (3.56 is 356000), so one cent is 1000 units. Our wallet
 * keeps whole cents: an amount that is not a whole number of cents is refused (RS_ERROR_WRONG_TYPES) and moves
 * nothing; our balances go out as cents × 1000.
 */
export const HUB88_UNITS_PER_CENT = 1000;

export const HUB88_CALLS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type Hub88Call = (typeof HUB88_CALLS)[number];

/** The published response statuses we answer (docs.hub88.io "Seamless Wallet response statuses - Operator API"). */
export type Hub88Status =
  | 'RS_OK'
  | 'RS_ERROR_UNKNOWN'
  | 'RS_ERROR_INVALID_PARTNER'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_INVALID_SIGNATURE'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_WRONG_SYNTAX'
  | 'RS_ERROR_WRONG_TYPES'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_LIMIT_REACHED';

const Text = z.string().min(1).max(64);
const Units = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Base = { user: Text, request_uuid: z.string().min(1).max(64) };
const Money = {
  ...Base,
  transaction_uuid: Text,
  supplier_transaction_id: z.string().max(255).nullish(),
  token: z.string().max(128).nullish(),
  round: Text,
  round_closed: z.boolean().nullish(),
  game_code: z.string().max(64).nullish(),
  currency: z.string().min(3).max(8),
  amount: Units,
};

/** The bodies we read (unknown fields are ignored, as the published API may add some). */
export const hub88Bodies = {
  'user/info': z.object(Base),
  'user/balance': z.object({ ...Base, token: z.string().max(128).nullish(), game_code: z.string().max(64).nullish() }),
  'transaction/bet': z.object({ ...Money, token: z.string().min(1).max(128), game_code: z.string().max(64) }),
  'transaction/win': z.object({ ...Money, reference_transaction_uuid: Text }),
  'transaction/rollback': z.object({
    ...Base,
    transaction_uuid: Text,
    reference_transaction_uuid: Text,
    token: z.string().max(128).nullish(),
    round: z.string().max(64).nullish(),
    game_code: z.string().max(64).nullish(),
  }),
} satisfies Record<Hub88Call, z.ZodType>;

const isCall = (name: string): name is Hub88Call => (HUB88_CALLS as readonly string[]).includes(name);

const refuse = (reason: WalletAnswer['reason']): { refusal: WalletAnswer } => ({
  refusal: { status: 'INVALID_REQUEST', balance: '0.00', reason },
});

/** A body missing a field or not an object is WRONG_SYNTAX; one whose fields are there with the wrong type WRONG_TYPES. */
function syntaxOrTypes(json: unknown, issues: readonly { path: readonly PropertyKey[] }[]) {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return refuse('wrong_syntax');
  const missing = issues.some((issue) => (json as Record<PropertyKey, unknown>)[issue.path[0] ?? ''] === undefined);
  return refuse(missing ? 'wrong_syntax' : 'wrong_types');
}

/** Published units → our money, or null when it is not a whole number of cents. */
function moneyOf(units: number): string | null {
  if (units % HUB88_UNITS_PER_CENT !== 0) return null;
  return centsToMoney(units / HUB88_UNITS_PER_CENT);
}

function statusOf(name: string, answer: WalletAnswer): Hub88Status {
  switch (answer.status) {
    case 'OK':
      return 'RS_OK';
    // The same transaction again: the first answer, unless the repeat names another amount, round, game, user or bet.
    case 'DUPLICATE':
      return answer.conflict ? 'RS_ERROR_DUPLICATE_TRANSACTION' : 'RS_OK';
    case 'INSUFFICIENT_FUNDS':
      return 'RS_ERROR_NOT_ENOUGH_MONEY';
    case 'INVALID_SIGNATURE':
      return 'RS_ERROR_INVALID_SIGNATURE';
    case 'INVALID_TOKEN':
      return answer.reason === 'token_expired' ? 'RS_ERROR_TOKEN_EXPIRED' : 'RS_ERROR_INVALID_TOKEN';
    case 'PLAYER_DISABLED':
      if (answer.reason === 'venue_disabled') return 'RS_ERROR_INVALID_PARTNER';
      if (answer.reason === 'cool_off' || answer.reason === 'excluded' || answer.reason === 'loss_limit')
        return 'RS_ERROR_LIMIT_REACHED';
      return 'RS_ERROR_USER_DISABLED';
    case 'UNKNOWN_TRANSACTION':
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    // A win for a bet that was rolled back: the bet it names is gone. A rollback of a bet already won: no status fits.
    case 'TRANSACTION_CLOSED':
      return name === 'transaction/win' ? 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' : 'RS_ERROR_UNKNOWN';
    case 'INVALID_REQUEST':
      if (answer.conflict) return 'RS_ERROR_DUPLICATE_TRANSACTION';
      switch (answer.reason) {
        case 'wrong_currency':
          return 'RS_ERROR_WRONG_CURRENCY';
        case 'wrong_syntax':
          return 'RS_ERROR_WRONG_SYNTAX';
        case 'wrong_types':
          return 'RS_ERROR_WRONG_TYPES';
        case 'unknown_venue':
          return 'RS_ERROR_INVALID_PARTNER';
        default:
          return 'RS_ERROR_UNKNOWN';
      }
  }
}

/** The call's own `user` and `request_uuid`, echoed on every answer (read without trusting the body otherwise). */
function echoOf(raw: Buffer): { user?: string; request_uuid?: string } {
  try {
    const json: unknown = JSON.parse(raw.toString('utf8'));
    if (typeof json !== 'object' || json === null) return {};
    const { user, request_uuid } = json as Record<string, unknown>;
    return {
      ...(typeof user === 'string' ? { user } : {}),
      ...(typeof request_uuid === 'string' ? { request_uuid } : {}),
    };
  } catch {
    return {};
  }
}

/** Statuses whose answer carries the member's balance (the wallet read it). */
const WITH_BALANCE = new Set<WalletAnswer['status']>(['OK', 'DUPLICATE', 'INSUFFICIENT_FUNDS', 'PLAYER_DISABLED']);

export const hub88Protocol: VenueProtocolAdapter = {
  routes: HUB88_CALLS.map((name) => ({ path: `hub88/${name}`, name })),
  isCall,
  // A Hub88 transfer-wallet venue's money moves only by our TransferWallet API calls (hub88-transfer-client.ts): its
  // aggregator makes no Wallet API call to us (docs/venues.md "Hub88 transfer wallet").
  transferVenueCalls: [],
  configured: (credentials) =>
    hub88KeyUsable(credentials.aggregatorPublicKey, 'public') && hub88KeyUsable(credentials.privateKey, 'private'),
  verify(credentials, request) {
    const signature = request.headers[HUB88_SIGNATURE_HEADER];
    return hub88Verify(
      credentials.aggregatorPublicKey,
      request.raw,
      typeof signature === 'string' ? signature : undefined,
    );
  },
  parse(name, json) {
    if (!isCall(name)) return refuse('wrong_syntax');
    const parsed = hub88Bodies[name].safeParse(json);
    if (!parsed.success) return syntaxOrTypes(json, parsed.error.issues);
    const body = parsed.data;
    if (name === 'user/info' || name === 'user/balance') return { call: { action: 'balance', player: body.user } };
    if (name === 'transaction/rollback') {
      const b = body as z.output<(typeof hub88Bodies)['transaction/rollback']>;
      return {
        call: {
          action: 'rollback',
          player: b.user,
          transaction_id: b.transaction_uuid,
          reference_transaction_id: b.reference_transaction_uuid,
        },
      };
    }
    const b = body as z.output<(typeof hub88Bodies)['transaction/win']>;
    const amount = moneyOf(b.amount);
    if (amount === null) return refuse('wrong_types');
    const common = {
      player: b.user,
      transaction_id: b.transaction_uuid,
      round_id: b.round,
      amount,
      currency: b.currency,
    };
    const call: WalletCall =
      name === 'transaction/bet'
        ? { action: 'bet', ...common, game_code: b.game_code ?? '', token: b.token ?? '' }
        : { action: 'win', ...common, reference_transaction_id: b.reference_transaction_uuid };
    return { call };
  },
  reply(venue, request, answer) {
    const status = statusOf(request.name, answer);
    const echo = echoOf(request.raw);
    const withBalance = request.name !== 'user/info' && WITH_BALANCE.has(answer.status);
    const cents = parseMoneyToCents(answer.balance) ?? 0;
    const body = JSON.stringify({
      ...(echo.user !== undefined ? { user: echo.user } : {}),
      status,
      request_uuid: echo.request_uuid ?? '',
      ...(withBalance && venue ? { currency: venue.currency, balance: cents * HUB88_UNITS_PER_CENT } : {}),
    });
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (venue && hub88KeyUsable(venue.credentials.privateKey, 'private'))
      headers[HUB88_SIGNATURE_HEADER] = hub88Sign(venue.credentials.privateKey, body);
    return { httpStatus: 200, body, headers };
  },
};
