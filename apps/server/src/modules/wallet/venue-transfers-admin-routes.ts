import { adminEndpoints, BizCode, centsToMoney, MSG } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminRoute, type AuthenticateOperator } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { memberRowsPage } from '../accounts/member-rows-page';
import { beijingDayRange } from '../../http/date-filter';
import { numericToCents } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { audit } from '../backoffice/audit';
import { reconcileTransfer, type RemoteTransferDeps } from './remote-transfers';
import { venueTransfers } from '../../db/tables/wallet';
import { withVenueNames } from '../venues/venue-records';

const TRANSFER_NO = /^[A-Za-z0-9]{1,40}$/;

const view = (row: typeof venueTransfers.$inferSelect, username?: string) => ({
  id: row.id,
  transfer_no: row.transferNo,
  member_id: row.memberId,
  ...(username === undefined ? {} : { username }),
  venue_code: row.venueCode,
  direction: row.direction,
  amount: centsToMoney(numericToCents(row.amount)),
  state: row.state,
  note: row.note,
  created_at: formatBeijing(row.createdAt),
  updated_at: formatBeijing(row.updatedAt),
});

/**
 * Finance's view of transfers to and from remote venues (docs/venues.md "Game venues"): every transfer with its state, and
 * for a pending one the means to ask the venue now rather than wait for the reconciliation job. Asking never moves
 * money by itself: the venue's answer finishes the transfer exactly as reconciliation would, once.
 */
export function venueTransfersAdminRoutes(
  app: FastifyInstance,
  deps: RemoteTransferDeps,
  authenticate: AuthenticateOperator,
) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.venueTransfers, async ({ input }) => {
    const filters = beijingDayRange(venueTransfers.createdAt, input);
    if (input.state !== undefined) filters.push(eq(venueTransfers.state, input.state));
    if (input.venue) filters.push(eq(venueTransfers.venueCode, input.venue));
    const page = await memberRowsPage(db, venueTransfers, and(...filters), pageWindow(input), view);
    return { data: { ...page, data: await withVenueNames(db, page.data) } };
  });

  adminRoute(app, authenticate, adminEndpoints.venueTransferReconcile, async ({ params, operator, req }) => {
    const transferNo = params.transfer_no ?? '';
    const find = async () =>
      TRANSFER_NO.test(transferNo)
        ? (await db.select().from(venueTransfers).where(eq(venueTransfers.transferNo, transferNo)))[0]
        : undefined;
    const before = await find();
    if (!before) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    if (before.state !== 2) throw new AppError(BizCode.CONFLICT, MSG.venueTransferSettled);
    // The venue is asked outside any transaction; finishing takes the transfer's row lock, so two operators (or an
    // operator and the job) asking at once finish it once.
    await reconcileTransfer(deps, before);
    const after = await find();
    if (!after) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    await audit(db, {
      operatorId: operator.id,
      action: 'venue_transfer.reconcile',
      target: `venue_transfer:${transferNo}`,
      before: { state: before.state },
      after: { state: after.state, note: after.note },
      requestId: req.id,
    });
    const message =
      after.state !== 2
        ? MSG.venueTransferReconciled
        : after.note.startsWith(MSG.venueAmountMismatch)
          ? MSG.venueTransferAmountMismatch
          : MSG.venueTransferStillPending;
    const [shown] = await withVenueNames(db, [view(after)]);
    if (!shown) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    return { data: shown, message };
  });
}
