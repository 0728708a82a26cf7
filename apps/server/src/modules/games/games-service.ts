import type { Db, Tx } from '../../db/client';
import { centsToNumeric } from '../../lib/money';
import type { Clock } from '../../lib/time';
import { raiseMemberTurnover } from '../accounts/member-records';
import { markBetSettled } from '../bets/bet-records';
import { onBetSettled } from '../rebates/rebates-service';

export interface GamesDeps {
  db: Db;
  clock: Clock;
}

/**
 * Marks a bet settled with its win/loss once its payout (if any) has moved, and counts it: the valid amount goes
 * towards lifetime turnover (VIP flow) and pays off the outstanding withdrawal requirement, which never goes below
 * zero; then the rebate row of the bet and the VIP recomputation (docs/wire-rules.md "Bets, VIP, rebates").
 */
export async function recordSettlement(
  tx: Tx,
  clock: Clock,
  bet: { betId: string; memberId: number; venueCode: string; category: string; stake: number; payout: number },
) {
  await markBetSettled(tx, bet.betId, bet.payout - bet.stake, clock.now());
  const valid = centsToNumeric(bet.stake);
  await raiseMemberTurnover(tx, bet.memberId, valid);
  await onBetSettled(tx, clock, {
    betId: bet.betId,
    memberId: bet.memberId,
    venueCode: bet.venueCode,
    category: bet.category,
    validCents: bet.stake,
  });
}
