import { centsToMoney, MSG } from '@h5/contract';
import type { Tx } from '../../db/client';
import { formatBeijing } from '../../lib/time';
import { audit } from '../backoffice/audit';
import { type AloneItem, type AloneJudgement, dailyTotalFacts, judgeAlone } from '../backoffice/alone-totals';
import { refuseUnlessSecondPerson } from '../backoffice/second-person';
import { reviewLinesOf } from '../site/site-service';
import type { Reviewer } from './payments-common';

/**
 * The two-person steps an operator's approval of a deposit or a withdrawal takes alike (docs/operators.md "Two-person
 * lines"): above its kind's line, after a first approval, or where done alone it would pass a daily total, the money
 * waits for a second person; the first approval is recorded and audited, and the one that moves the money must come
 * from someone else.
 */

/** What a review reads of the order: whose money it is, and its first approval if it has one. */
interface ReviewedOrder {
  memberId: number;
  firstReviewerId: number | null;
  firstReviewedAt: Date | null;
  createdAt: Date;
}

export interface ReviewJudgement {
  lines: { above: number; operatorDay: number; memberDay: number };
  /** The approval as it counts towards the day's totals when it is done alone (recordAlone). */
  item: AloneItem;
  /** The daily totals' judgement: null above the line or after a first approval, where they are not asked. */
  judged: AloneJudgement | null;
  /** Whether the money needs a second person's approval. */
  needsTwo: boolean;
}

/** Judges an approval of `cents` paid to the member against its kind's line and daily totals. */
export async function judgeReview(
  tx: Tx,
  kind: 'deposit' | 'withdraw',
  order: ReviewedOrder,
  cents: number,
  operatorId: number,
  at: Date,
): Promise<ReviewJudgement> {
  const lines = await reviewLinesOf(tx, kind);
  const item: AloneItem = { kind, operatorId, memberId: order.memberId, cents, toMember: true, at };
  const aboveLine = order.firstReviewerId !== null || cents > lines.above;
  const judged = aboveLine ? null : await judgeAlone(tx, item, lines);
  return { lines, item, judged, needsTwo: aboveLine || !judged?.within };
}

/** The approval that follows a first approval: refused (403) unless it comes from a second person. */
export async function refuseUnlessSecondReviewer(tx: Tx, order: ReviewedOrder, operatorId: number): Promise<void> {
  if (order.firstReviewerId === null) return;
  const madeAt = order.firstReviewedAt ?? order.createdAt;
  await refuseUnlessSecondPerson(
    tx,
    { makerId: order.firstReviewerId, madeAt },
    operatorId,
    MSG.secondReviewSameOperator,
  );
}

/**
 * Audits a first approval (`<noun>.first_approve`) with the order's facts, the line and, where the daily totals held
 * it back, their figures; answers what the order now waits for.
 */
export async function auditFirstApproval(
  tx: Tx,
  reviewer: Reviewer & { operatorId: number },
  review: ReviewJudgement,
  entry: {
    noun: 'deposit' | 'withdrawal';
    orderNo: string;
    stateBefore: number;
    stateAfter: number;
    facts: Record<string, string>;
    firstReviewedBy: string;
  },
): Promise<'line' | 'daily_total'> {
  const { lines, judged } = review;
  await audit(tx, {
    operatorId: reviewer.operatorId,
    action: `${entry.noun}.first_approve`,
    target: `${entry.noun}:${entry.orderNo}`,
    before: { state: entry.stateBefore, first_reviewed_by: '' },
    after: {
      state: entry.stateAfter,
      ...entry.facts,
      first_reviewed_by: entry.firstReviewedBy,
      line: centsToMoney(lines.above),
      ...(judged ? { daily_total: dailyTotalFacts(lines, judged) } : {}),
    },
    requestId: reviewer.requestId,
  });
  return judged ? 'daily_total' : 'line';
}

/** The approvals of a deposit or a withdrawal as the back office sees them: the first of two, the last, and when it was made. */
export const reviewFieldsView = (
  row: ReviewedOrder & { firstReviewedBy: string; reviewedBy: string; reviewedAt: Date | null },
) => ({
  first_reviewer_id: row.firstReviewerId,
  first_reviewed_by: row.firstReviewedBy,
  first_reviewed_at: row.firstReviewedAt ? formatBeijing(row.firstReviewedAt) : null,
  reviewed_by: row.reviewedBy,
  reviewed_at: row.reviewedAt ? formatBeijing(row.reviewedAt) : null,
  created_at: formatBeijing(row.createdAt),
});
