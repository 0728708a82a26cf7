import { centsToMoney } from '@h5/contract';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { centsToNumeric, numericToCents } from '../../lib/money';
import {
  sandboxAggregatorOpenBets,
  sandboxAggregatorPlayers,
  sandboxAggregatorRounds,
  sandboxAggregatorTransfers,
} from './sandbox-aggregator-tables';

/**
 * The sandbox aggregator's side of a transfer-wallet venue: its players' balances, the transfers it accepted (each
 * transfer id once: a repeat is answered as the first time) and the rounds played. It knows nothing of our ledger.
 */

async function lockedPlayer(tx: Tx, venue: string, player: string): Promise<number> {
  await tx.insert(sandboxAggregatorPlayers).values({ venueCode: venue, player }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: sandboxAggregatorPlayers.balance })
    .from(sandboxAggregatorPlayers)
    .where(and(eq(sandboxAggregatorPlayers.venueCode, venue), eq(sandboxAggregatorPlayers.player, player)))
    .for('update');
  return numericToCents(row?.balance ?? '0');
}

async function setBalance(tx: Tx, venue: string, player: string, cents: number) {
  await tx
    .update(sandboxAggregatorPlayers)
    .set({ balance: centsToNumeric(cents) })
    .where(and(eq(sandboxAggregatorPlayers.venueCode, venue), eq(sandboxAggregatorPlayers.player, player)));
}

export async function playerBalance(db: Db, venue: string, player: string): Promise<number> {
  const [row] = await db
    .select({ balance: sandboxAggregatorPlayers.balance })
    .from(sandboxAggregatorPlayers)
    .where(and(eq(sandboxAggregatorPlayers.venueCode, venue), eq(sandboxAggregatorPlayers.player, player)));
  return numericToCents(row?.balance ?? '0');
}

export interface TransferAnswer {
  status: 'OK' | 'INSUFFICIENT_FUNDS';
  /** The amount recorded for this transfer id (a repeat is answered with the first one's). */
  amount: string;
  balance: string;
}

async function recorded(db: Db | Tx, venue: string, transferId: string) {
  const [row] = await db
    .select()
    .from(sandboxAggregatorTransfers)
    .where(and(eq(sandboxAggregatorTransfers.venueCode, venue), eq(sandboxAggregatorTransfers.transferId, transferId)));
  return row ?? null;
}

const asAnswer = (row: typeof sandboxAggregatorTransfers.$inferSelect): TransferAnswer => ({
  status: row.status === 'SUCCESS' ? 'OK' : 'INSUFFICIENT_FUNDS',
  amount: centsToMoney(numericToCents(row.amount)),
  balance: centsToMoney(numericToCents(row.balanceAfter)),
});

export async function applyTransfer(
  db: Db,
  t: { venue: string; player: string; transferId: string; direction: 'in' | 'out'; cents: number },
): Promise<TransferAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const balance = await lockedPlayer(tx, t.venue, t.player);
      const before = await recorded(tx, t.venue, t.transferId);
      if (before) return asAnswer(before);
      const enough = t.direction === 'in' || balance >= t.cents;
      const after = !enough ? balance : t.direction === 'in' ? balance + t.cents : balance - t.cents;
      if (enough) await setBalance(tx, t.venue, t.player, after);
      await tx.insert(sandboxAggregatorTransfers).values({
        venueCode: t.venue,
        transferId: t.transferId,
        player: t.player,
        direction: t.direction,
        amount: centsToNumeric(t.cents),
        status: enough ? 'SUCCESS' : 'FAILED',
        balanceAfter: centsToNumeric(after),
      });
      return {
        status: enough ? 'OK' : 'INSUFFICIENT_FUNDS',
        amount: centsToMoney(t.cents),
        balance: centsToMoney(after),
      };
    });
  } catch (e) {
    // The same transfer id for another player raced this one and won: answer what it recorded.
    const before = await recorded(db, t.venue, t.transferId);
    if (before) return asAnswer(before);
    throw e;
  }
}

export async function transferStatus(db: Db, venue: string, transferId: string) {
  const row = await recorded(db, venue, transferId);
  return row
    ? {
        state: row.status === 'SUCCESS' ? ('SUCCESS' as const) : ('FAILED' as const),
        amount: centsToMoney(numericToCents(row.amount)),
      }
    : null;
}

