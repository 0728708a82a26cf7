import { eq, like } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { creditedMember, expectLedgerBalanced, memberBalance, type TestApp } from '../../../test/helper';
import { bets } from '../../db/tables/bets';
import { launchTokens } from '../../db/tables/games';
import { ledgerTransactions } from '../../db/tables/ledger';
import { venues } from '../../db/tables/venues';
import { newToken } from '../../lib/tokens';
import { venueTransfers } from '../../db/tables/wallet';

/** A venue at this app's sandbox aggregator (category realbet) in a wallet mode, with a secret of its own: a venues row. */
export const aggregatorVenue = (
  t: TestApp,
  code: string,
  name: string,
  walletMode: 'transfer' | 'seamless',
  apiSecret: string,
) => ({
  code,
  name,
  platname: code,
  categoryId: 'realbet',
  walletMode,
  apiBaseUrl: `${t.origin}/sandbox/aggregator/api/${code}`,
  apiSecret,
});

/**
 * Venues at this app's sandbox aggregator (aggregatorVenue's rows: code, name, wallet mode, secret), added before a
 * file's tests once its app is built.
 */
export function useAggregatorVenues(
  t: TestApp,
  rows: Array<[code: string, name: string, walletMode: 'transfer' | 'seamless', apiSecret: string]>,
) {
  beforeAll(async () => {
    await t.database.db.insert(venues).values(rows.map((row) => aggregatorVenue(t, ...row)));
  });
}

/** Test helpers shared by the wallet and venue suites (imported by tests only). */
export function walletKit(t: TestApp, finance: () => string) {
  /** A registered member whom finance credited with `amount`, with the member's id. */
  const member = (amount: string) => creditedMember(t, finance(), amount);

  /** /api/transfer as the app sends it (with an Idempotency-Key when given): the envelope, whatever its code. */
  const transfer = (token: string, body: Record<string, string>, key?: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/transfer',
        payload: body,
        headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      })
      .then((r) => r.json() as { code: number; message: string; data: { balance: string } | null });

  /** The member's central balance (memberBalance). */
  const balanceOf = (token: string) => memberBalance(t, token);

  /** The member's venue transfers, oldest first. */
  const transfersOf = (id: number) =>
    t.database.db.select().from(venueTransfers).where(eq(venueTransfers.memberId, id)).orderBy(venueTransfers.id);

  /** The ledger movements of one transfer, by the last part of their reference (hold, sent, refund, received). */
  const movementsOf = async (transferNo: string) => {
    const rows = await t.database.db
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.reference, `venue-transfer:${transferNo}:%`))
      .orderBy(ledgerTransactions.id);
    return rows.map((r) => r.reference.split(':').pop());
  };

  /**
   * A live launch of the member at `venue` (of `category`), written as a launch writes it, expiring `expiresInMs`
   * after the app's clock: its token and the token's hash.
   */
  const launchToken = async (memberId: number, venue: string, category: string, expiresInMs = 3600_000) => {
    const { token, hash } = newToken();
    await t.database.db.insert(launchTokens).values({
      ticketHash: hash,
      memberId,
      venueCode: venue,
      category,
      expiresAt: new Date(t.clock.now().getTime() + expiresInMs),
    });
    return { token, hash };
  };

  /** The bet row a seamless venue's transaction made (its bet id is the venue's code and the transaction id). */
  const betRecord = async (venue: string, transactionId: string) =>
    (
      await t.database.db
        .select()
        .from(bets)
        .where(eq(bets.betId, `${venue}:${transactionId}`))
    )[0];

  /** The ledger check, asserted balanced with no mismatched account. */
  const ledgerBalanced = () => expectLedgerBalanced(t, finance());

  return { member, transfer, balanceOf, transfersOf, movementsOf, launchToken, betRecord, ledgerBalanced };
}
