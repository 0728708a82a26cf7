import { TRANSFER_STATE } from '@h5/contract';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { venueTransfers } from '../../db/tables/wallet';
import { numericToMoney } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { withVenueNames } from '../venues/venue-records';

const STATE_LABEL: Readonly<Record<number, string>> = { ...TRANSFER_STATE, 2: '处理中' };

/**
 * A member's latest transfers between the central wallet and the venues, newest first, as the support desk is shown
 * them (docs/operators.md "The support desk"): each with its venue's name, direction, amount, state and time.
 */
export async function latestTransfersOf(db: DbOrTx, memberId: number, limit: number) {
  const rows = await db
    .select()
    .from(venueTransfers)
    .where(eq(venueTransfers.memberId, memberId))
    .orderBy(desc(venueTransfers.id))
    .limit(limit);
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
