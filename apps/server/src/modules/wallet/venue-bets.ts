import { parseMoneyToCents } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { centsToNumeric } from '../../lib/money';
import type { OutboundPolicy } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import { venueTransferClients } from '../../providers/venues/venue-transfer-clients';
import { memberIdByUsername } from '../accounts/member-records';
import { storeReportedBet } from '../bets/bet-records';
import { recordSettlement } from '../games/games-service';
import { remoteVenue } from './venue-directory';
import { transferVenueCodes } from '../venues/venue-records';
import { venueBetCursors } from '../../db/tables/wallet';

export interface VenueBetsDeps {
  db: Db;
  clock: Clock;
  venueTimeoutMs: number;
  outbound: OutboundPolicy;
}

const PAGE = 500;

/**
 * Pulls one page of a transfer-wallet venue's settled bets after our cursor and stores each once by the venue's bet
 * id; a stored bet counts towards turnover, rebates and reports as a sandbox bet does. The page's bets and the new
 * cursor commit together, so a crash repeats a page rather than skipping one. Answers how many bets were new.
 */
export async function pullVenueBets(deps: VenueBetsDeps, venueCode: string): Promise<number> {
  const venue = await remoteVenue(deps.db, venueCode);
  // A protocol whose venues report no settled bets to pull has none here (docs/venues.md "Venue protocols").
  const settledBets = venue && venueTransferClients[venue.protocol].settledBets;
  if (!venue || !settledBets) return 0;
  const [saved] = await deps.db.select().from(venueBetCursors).where(eq(venueBetCursors.venueCode, venue.code));
  const page = await settledBets(
    venue,
    { cursor: saved?.cursor ?? '', limit: PAGE },
    { clock: deps.clock, timeoutMs: deps.venueTimeoutMs, outbound: deps.outbound },
  );
  if (!page) return 0;
  return deps.db.transaction(async (tx) => {
    let added = 0;
    for (const bet of page.bets) {
      const memberId = await memberIdByUsername(tx, bet.player);
      const stake = parseMoneyToCents(bet.stake);
      const payout = parseMoneyToCents(bet.payout);
      if (memberId === undefined || stake === null || payout === null) continue;
      const betId = `${venue.code}:${bet.bet_id}`;
      const settledAt = new Date(bet.settled_at * 1000);
      const stored = await storeReportedBet(tx, {
        betId,
        memberId,
        venueCode: venue.code,
        category: venue.category,
        gameCode: bet.game_code,
        betAmount: centsToNumeric(stake),
        validAmount: centsToNumeric(stake),
        status: 2,
        createdAt: settledAt,
      });
      if (!stored) continue;
      // Settled as of the venue's settlement time, so reports put it on the venue's day, not the pull's.
      await recordSettlement(
        tx,
        { now: () => settledAt },
        { betId, memberId, venueCode: venue.code, category: venue.category, stake, payout },
      );
      added += 1;
    }
    await tx
      .insert(venueBetCursors)
      .values({ venueCode: venue.code, cursor: page.next_cursor, updatedAt: deps.clock.now() })
      .onConflictDoUpdate({
        target: venueBetCursors.venueCode,
        set: { cursor: page.next_cursor, updatedAt: deps.clock.now() },
      });
    return added;
  });
}

/** Every transfer-wallet venue's bets, one page each. */
export async function pullAllVenueBets(deps: VenueBetsDeps): Promise<number> {
  let added = 0;
  for (const code of await transferVenueCodes(deps.db)) added += await pullVenueBets(deps, code);
  return added;
}