/** One round staked from the player's balance at the venue; answers null when the balance is short. */
export async function playTransferRound(
  db: Db,
  r: { venue: string; player: string; roundId: string; gameCode: string; stake: number; payout: number; at: Date },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const balance = await lockedPlayer(tx, r.venue, r.player);
    if (balance < r.stake) return null;
    const after = balance - r.stake + r.payout;
    await setBalance(tx, r.venue, r.player, after);
    await recordRound(tx, r);
    return after;
  });
}

/**
 * A bet left open (a match bet until its settlement step): the stake leaves the player's balance at once (transfer
 * venues; a seamless venue's stake was taken by the bet callback, `debit` false). Answers the balance after, or null
 * when it is short.
 */
export async function openBet(
  db: Db,
  b: { venue: string; player: string; roundId: string; gameCode: string; pick: string; stake: number; debit: boolean },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const balance = await lockedPlayer(tx, b.venue, b.player);
    if (b.debit && balance < b.stake) return null;
    const after = b.debit ? balance - b.stake : balance;
    if (b.debit) await setBalance(tx, b.venue, b.player, after);
    await tx.insert(sandboxAggregatorOpenBets).values({
      roundId: b.roundId,
      venueCode: b.venue,
      player: b.player,
      gameCode: b.gameCode,
      pick: b.pick,
      stake: centsToNumeric(b.stake),
    });
    return after;
  });
}

export async function openBets(db: Db, venue: string, player: string) {
  const rows = await db
    .select()
    .from(sandboxAggregatorOpenBets)
    .where(and(eq(sandboxAggregatorOpenBets.venueCode, venue), eq(sandboxAggregatorOpenBets.player, player)))
    .orderBy(asc(sandboxAggregatorOpenBets.createdAt), asc(sandboxAggregatorOpenBets.roundId));
  return rows.map((r) => ({ roundId: r.roundId, gameCode: r.gameCode, pick: r.pick, stake: numericToCents(r.stake) }));
}

export async function openBetCount(db: Db, venue: string, player: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxAggregatorOpenBets)
    .where(and(eq(sandboxAggregatorOpenBets.venueCode, venue), eq(sandboxAggregatorOpenBets.player, player)));
  return row?.n ?? 0;
}

/**
 * Settles one open bet once: it leaves the open bets, and for a transfer venue the payout reaches the player's balance
 * and the round is recorded for the bet pull. Answers false when it was settled already (by a concurrent step).
 */
export async function settleOpenBet(
  db: Db,
  b: {
    venue: string;
    player: string;
    roundId: string;
    gameCode: string;
    stake: number;
    payout: number;
    credit: boolean;
    at: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const balance = await lockedPlayer(tx, b.venue, b.player);
    const gone = await tx
      .delete(sandboxAggregatorOpenBets)
      .where(and(eq(sandboxAggregatorOpenBets.venueCode, b.venue), eq(sandboxAggregatorOpenBets.roundId, b.roundId)))
      .returning({ roundId: sandboxAggregatorOpenBets.roundId });
    if (!gone.length) return false;
    if (b.credit) {
      await setBalance(tx, b.venue, b.player, balance + b.payout);
      await recordRound(tx, b);
    }
    return true;
  });
}

/** A settled round, numbered in settlement order for the bet pull. */
export async function recordRound(
  db: Db | Tx,
  r: { venue: string; player: string; roundId: string; gameCode: string; stake: number; payout: number; at: Date },
) {
  await db.insert(sandboxAggregatorRounds).values({
    createdAt: r.at,
    venueCode: r.venue,
    roundId: r.roundId,
    player: r.player,
    gameCode: r.gameCode,
    stake: centsToNumeric(r.stake),
    payout: centsToNumeric(r.payout),
  });
}

/** Rounds settled after the cursor (their sequence number), oldest first. */
export async function roundsAfter(db: Db, venue: string, cursor: string, limit: number) {
  const from = /^\d+$/.test(cursor) ? Number(cursor) : 0;
  const rows = await db
    .select()
    .from(sandboxAggregatorRounds)
    .where(and(eq(sandboxAggregatorRounds.venueCode, venue), gt(sandboxAggregatorRounds.seq, from)))
    .orderBy(asc(sandboxAggregatorRounds.seq))
    .limit(limit);
  const last = rows.at(-1);
  return {
    bets: rows.map((r) => ({
      bet_id: r.roundId,
      player: r.player,
      game_code: r.gameCode,
      stake: centsToMoney(numericToCents(r.stake)),
      payout: centsToMoney(numericToCents(r.payout)),
      settled_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
    next_cursor: last ? String(last.seq) : String(from),
  };
}
