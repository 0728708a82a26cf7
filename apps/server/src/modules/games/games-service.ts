import { randomInt, randomUUID } from 'node:crypto';
import { BizCode, centsToMoney, MSG, parseMoneyToCents, periodRange } from '@h5/contract';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { pageWindow, toPaginator } from '../../lib/paging';
import { centsToNumeric, numericToCents, numericToMoney } from '../../lib/money';
import { type Clock, formatBeijing } from '../../lib/time';
import { sandboxSession, type SandboxSession } from '../../providers/sandbox-provider';
import { members } from '../accounts/accounts-tables';
import { accountCode, balanceOf, lockWallet, post } from '../ledger/ledger-service';
import { onBetSettled } from '../rebates/rebates-service';
import { bets } from './games-tables';

export interface GamesDeps {
  db: Db;
  clock: Clock;
}

export const MIN_STAKE_CENTS = 100;
export const MAX_STAKE_CENTS = 1_000_000;

/** Sic Bo big/small: three dice, 11-17 big, 4-10 small, any triple loses both; a win pays twice the stake. */
export const DICE_PICKS = ['big', 'small'] as const;
/** Match result for sport venues, settled later: decimal odds x100 and the chance of each outcome in percent. */
export const MATCH_PICKS = { home: { odds: 240, chance: 40 }, draw: { odds: 320, chance: 27 }, away: { odds: 280, chance: 33 } };
export type MatchPick = keyof typeof MATCH_PICKS;

export interface RoundResult {
  bet_id: string;
  status: 1 | 2;
  dice: number[];
  outcome: string;
  win_loss: string;
  venue_balance: string;
}

function rollDice(): number[] {
  return [randomInt(1, 7), randomInt(1, 7), randomInt(1, 7)];
}

function diceOutcome(dice: number[]): 'big' | 'small' | 'triple' {
  if (dice[0] === dice[1] && dice[1] === dice[2]) return 'triple';
  const sum = dice.reduce((a, b) => a + b, 0);
  return sum >= 11 ? 'big' : 'small';
}

function drawMatch(): MatchPick {
  const n = randomInt(0, 100);
  if (n < MATCH_PICKS.home.chance) return 'home';
  return n < MATCH_PICKS.home.chance + MATCH_PICKS.draw.chance ? 'draw' : 'away';
}

export async function requireSession(db: Db, ticket: string, clock: Clock): Promise<SandboxSession> {
  const session = await db.transaction((tx) => sandboxSession(tx, ticket, clock));
  if (!session) throw new AppError(BizCode.UNAUTHORIZED, MSG.sandboxTicketExpired);
  return session;
}

/** Pays out a bet: the float of the venue pays the member's venue wallet, and the settled turnover is counted. */
async function settle(
  tx: Tx,
  clock: Clock,
  bet: { betId: string; memberId: number; venueCode: string; category: string; stake: number; payout: number },
) {
  if (bet.payout > 0) {
    await post(tx, {
      reference: `payout:${bet.betId}`,
      kind: 'bet_payout',
      memberId: bet.memberId,
      legs: [
        { account: accountCode.venueFloat(bet.venueCode, bet.memberId), cents: -bet.payout },
        { account: accountCode.venue(bet.memberId, bet.venueCode), cents: bet.payout },
      ],
    });
  }
  await recordSettlement(tx, clock, bet);
}

/**
 * Marks a bet settled with its win/loss once its payout (if any) has moved, and counts it: the valid amount goes
 * towards lifetime turnover (VIP flow) and pays off the outstanding withdrawal requirement, which never goes below
 * zero; then the rebate row of the bet and the VIP recomputation (SERVER-RULES "Bets, VIP, rebates").
 */
export async function recordSettlement(
  tx: Tx,
  clock: Clock,
  bet: { betId: string; memberId: number; venueCode: string; category: string; stake: number; payout: number },
) {
  await tx
    .update(bets)
    .set({ status: 1, winLoss: centsToNumeric(bet.payout - bet.stake), settledAt: clock.now() })
    .where(eq(bets.betId, bet.betId));
  const valid = centsToNumeric(bet.stake);
  await tx
    .update(members)
    .set({
      turnover: sql`${members.turnover} + ${valid}::numeric`,
      turnoverRequired: sql`greatest(0, ${members.turnoverRequired} - ${valid}::numeric)`,
    })
    .where(eq(members.id, bet.memberId));
  await onBetSettled(tx, clock, { betId: bet.betId, memberId: bet.memberId, venueCode: bet.venueCode, category: bet.category, validCents: bet.stake });
}

/**
 * One demo round staked from the member's venue wallet. Casino venues settle at once; sport venues leave the bet
 * unsettled (status 2) until a settlement step.
 */
