import { centsToMoney, MSG, parseMoneyToCents, type VenueProtocol, type VenueWalletStatus } from '@h5/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/time';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { launchOf } from '../games/launch-tokens';
import { memberByUsername, memberNameAndState } from '../accounts/member-records';
import { addBetPayout, placeBet, voidBet } from '../bets/bet-records';
import { recordSettlement } from '../games/games-service';
import { venueWalletTransactions } from '../../db/tables/venue-wallet';
import { accountCode, balanceOf, lockWallet, moneyTransaction, post } from '../ledger/ledger-service';
import { seamlessBetRefusal } from '../responsible/responsible-service';
import { venueByCode, venueCredentials } from '../venues/venue-records';
import type { RefusalReason, VenueCredentials, WalletAnswer, WalletCall } from '../../providers/venues/venue-protocol';

/**
 * The seamless wallet (docs/venues.md "Game venues"): a venue debits and credits the member's central wallet through our
 * callback API. Each venue transaction id is processed once, forever: the money call and the row that remembers it
 * commit together, under the member's wallet lock, so a retried or concurrent repeat finds the row and is answered
 * with the balance answered the first time.
 */
export interface SeamlessVenue {
  code: string;
  category: string;
  currency: string;
  /** The venue's switch (console 场馆): a disabled venue takes no new bets, and still pays wins and rollbacks. */
  enabled: boolean;
}

export interface SeamlessDeps {
  db: Db;
  clock: Clock;
}

type Answer = WalletAnswer;
const MESSAGES: Partial<Record<VenueWalletStatus, string>> = {
  INSUFFICIENT_FUNDS: '余额不足',
  INVALID_TOKEN: '登录凭证无效或已过期',
  PLAYER_DISABLED: '玩家账号已停用',
  UNKNOWN_TRANSACTION: '找不到所指的下注交易',
  TRANSACTION_CLOSED: '该下注已派彩或已撤销',
  INVALID_REQUEST: '请求内容不正确',
};

export const refusal = (status: VenueWalletStatus, balanceCents = 0, message = MESSAGES[status]): Answer => ({
  status,
  balance: centsToMoney(balanceCents),
  message,
});

const ok = (balanceCents: number): Answer => ({ status: 'OK', balance: centsToMoney(balanceCents) });

/**
 * A venue calling our wallet API, by the code in the callback URL, with the protocol it speaks and the settings its
 * callbacks are verified with: a seamless venue (every call), or a transfer-wallet venue, which may only
 * authenticate its launch tokens (its money moves by transfers).
 */
export async function seamlessVenue(
  db: Db,
  code: string,
): Promise<(SeamlessVenue & { protocol: VenueProtocol; credentials: VenueCredentials; seamless: boolean }) | null> {
  const row = await venueByCode(db, code);
  if (!row) return null;
  return {
    code: row.code,
    category: row.categoryId,
    currency: row.currency,
    enabled: row.enabled === 1,
    protocol: row.protocol,
    credentials: venueCredentials(row),
    seamless: row.walletMode === 'seamless',
  };
}

interface Player {
  id: number;
  username: string;
  enabled: boolean;
}

async function playerNamed(db: Db | Tx, username: string): Promise<Player | null> {
  const row = await memberByUsername(db, username);
  return row ? { id: row.id, username: row.username, enabled: row.state === 1 } : null;
}

const walletOf = (player: Player) => accountCode.wallet(player.id);
const referenceOf = (venue: SeamlessVenue, transactionId: string) => `seamless:${venue.code}:${transactionId}`;
const betIdOf = (venue: SeamlessVenue, transactionId: string) => `${venue.code}:${transactionId}`;

