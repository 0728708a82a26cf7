import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hasRow } from '../../db/rows';
import { ledgerTransactions } from '../../db/tables/ledger';

/**
 * Whether a movement between the central wallet and a venue of ours, by its id (the order number the member's
 * transaction records show for it), is the member's own (意见反馈, docs/operators.md "Tickets").
 */
export async function isMembersTransferMovement(db: DbOrTx, memberId: number, no: string): Promise<boolean> {
  if (!/^\d{1,9}$/.test(no)) return false;
  return hasRow(
    db,
    ledgerTransactions,
    and(
      eq(ledgerTransactions.id, Number(no)),
      eq(ledgerTransactions.memberId, memberId),
      inArray(ledgerTransactions.kind, ['transfer_in', 'transfer_out']),
    ),
  );
}