export async function playRound(deps: GamesDeps, session: SandboxSession, input: { stake: unknown; pick: unknown }): Promise<RoundResult> {
  const stake = parseMoneyToCents(input.stake);
  if (stake === null || stake < MIN_STAKE_CENTS || stake > MAX_STAKE_CENTS) throw badInput(MSG.stakeOutOfRange);
  const sport = session.category === 'sport';
  const pick = String(input.pick);
  if (sport ? !(pick in MATCH_PICKS) : !(DICE_PICKS as readonly string[]).includes(pick)) throw badInput(MSG.badInput);

  const betId = `SB${Date.now().toString(36).toUpperCase()}${randomUUID().slice(0, 8).toUpperCase()}`;
  return deps.db.transaction(async (tx) => {
    await lockWallet(tx, session.memberId);
    await post(tx, {
      reference: `stake:${betId}`,
      kind: 'bet_stake',
      memberId: session.memberId,
      legs: [
        { account: accountCode.venue(session.memberId, session.venue), cents: -stake },
        { account: accountCode.venueFloat(session.venue, session.memberId), cents: stake },
      ],
    });
    await tx.insert(bets).values({
      betId,
      memberId: session.memberId,
      venueCode: session.venue,
      category: session.category,
      gameCode: `${session.gameCode || 'demo'}:${pick}`,
      betAmount: centsToNumeric(stake),
      validAmount: centsToNumeric(stake),
      status: 2,
      createdAt: deps.clock.now(),
    });
    let dice: number[] = [];
    let outcome = 'pending';
    if (!sport) {
      dice = rollDice();
      outcome = diceOutcome(dice);
      const payout = outcome === pick ? stake * 2 : 0;
      await settle(tx, deps.clock, { betId, memberId: session.memberId, venueCode: session.venue, category: session.category, stake, payout });
    }
    const venueBalance = await balanceOf(tx, accountCode.venue(session.memberId, session.venue));
    const [bet] = await tx.select({ winLoss: bets.winLoss, status: bets.status }).from(bets).where(eq(bets.betId, betId));
    return {
      bet_id: betId,
      status: bet?.status === 1 ? 1 : 2,
      dice,
      outcome,
      win_loss: numericToMoney(bet?.winLoss ?? '0'),
      venue_balance: centsToMoney(venueBalance),
    };
  });
}

/** The settlement step of sport venues: settles every unsettled bet of the member at this venue. */
export async function settlePending(deps: GamesDeps, session: SandboxSession) {
  return deps.db.transaction(async (tx) => {
    await lockWallet(tx, session.memberId);
    const pending = await tx
      .select()
      .from(bets)
      .where(and(eq(bets.memberId, session.memberId), eq(bets.venueCode, session.venue), eq(bets.status, 2)))
      .for('update');
    const results: { bet_id: string; outcome: string; win_loss: string }[] = [];
    for (const bet of pending) {
      const stake = numericToCents(bet.betAmount);
      const pick = (bet.gameCode.split(':').pop() ?? '') as MatchPick;
      const outcome = drawMatch();
      const payout = outcome === pick ? Math.floor((stake * MATCH_PICKS[pick].odds) / 100) : 0;
      await settle(tx, deps.clock, { betId: bet.betId, memberId: bet.memberId, venueCode: bet.venueCode, category: bet.category, stake, payout });
      results.push({ bet_id: bet.betId, outcome, win_loss: centsToMoney(payout - stake) });
    }
    return results;
  });
}

/** /api/betrecord: the member's bets in a period, optionally at one venue, newest first. */
export async function betRecords(
  deps: GamesDeps,
  memberId: number,
  query: { date: number; page: number; pagesize?: number | undefined; limit?: number | undefined; api_type: string },
) {
  const window = pageWindow(query);
  const { from } = periodRange(query.date, deps.clock.now());
  const filters = [eq(bets.memberId, memberId), gte(bets.createdAt, from)];
  if (query.api_type.trim()) filters.push(sql`lower(${bets.venueCode}) = lower(${query.api_type.trim()})`);
  const where = and(...filters);
  const [total] = await deps.db.select({ n: count() }).from(bets).where(where);
  const rows = await deps.db
    .select()
    .from(bets)
    .where(where)
    .orderBy(desc(bets.createdAt), desc(bets.id))
    .limit(window.perPage)
    .offset(window.offset);
  return toPaginator(
    rows.map((b) => ({
      bet_id: b.betId,
      Code: b.venueCode,
      bet_amount: numericToMoney(b.betAmount),
      valid_amount: numericToMoney(b.validAmount),
      win_loss: numericToMoney(b.winLoss),
      status: b.status,
      created_at: formatBeijing(b.createdAt),
    })),
    total?.n ?? 0,
    window,
  );
}

/** What the demo page shows: the venue, the member's venue balance and the unsettled bets. */
export async function sandboxState(deps: GamesDeps, session: SandboxSession) {
  const balance = await balanceOf(deps.db, accountCode.venue(session.memberId, session.venue));
  const [pending] = await deps.db
    .select({ n: count() })
    .from(bets)
    .where(and(eq(bets.memberId, session.memberId), eq(bets.venueCode, session.venue), eq(bets.status, 2)));
  return {
    venue: session.venue,
    category: session.category,
    game: session.gameCode,
    venue_balance: centsToMoney(balance),
    pending: pending?.n ?? 0,
  };
}