/** authenticate {token}: the launch token getGameUrl handed to the venue stands for the member who launched. */
export async function authenticate(deps: SeamlessDeps, venue: SeamlessVenue, token: string): Promise<Answer> {
  const launch = await deps.db.transaction((tx) => launchOf(tx, token, deps.clock));
  if (!launch || launch.venue !== venue.code) return refusal('INVALID_TOKEN');
  const row = await memberNameAndState(deps.db, launch.memberId);
  if (!row) return refusal('INVALID_TOKEN');
  const balance = await balanceOf(deps.db, accountCode.wallet(launch.memberId));
  if (row.state !== 1) return refusal('PLAYER_DISABLED', balance);
  return { status: 'OK', balance: centsToMoney(balance), player: row.username, currency: venue.currency };
}

/** A clock at the epoch: reads a launch whatever its expiry, to tell an expired token from an unknown one. */
const EPOCH: Clock = { now: () => new Date(0) };

/**
 * Whether a launch token sent with a bet is a live launch of this member at this venue ('live'), was one and has
 * expired ('expired'), or is none of theirs ('unknown': never handed out, ended, another member's or venue's).
 */
async function sessionOf(
  tx: Tx,
  clock: Clock,
  venue: SeamlessVenue,
  token: string,
  memberId: number,
): Promise<'live' | 'expired' | 'unknown'> {
  const live = await launchOf(tx, token, clock);
  const launch = live ?? (await launchOf(tx, token, EPOCH));
  if (!launch || launch.venue !== venue.code || launch.memberId !== memberId) return 'unknown';
  return live ? 'live' : 'expired';
}

export async function balance(deps: SeamlessDeps, _venue: SeamlessVenue, username: string): Promise<Answer> {
  const player = await playerNamed(deps.db, username);
  if (!player) return refusal('INVALID_REQUEST');
  const cents = await balanceOf(deps.db, walletOf(player));
  return player.enabled ? ok(cents) : refusal('PLAYER_DISABLED', cents);
}

/** The row of a transaction id processed before, answered as DUPLICATE with the balance answered then. */
async function processedBefore(tx: Tx, venue: SeamlessVenue, transactionId: string) {
  const [row] = await tx
    .select()
    .from(venueWalletTransactions)
    .where(
      and(eq(venueWalletTransactions.venueCode, venue.code), eq(venueWalletTransactions.transactionId, transactionId)),
    );
  return row ?? null;
}

const duplicate = (row: { balanceAfter: string }): Answer => ({
  status: 'DUPLICATE',
  balance: centsToMoney(numericToCents(row.balanceAfter)),
});

/**
 * A transaction id processed before: the first answer when the repeat is the same call (`same`), a conflict when it
 * names another amount, round, game or bet (DUPLICATE) or another member (INVALID_REQUEST). Nothing moves.
 */
function repeated(
  before: { memberId: number; balanceAfter: string },
  player: Player,
  central: number,
  same: boolean,
): Answer {
  if (before.memberId !== player.id) return { ...refusal('INVALID_REQUEST', central), conflict: true };
  return same ? duplicate(before) : { ...duplicate(before), conflict: true };
}

