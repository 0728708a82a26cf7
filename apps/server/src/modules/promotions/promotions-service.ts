import { BizCode, MSG, type Promotion, type PromotionType } from '@h5/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../lib/paging';
import { type Clock, formatBeijing } from '../../lib/time';

import { decidePending } from '../backoffice/pending-review';
import { promotionApplications, promotions, promotionTypes } from '../../db/tables/promotions';

export interface PromotionsDeps {
  db: Db;
  clock: Clock;
}

type PromotionRow = typeof promotions.$inferSelect;
type ApplicationRow = typeof promotionApplications.$inferSelect;

const promotionView = (p: PromotionRow): Promotion => ({
  id: p.id,
  title: p.title,
  banner: p.banner,
  content: p.content,
  memo: p.memo,
});

/** /api/activitytype: the enabled types in display order, as {id, name}. */
export async function listTypes(db: DbOrTx): Promise<PromotionType[]> {
  return db
    .select({ id: promotionTypes.id, name: promotionTypes.name })
    .from(promotionTypes)
    .where(eq(promotionTypes.enabled, 1))
    .orderBy(asc(promotionTypes.sort), asc(promotionTypes.id));
}

/** /api/activitylist: enabled promotions, of one type when given, as the paginator (the list is data.data). */
export async function listPromotions(
  db: DbOrTx,
  query: { type?: number | undefined; page: number; pagesize?: number | undefined; limit?: number | undefined },
) {
  const window = pageWindow(query);
  const where = and(eq(promotions.enabled, 1), query.type ? eq(promotions.typeId, query.type) : undefined);
  const rows = db.select().from(promotions).orderBy(asc(promotions.sort), asc(promotions.id)).$dynamic();
  return queryPage(db, promotions, where, window, rows, promotionView);
}

async function enabledPromotion(db: DbOrTx, id: number): Promise<PromotionRow> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), eq(promotions.enabled, 1)));
  if (!row) throw new AppError(BizCode.PROMOTION_MISSING, MSG.promotionMissing);
  return row;
}

/** /api/activitydeatil: one enabled promotion, with its type id; 222 when missing or switched off. */
export async function promotionDetail(db: DbOrTx, id: number) {
  const row = await enabledPromotion(db, id);
  return { ...promotionView(row), type: row.typeId ?? 0 };
}

/** docs/wire-rules.md "Promotions and content": an existing application answers 223/224/225 by its state. */
function alreadyApplied(state: number): AppError {
  if (state === 2) return new AppError(BizCode.APPLIED_APPROVED, MSG.appliedApproved);
  if (state === 3) return new AppError(BizCode.APPLIED_REJECTED, MSG.appliedRejected);
  return new AppError(BizCode.APPLIED_PENDING, MSG.appliedPending);
}

/**
 * /api/doactivityapply: 222 when the promotion is missing; an existing application answers by its state; else a
 * pending application. One per member and promotion: of two racing, the unique index lets one in and the other
 * hears 223.
 */
export async function apply(deps: PromotionsDeps, memberId: number, promotionId: number): Promise<void> {
  const promotion = await enabledPromotion(deps.db, promotionId);
  const existing = async () => {
    const [row] = await deps.db
      .select({ state: promotionApplications.state })
      .from(promotionApplications)
      .where(and(eq(promotionApplications.memberId, memberId), eq(promotionApplications.promotionId, promotionId)));
    return row;
  };
  const before = await existing();
  if (before) throw alreadyApplied(before.state);
  const [created] = await deps.db
    .insert(promotionApplications)
    .values({ memberId, promotionId, activityName: promotion.title, state: 1, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: promotionApplications.id });
  if (!created) throw alreadyApplied((await existing())?.state ?? 1);
}

/** /api/activityApplyLog: the member's applications, newest first. */
export async function applicationLog(
  db: DbOrTx,
  memberId: number,
  query: { page: number; pagesize?: number | undefined; limit?: number | undefined },
) {
  const window = pageWindow(query);
  const where = eq(promotionApplications.memberId, memberId);
  const rows = db
    .select({ a: promotionApplications, title: promotions.title })
    .from(promotionApplications)
    .leftJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
    .orderBy(desc(promotionApplications.createdAt), desc(promotionApplications.id))
    .$dynamic();
  return queryPage(db, promotionApplications, where, window, rows, ({ a, title }) => ({
    id: a.id,
    activity_name: title ?? a.activityName,
    created_at: formatBeijing(a.createdAt),
    state: a.state,
  }));
}

/** An application as the back office sees it. */
export function applicationView(a: ApplicationRow, username?: string) {
  return {
    id: a.id,
    member_id: a.memberId,
    ...(username === undefined ? {} : { username }),
    promotion_id: a.promotionId,
    activity_name: a.activityName,
    state: a.state,
    note: a.note,
    reviewed_by: a.reviewedBy,
    reviewed_at: a.reviewedAt ? formatBeijing(a.reviewedAt) : null,
    created_at: formatBeijing(a.createdAt),
  };
}

export interface ApplicationReviewer {
  operatorId: number;
  name: string;
  requestId: string;
}

/**
 * Reviews a pending application once: approve sets 2, reject 3, by a guarded update from 1, so a second review
 * (or two racing) answers 409. Audited in the same transaction.
 */
export async function reviewApplication(
  deps: PromotionsDeps,
  id: number,
  decision: 'approve' | 'reject',
  reviewer: ApplicationReviewer,
  note: string,
) {
  return deps.db.transaction(async (tx) => {
    const review = { reviewer, note, at: deps.clock.now(), action: 'activity-application' };
    const { updated } = await decidePending(tx, promotionApplications, id, decision, review);
    return applicationView(updated);
  });
}
