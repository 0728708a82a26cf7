import { askVenueBalance, playerName, type RemoteTransferDeps, transferVersions } from './remote-transfers';
import type { KnownVenueBalance, VenueBalanceCache, VenueBalanceStore } from './venue-balance-store';
import { centsToNumeric } from '../../lib/money';
import { listVenues } from './venue-directory';

export type { VenueBalanceCache };

/**
 * The venue balances members see (balancelist, /api/user's gameblance, the console's member page), docs/venues.md "Game
 * venues": each member's balance at each venue is kept a short while, so polling screens do not multiply the calls
 * aggregators receive, and a slow venue answers from what it said last instead of holding the whole list.
 *
 * An entry is kept under the version of the member's transfers at that venue (transferVersions): a transfer in or
 * out, its completion, refund or reconciliation, and so a launch's auto-transfer or a recycle, makes every older
 * entry unusable at once, in every process, with no window where a call begun before the movement stores an old
 * balance as new. A launch (the member is about to play) and each sent transfer also drop the entry outright.
 */
/**
 * 10 s: the screens poll every 1.5 s (/transfer) and 3.5 s (/money, /withdrawal), so a member watching one makes at
 * most 6 venue calls a minute per venue, however many tabs or processes; their own movements drop it sooner.
 */
export const VENUE_BALANCE_FRESH_MS = 10_000;
/** Far below the 1.5 s poll: a list never waits on one venue longer than this. */
export const VENUE_BALANCE_DEADLINE_MS = 1_000;

export function venueBalanceCache(
  store: VenueBalanceStore,
  options: { freshMs?: number; deadlineMs?: number } = {},
): VenueBalanceCache {
  return {
    store,
    freshMs: options.freshMs ?? VENUE_BALANCE_FRESH_MS,
    deadlineMs: options.deadlineMs ?? VENUE_BALANCE_DEADLINE_MS,
    inFlight: new Map(),
  };
}

export interface ShownBalance {
  /** Cents, or null when the venue neither answers nor answered before (shown as today: nothing held). */
  cents: number | null;
  /** The venue did not confirm it just now: this is the last balance it gave. */
  stale: boolean;
}

type CachedDeps = RemoteTransferDeps & { venueBalances: VenueBalanceCache };

const shown = (known: KnownVenueBalance): ShownBalance => ({
  cents: known.cents,
  stale: !known.answered && known.cents !== null,
});

/** The flight's answer, or undefined once `ms` have passed (the flight goes on and stores what it gets). */
async function withinDeadline<T>(flight: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([flight, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks the venue once for all concurrent readers of this member, venue and version in this process, and stores the
 * answer. Never rejects: a venue, database or store failure is a venue that did not answer.
 */
function askOnce(
  deps: CachedDeps,
  memberId: number,
  code: string,
  version: string,
  before: KnownVenueBalance | undefined,
  player: () => Promise<string>,
) {
  const key = `${memberId}:${code}:${version}`;
  const running = deps.venueBalances.inFlight.get(key);
  if (running) return running;
  const flight = (async (): Promise<KnownVenueBalance> => {
    const cents = await player()
      .then((name) => askVenueBalance(deps, code, name))
      .catch(() => null);
    const known: KnownVenueBalance = {
      version,
      askedAt: deps.clock.now().getTime(),
      answered: cents !== null,
      cents: cents ?? before?.cents ?? null,
    };
    await deps.venueBalances.store.put(memberId, code, known).catch(() => undefined);
    return known;
  })().finally(() => deps.venueBalances.inFlight.delete(key));
  deps.venueBalances.inFlight.set(key, flight);
  return flight;
}

/**
 * The member's balance at each of these venues as shown on screens: kept answers while fresh, else the venue asked
 * (one call for all concurrent readers) within the deadline, else the last balance it gave, marked stale. A venue the
 * member never sent a transfer to holds nothing of theirs and is not asked (0).
 */
export async function shownVenueBalances(
  deps: CachedDeps,
  memberId: number,
  venueCodes: string[],
): Promise<Map<string, ShownBalance>> {
  const result = new Map<string, ShownBalance>(venueCodes.map((code) => [code, { cents: 0, stale: false }]));
  if (!venueCodes.length) return result;
  const versions = await transferVersions(deps.db, memberId);
  const asked = venueCodes.filter((code) => versions.has(code));
  if (!asked.length) return result;
  const cache = deps.venueBalances;
  const kept = await cache.store.get(memberId, asked).catch(() => new Map<string, KnownVenueBalance>());
  const now = deps.clock.now().getTime();
  let name: Promise<string> | undefined;
  const player = () => (name ??= playerName(deps.db, memberId));
  await Promise.all(
    asked.map(async (code) => {
      const version = versions.get(code) ?? '';
      const entry = kept.get(code);
      const before = entry?.version === version ? entry : undefined;
      if (before && now - before.askedAt >= 0 && now - before.askedAt < cache.freshMs) {
        result.set(code, shown(before));
        return;
      }
      const answer = await withinDeadline(askOnce(deps, memberId, code, version, before, player), cache.deadlineMs);
      result.set(
        code,
        answer ? shown(answer) : { cents: before?.cents ?? null, stale: typeof before?.cents === 'number' },
      );
    }),
  );
  return result;
}

/**
 * Sum of the member's venue wallets (docs/member-app.md "Entities and fields": gameblance): each transfer-wallet venue keeps its own, asked over HTTP
 * outside any transaction and kept a short while as balancelist shows it (a slow venue counts its last balance, one
 * that never answered counts nothing).
 */
export async function venueTotal(deps: CachedDeps, memberId: number): Promise<string> {
  const transfer = (await listVenues(deps.db)).filter((v) => v.walletMode === 'transfer').map((v) => v.code);
  const balances = await shownVenueBalances(deps, memberId, transfer);
  const cents = [...balances.values()].reduce<number>((sum, b) => sum + (b.cents ?? 0), 0);
  return centsToNumeric(cents);
}