/** Whether a rollback naming this bet's transaction id came before the bet itself. */
async function rolledBackBefore(tx: Tx, venue: SeamlessVenue, transactionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: venueWalletTransactions.id })
    .from(venueWalletTransactions)
    .where(
      and(
        eq(venueWalletTransactions.venueCode, venue.code),
        eq(venueWalletTransactions.action, 'rollback'),
        eq(venueWalletTransactions.referenceTransactionId, transactionId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The member's own limits, by the refusal they give. */
const LIMIT_REASONS: Record<string, RefusalReason> = {
  [MSG.rgBetCoolingOff]: 'cool_off',
  [MSG.rgBetExcluded]: 'excluded',
  [MSG.rgBetLossLimit]: 'loss_limit',
};

/**
 * Claims a transaction id for this call. Null when another call claimed it first: a different member's call with
 * the same id, which the unique index made wait for that call's commit.
 */
async function claim(tx: Tx, row: typeof venueWalletTransactions.$inferInsert): Promise<number | null> {
  const [claimed] = await tx
    .insert(venueWalletTransactions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: venueWalletTransactions.id });
  return claimed?.id ?? null;
}

async function remember(tx: Tx, id: number, balanceCents: number) {
  await tx
    .update(venueWalletTransactions)
    .set({ balanceAfter: centsToNumeric(balanceCents) })
    .where(eq(venueWalletTransactions.id, id));
}

/**
 * Moves money between the member's central wallet and their float at the venue under the call's reference: a stake
 * (`cents` negative) leaves the wallet, a payout or a returned stake (positive) comes back to it. Answers the
 * wallet's balance after (`central`, the balance read before, moved by `cents` when the books do not say).
 */
async function move(
  tx: Tx,
  venue: SeamlessVenue,
  player: Player,
  transactionId: string,
  kind: 'bet_stake' | 'bet_payout' | 'bet_rollback',
  central: number,
  cents: number,
): Promise<number> {
  const float = accountCode.venueFloat(venue.code, player.id);
  const [from, to] = cents < 0 ? [walletOf(player), float] : [float, walletOf(player)];
  const amount = Math.abs(cents);
  const moved = await post(tx, {
    reference: referenceOf(venue, transactionId),
    kind,
    memberId: player.id,
    memo: venue.code,
    legs: [
      { account: from, cents: -amount },
      { account: to, cents: amount },
    ],
  });
  return moved.balances.get(walletOf(player)) ?? central + cents;
}

/**
 * A wallet call of one action, as every protocol turns its callback into it (venue-protocol.ts): a bet's launch token,
 * where its protocol sends one, must be a live launch of this member here.
 */
type CallOf<A extends WalletCall['action']> = Omit<Extract<WalletCall, { action: A }>, 'action'>;

const positiveCents = (amount: string | number) => {
  const cents = parseMoneyToCents(amount);
  return cents !== null && cents > 0 ? cents : null;
};

/**
 * bet: debits the central wallet by exactly the amount, or refuses and moves nothing: INSUFFICIENT_FUNDS, or
 * PLAYER_DISABLED with the reason at a disabled venue, during a cool-off or exclusion or past the daily loss limit,
 * or INVALID_TOKEN for a launch token sent with it that is not (or no longer) a live launch of this member here.
 */
export async function bet(deps: SeamlessDeps, venue: SeamlessVenue, call: CallOf<'bet'>): Promise<Answer> {
  const cents = positiveCents(call.amount);
  const player = await playerNamed(deps.db, call.player);
  if (cents === null || !player) return refusal('INVALID_REQUEST');
  return moneyTransaction(deps.db, async (tx) => {
    const central = await lockWallet(tx, player.id);
    const before = await processedBefore(tx, venue, call.transaction_id);
    if (before) {
      const same =
        before.action === 'bet' &&
        numericToCents(before.amount) === cents &&
        before.roundId === call.round_id &&
        before.gameCode === call.game_code;
      return repeated(before, player, central, same);
    }
    // A bet the venue rolled back before it reached us (it timed out on the way) stays rolled back: taking it now
    // would keep a stake nobody will return.
    if (await rolledBackBefore(tx, venue, call.transaction_id)) return refusal('TRANSACTION_CLOSED', central);
    // A venue switched off takes no new stake; what it owes on bets already placed (wins, rollbacks) is still paid.
    if (!venue.enabled)
      return { ...refusal('PLAYER_DISABLED', central, MSG.venueUnavailable), reason: 'venue_disabled' };
    if (!player.enabled) return { ...refusal('PLAYER_DISABLED', central), reason: 'member_disabled' };
    // The member's own limits bind an open game as they bind launches: the venue knows PLAYER_DISABLED already.
    const limited = await seamlessBetRefusal(tx, player.id, cents, deps.clock.now());
    if (limited) return { ...refusal('PLAYER_DISABLED', central, limited), reason: LIMIT_REASONS[limited] };
    if (call.token !== undefined) {
      const session = await sessionOf(tx, deps.clock, venue, call.token, player.id);
      if (session === 'expired') return { ...refusal('INVALID_TOKEN', central), reason: 'token_expired' };
      if (session === 'unknown') return refusal('INVALID_TOKEN', central);
    }
    if (cents > central) return refusal('INSUFFICIENT_FUNDS', central);
    const id = await claim(tx, {
      venueCode: venue.code,
      transactionId: call.transaction_id,
      action: 'bet',
      memberId: player.id,
      roundId: call.round_id,
      gameCode: call.game_code,
      amount: centsToNumeric(cents),
      state: 'open',
      balanceAfter: '0',
    });
    if (id === null) return refusal('INVALID_REQUEST', central);
    const after = await move(tx, venue, player, call.transaction_id, 'bet_stake', central, -cents);
    await placeBet(tx, {
      betId: betIdOf(venue, call.transaction_id),
      memberId: player.id,
      venueCode: venue.code,
      category: venue.category,
      gameCode: call.game_code,
      betAmount: centsToNumeric(cents),
      validAmount: centsToNumeric(cents),
      status: 2,
      createdAt: deps.clock.now(),
    });
    await remember(tx, id, after);
    return ok(after);
  });
}

/**
 * win: credits the central wallet and settles the bet it refers to (or, without a reference, the round's open bets,
 * the whole win counted on the first). A second win for a settled bet adds to its win/loss. A win for a bet that
 * was rolled back is refused. Paid to a disabled member too: the money is theirs.
 */
export async function win(deps: SeamlessDeps, venue: SeamlessVenue, call: CallOf<'win'>): Promise<Answer> {
  const cents = parseMoneyToCents(call.amount);
  const player = await playerNamed(deps.db, call.player);
  if (cents === null || cents < 0 || !player) return refusal('INVALID_REQUEST');
  return moneyTransaction(deps.db, async (tx) => {
    const central = await lockWallet(tx, player.id);
    const before = await processedBefore(tx, venue, call.transaction_id);
    if (before) {
      const same =
        before.action === 'win' &&
        numericToCents(before.amount) === cents &&
        before.roundId === call.round_id &&
        (call.reference_transaction_id === undefined ||
          before.referenceTransactionId === call.reference_transaction_id);
      return repeated(before, player, central, same);
    }

    const byThisPlayer = and(
      eq(venueWalletTransactions.venueCode, venue.code),
      eq(venueWalletTransactions.memberId, player.id),
      eq(venueWalletTransactions.action, 'bet'),
    );
    const settled = call.reference_transaction_id
      ? await tx
          .select()
          .from(venueWalletTransactions)
          .where(and(byThisPlayer, eq(venueWalletTransactions.transactionId, call.reference_transaction_id)))
          .for('update')
      : await tx
          .select()
          .from(venueWalletTransactions)
          .where(
            and(
              byThisPlayer,
              eq(venueWalletTransactions.roundId, call.round_id),
              ne(venueWalletTransactions.state, 'rolled_back'),
            ),
          )
          .orderBy(asc(venueWalletTransactions.id))
          .for('update');
    const first = settled[0];
    if (!first) return refusal('UNKNOWN_TRANSACTION', central);
    if (first.state === 'rolled_back') return refusal('TRANSACTION_CLOSED', central);

    const id = await claim(tx, {
      venueCode: venue.code,
      transactionId: call.transaction_id,
      action: 'win',
      memberId: player.id,
      roundId: call.round_id,
      amount: centsToNumeric(cents),
      referenceTransactionId: first.transactionId,
      state: 'done',
      balanceAfter: '0',
    });
    if (id === null) return refusal('INVALID_REQUEST', central);
    let after = central;
    if (cents > 0) after = await move(tx, venue, player, call.transaction_id, 'bet_payout', central, cents);
    for (const [i, row] of settled.entries()) {
      const payout = i === 0 ? cents : 0;
      const betId = betIdOf(venue, row.transactionId);
      if (row.state === 'open') {
        const stake = numericToCents(row.amount);
        await recordSettlement(tx, deps.clock, {
          betId,
          memberId: player.id,
          venueCode: venue.code,
          category: venue.category,
          stake,
          payout,
        });
        await tx
          .update(venueWalletTransactions)
          .set({ state: 'settled' })
          .where(eq(venueWalletTransactions.id, row.id));
      } else if (payout > 0) {
        await addBetPayout(tx, betId, payout);
      }
    }
    await remember(tx, id, after);
    return ok(after);
  });
}

/**
 * rollback: gives back exactly the amount of an open bet, once; the bet record becomes invalid. A bet already won
 * cannot be rolled back; a second rollback of the same bet is answered with the first one's balance. A rollback of
 * a bet not seen (yet) is UNKNOWN_TRANSACTION and is remembered: that bet is refused if it arrives later.
 */
export async function rollback(deps: SeamlessDeps, venue: SeamlessVenue, call: CallOf<'rollback'>): Promise<Answer> {
  const player = await playerNamed(deps.db, call.player);
  if (!player) return refusal('INVALID_REQUEST');
  return moneyTransaction(deps.db, async (tx) => {
    const central = await lockWallet(tx, player.id);
    const before = await processedBefore(tx, venue, call.transaction_id);
    if (before) {
      const same = before.action === 'rollback' && before.referenceTransactionId === call.reference_transaction_id;
      // The repeat of a rollback that found no bet finds none again.
      if (same && before.memberId === player.id && numericToCents(before.amount) === 0)
        return refusal('UNKNOWN_TRANSACTION', central);
      return repeated(before, player, central, same);
    }
    const [target] = await tx
      .select()
      .from(venueWalletTransactions)
      .where(
        and(
          eq(venueWalletTransactions.venueCode, venue.code),
          eq(venueWalletTransactions.transactionId, call.reference_transaction_id),
          eq(venueWalletTransactions.memberId, player.id),
          eq(venueWalletTransactions.action, 'bet'),
        ),
      )
      .for('update');
    if (!target) {
      // Remembered, moving nothing (amount 0), so that the bet, should it still arrive, is refused.
      const id = await claim(tx, {
        venueCode: venue.code,
        transactionId: call.transaction_id,
        action: 'rollback',
        memberId: player.id,
        amount: '0',
        referenceTransactionId: call.reference_transaction_id,
        state: 'done',
        balanceAfter: centsToNumeric(central),
      });
      return id === null ? refusal('INVALID_REQUEST', central) : refusal('UNKNOWN_TRANSACTION', central);
    }
    if (target.state === 'settled') return refusal('TRANSACTION_CLOSED', central);
    if (target.state === 'rolled_back') {
      const [first] = await tx
        .select()
        .from(venueWalletTransactions)
        .where(
          and(
            eq(venueWalletTransactions.venueCode, venue.code),
            eq(venueWalletTransactions.action, 'rollback'),
            eq(venueWalletTransactions.referenceTransactionId, target.transactionId),
          ),
        )
        .limit(1);
      return first ? duplicate(first) : refusal('TRANSACTION_CLOSED', central);
    }

    const cents = numericToCents(target.amount);
    const id = await claim(tx, {
      venueCode: venue.code,
      transactionId: call.transaction_id,
      action: 'rollback',
      memberId: player.id,
      roundId: target.roundId,
      amount: target.amount,
      referenceTransactionId: target.transactionId,
      state: 'done',
      balanceAfter: '0',
    });
    if (id === null) return refusal('INVALID_REQUEST', central);
    const after = await move(tx, venue, player, call.transaction_id, 'bet_rollback', central, cents);
    await tx
      .update(venueWalletTransactions)
      .set({ state: 'rolled_back' })
      .where(eq(venueWalletTransactions.id, target.id));
    await voidBet(tx, betIdOf(venue, target.transactionId), deps.clock.now());
    await remember(tx, id, after);
    return ok(after);
  });
}
