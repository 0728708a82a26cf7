import { z } from 'zod';
import { type OutboundPolicy, OutboundRefusedError } from '../../../lib/outbound';
import { hub88Post } from './hub88-post';
import { hub88KeyUsable } from './hub88-signature';

/**
 * The Hub88 Operator API's Games API, the calls we make to the aggregator (docs/venues.md "Hub88 Games API
 * client"): the game list and a game's launch URL. Each JSON body is signed with our private key
 * (`X-Hub88-Signature`, hub88-signature.ts), sent through the outbound guard with a timeout, and the answer is
 * read with zod. Every way a call can fail comes back as a `Hub88Failure`: nothing here throws.
 */
export const HUB88_GAME_LIST_PATH = '/operator/generic/v2/game/list';
export const HUB88_GAME_URL_PATH = '/operator/generic/v2/game/url';

/** What we need to call a Hub88 aggregator: its address, our operator id there, our private key (PEM). */
export interface Hub88Operator {
  baseUrl: string;
  operatorId: string;
  privateKey: string;
}

export interface Hub88ClientOptions {
  timeoutMs: number;
  /** Where the call may go: a refused address is a failure, and nothing is sent. */
  outbound: OutboundPolicy;
}

/** One game of the published list; fields the list may add are ignored, optional ones may be absent or null. */
export const hub88Game = z.object({
  name: z.string().min(1).max(255),
  game_code: z.string().min(1).max(128),
  game_id: z.number().int().nullish(),
  category: z.string().max(128).nullish(),
  /** The game's provider. */
  product: z.string().max(128).nullish(),
  /** GPL_DESKTOP and/or GPL_MOBILE. */
  platforms: z.array(z.string().max(32)).max(16).nullish(),
  url_thumb: z.string().max(2048).nullish(),
  url_background: z.string().max(2048).nullish(),
  enabled: z.boolean(),
  freebet_support: z.boolean().nullish(),
  demo_game_support: z.boolean().nullish(),
  release_date: z.string().max(64).nullish(),
  blocked_countries: z.array(z.string().max(8)).max(300).nullish(),
});
export type Hub88Game = z.output<typeof hub88Game>;

const gameListAnswer = z.array(hub88Game).max(50_000);

const isWebUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};
const gameUrlAnswer = z.object({ url: z.string().max(4096).refine(isWebUrl) });

/** A game launch as published: the member, our launch token for them, where they play and come back to. */
export interface Hub88GameUrlRequest {
  /** The member's id at us (the Wallet API's `user`). */
  user: string;
  /** Our launch token: the Wallet API's bets carry it back. */
  token: string;
  game_code: string;
  currency: string;
  lang: string;
  lobby_url: string;
  /** The member's address. */
  ip: string;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** Our site plays in the mobile layout. */
  platform?: 'GPL_MOBILE' | 'GPL_DESKTOP';
  sub_partner_id?: string;
  deposit_url?: string;
  meta?: Record<string, unknown>;
}

/**
 * Why a call gave nothing usable: our settings cannot sign (not_configured), the guard refused the address, the
 * aggregator did not answer in time or at all, answered an HTTP error (with its `error` text when it gave one), or
 * answered something that is not the published shape.
 */
export type Hub88FailureReason = 'not_configured' | 'refused' | 'timeout' | 'no_answer' | 'http_error' | 'malformed';
export interface Hub88Failure {
  ok: false;
  reason: Hub88FailureReason;
  httpStatus?: number;
  error?: string;
}
export type Hub88Result<T> = { ok: true; value: T } | Hub88Failure;

const fail = (reason: Hub88FailureReason, extra: Omit<Hub88Failure, 'ok' | 'reason'> = {}): Hub88Failure => ({
  ok: false,
  reason,
  ...extra,
});

/** The published operator id is a number; ours is kept as text on the venue row. */
const operatorIdOf = (text: string): number | null => (/^\d{1,15}$/.test(text) ? Number(text) : null);

export async function signedPost<T>(
  operator: Hub88Operator,
  path: string,
  body: Record<string, unknown>,
  answer: z.ZodType<T>,
  options: Hub88ClientOptions,
): Promise<Hub88Result<T>> {
  const operatorId = operatorIdOf(operator.operatorId);
  if (operatorId === null || !hub88KeyUsable(operator.privateKey, 'private') || !isWebUrl(operator.baseUrl))
    return fail('not_configured');
  const payload = JSON.stringify({ ...body, operator_id: operatorId });
  let status: number;
  let text: string;
  try {
    ({ status, text } = await hub88Post(operator.baseUrl, path, payload, operator.privateKey, options));
  } catch (e) {
    if (e instanceof OutboundRefusedError) return fail('refused');
    return fail((e as Error).name === 'TimeoutError' ? 'timeout' : 'no_answer');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail(status >= 200 && status < 300 ? 'malformed' : 'http_error', { httpStatus: status });
  }
  if (status < 200 || status >= 300) {
    const error = (json as { error?: unknown } | null)?.error;
    return fail('http_error', {
      httpStatus: status,
      ...(typeof error === 'string' ? { error: error.slice(0, 255) } : {}),
    });
  }
  const parsed = answer.safeParse(json);
  if (!parsed.success) return fail('malformed', { httpStatus: status });
  return { ok: true, value: parsed.data };
}

/** The games the aggregator offers us (`POST {base}/operator/generic/v2/game/list`). */
export function hub88GameList(
  operator: Hub88Operator,
  options: Hub88ClientOptions,
  filter: { product_code?: string } = {},
): Promise<Hub88Result<Hub88Game[]>> {
  return signedPost(operator, HUB88_GAME_LIST_PATH, { ...filter }, gameListAnswer, options);
}

/** Where to send a member to play one game (`POST {base}/operator/generic/v2/game/url`). */
export function hub88GameUrl(
  operator: Hub88Operator,
  request: Hub88GameUrlRequest,
  options: Hub88ClientOptions,
): Promise<Hub88Result<{ url: string }>> {
  return signedPost(
    operator,
    HUB88_GAME_URL_PATH,
    { platform: 'GPL_MOBILE', ...request },
    gameUrlAnswer as z.ZodType<{ url: string }>,
    options,
  );
}
