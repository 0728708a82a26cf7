import { z } from 'zod';
import { type Hub88ClientOptions, type Hub88Operator, type Hub88Result, signedPost } from './hub88-games-client';

/**
 * The Hub88 Operator API's Transactions API (docs/venues.md "Hub88 reconciliation"): the aggregator's list of an
 * operator's gameplay transactions within a time window, which the daily reconciliation compares with ours. Signed
 * and sent as the Games API calls are (hub88-games-client.ts); every failure comes back as a `Hub88Failure`.
 */
export const HUB88_TRANSACTION_LIST_PATH = '/operator/generic/v2/transactions/list';

/**
 * One transaction as listed: its id, the bet a win or rollback refers to, its kind, the member (`user`), round,
 * game, currency, amount in the published units (1/100000 of the currency), its status at the aggregator
 * (`TS_SUCCESS` when our wallet took it) and its time. Fields the list may add are ignored.
 */
export const hub88Transaction = z.object({
  transaction_uuid: z.string().min(1).max(64),
  reference_transaction_uuid: z.string().max(64).nullish(),
  type: z.string().min(1).max(32),
  user: z.string().max(64).nullish(),
  round: z.string().max(64).nullish(),
  game_code: z.string().max(128).nullish(),
  currency: z.string().max(8).nullish(),
  amount: z.number().int().nonnegative(),
  status: z.string().min(1).max(32),
  created_at: z.string().max(40).nullish(),
});
export type Hub88Transaction = z.output<typeof hub88Transaction>;

const transactionListAnswer = z.array(hub88Transaction).max(100_000);

/** The published window: ISO 8601 date and time without a zone, read as UTC. */
export const hub88Time = (at: Date) => at.toISOString().slice(0, 19);

/**
 * The aggregator's transactions from `start` (inclusive) to `end` (exclusive), asked one hour at a time so that each
 * answer stays small; the first failure ends the walk and is answered as it came.
 */
export async function hub88TransactionList(
  operator: Hub88Operator,
  window: { start: Date; end: Date },
  options: Hub88ClientOptions,
): Promise<Hub88Result<Hub88Transaction[]>> {
  const HOUR = 3600_000;
  const all: Hub88Transaction[] = [];
  for (let from = window.start.getTime(); from < window.end.getTime(); from += HOUR) {
    const to = Math.min(from + HOUR, window.end.getTime());
    const answer = await signedPost(
      operator,
      HUB88_TRANSACTION_LIST_PATH,
      { start_time: hub88Time(new Date(from)), end_time: hub88Time(new Date(to)) },
      transactionListAnswer,
      options,
    );
    if (!answer.ok) return answer;
    all.push(...answer.value);
  }
  return { ok: true, value: all };
}
