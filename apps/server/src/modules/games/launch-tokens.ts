import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/time';
import { hashToken } from '../../lib/tokens';
import { launchTokens } from '../../db/tables/games';

export interface Launch {
  memberId: number;
  venue: string;
  category: string;
  gameCode: string;
}

/** The launch a token handed to a venue stands for, or null when unknown, expired or its session has ended. */
export async function launchOf(tx: Tx, token: string, clock: Clock): Promise<Launch | null> {
  const [row] = await tx
    .select()
    .from(launchTokens)
    .where(eq(launchTokens.ticketHash, hashToken(token)));
  if (!row || row.expiresAt.getTime() <= clock.now().getTime()) return null;
  return { memberId: row.memberId, venue: row.venueCode, category: row.category, gameCode: row.gameCode };
}

/** Stores a launch handed to a venue (only the token's hash is kept). */
export async function storeLaunch(db: DbOrTx, launch: typeof launchTokens.$inferInsert): Promise<void> {
  await db.insert(launchTokens).values(launch);
}

/** Ends every launch of the member: no venue can authenticate the member with an old launch token. */
export async function dropLaunches(tx: DbOrTx, memberId: number): Promise<void> {
  await tx.delete(launchTokens).where(eq(launchTokens.memberId, memberId));
}
