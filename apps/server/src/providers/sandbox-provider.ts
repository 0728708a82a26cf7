import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { hashToken, newToken } from '../modules/accounts/tokens';
import { sandboxSessions } from '../modules/games/games-tables';
import { accountCode, balanceOf } from '../modules/ledger/ledger-service';
import type { Clock } from '../lib/time';
import type { GameProvider, LaunchRequest, VenueRef } from './game-provider';

/** A sandbox launch stays playable for 12 hours. */
const TICKET_MS = 12 * 3600 * 1000;

/**
 * The built-in venue: the member's venue wallet is the ledger account `member:N:venue:CODE`, so transfers in and out
 * are complete once the ledger has moved the money, and its demo game page (/sandbox/play) stakes from that account.
 */
export function sandboxProvider(clock: Clock): GameProvider {
  return {
    name: 'sandbox',
    acceptsMoneyIn: true,
    async ensureAccount() {
      // Nothing to register: the venue wallet is the ledger account, which the first movement into it creates, and a
      // missing account reads as a zero balance.
    },
    async balance(tx, ref) {
      return balanceOf(tx, accountCode.venue(ref.memberId, ref.venue));
    },
    async transferIn() {
      // The ledger movement into member:N:venue:CODE is the venue credit itself.
    },
    async transferOut() {
      // Likewise: the ledger movement out of the venue account is the venue debit.
    },
    async launchUrl(tx, request) {
      const { token, hash } = newToken();
      await tx.insert(sandboxSessions).values({
        ticketHash: hash,
        memberId: request.memberId,
        venueCode: request.venue,
        category: request.category,
        gameCode: request.gameCode,
        // Logoff, a password change or a disable deletes the session, and the cascade ends this ticket with it.
        sessionHash: request.sessionHash,
        expiresAt: new Date(clock.now().getTime() + TICKET_MS),
      });
      return new URL(`/sandbox/play?ticket=${token}`, request.origin).toString();
    },
  };
}

export interface SandboxSession extends VenueRef {
  gameCode: string;
}

/** The launch a demo-page ticket stands for, or null when unknown or expired. */
export async function sandboxSession(tx: Tx, ticket: string, clock: Clock): Promise<SandboxSession | null> {
  const [row] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.ticketHash, hashToken(ticket)));
  if (!row || row.expiresAt.getTime() <= clock.now().getTime()) return null;
  return { memberId: row.memberId, venue: row.venueCode, category: row.category, gameCode: row.gameCode };
}

export type { LaunchRequest };
