import { TRANSFER_STATE } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hasRow, newestRows } from '../../db/rows';
import { venueTransfers } from '../../db/tables/wallet';
import { numericToMoney } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { isMembersTransferMovement } from '../ledger/transfer-movements';
import { withVenueNames } from '../venues/venue-records';

const STATE_LABEL: Readonly<Record<number, string>> = { ...TRANSFER_STATE, 2: '处理中' };

/**
 * A member's latest transfers between the central wallet and the venues, newest first, as the support desk is shown
 * them (docs/operators.md "The support desk"): each with its venue's name, direction, amount, state and time.
 */
export async function latestTransfersOf(db: DbOrTx, memberId: number, limit: number) {
  const rows = await newestRows(db, venueTransfers, eq(venueTransfers.memberId, memberId), limit);
  return withVenueNames(
    db,
    rows.map((r) => ({
      id: r.id,
      transfer_no: r.transferNo,
      venue_code: r.venueCode,
      direction: r.direction,
      amount: numericToMoney(r.amount),
      state: r.state,
      state_label: STATE_LABEL[r.state] ?? `状态 ${r.state}`,
      created_at: formatBeijing(r.createdAt),
    })),
  );
}

/**
 * Whether a transfer of this number is the member's own (意见反馈, docs/operators.md "Tickets"): a remote venue's
 * transfer by its number, or a movement with a venue of ours by its id, as the transaction records show them.
 */
export async function isMembersTransfer(db: DbOrTx, memberId: number, transferNo: string): Promise<boolean> {
  const own = await hasRow(
    db,
    venueTransfers,
    and(eq(venueTransfers.memberId, memberId), eq(venueTransfers.transferNo, transferNo)),
  );
  return own || isMembersTransferMovement(db, memberId, transferNo);
}
