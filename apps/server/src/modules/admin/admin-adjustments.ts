import { randomUUID } from 'node:crypto';
import { adminEndpoints, BizCode, centsToMoney, MSG, parseMoneyToCents } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { numericToCents, numericToMoney } from '../../lib/money';
import { pageWindow } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { members } from '../../db/tables/accounts';
import { accountCode, balanceOf, lockWallet, moneyTransaction, post } from '../ledger/ledger-service';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/tables/ledger';
import { reviewLinesOf } from '../site/site-service';
import { audit } from '../backoffice/audit';
import { type AloneItem, dailyTotalFacts, judgeAlone, recordAlone } from '../backoffice/alone-totals';
import { refuseUnlessSecondPerson } from '../backoffice/second-person';
import { memberRowsPage } from '../accounts/member-rows-page';
import type { AdminDeps, AuthedOperator } from './admin-service';
import { adjustmentReviews } from '../../db/tables/admin';

type AdjustmentRow = typeof adjustmentReviews.$inferSelect;

const PENDING = 1;
const APPROVED = 2;
const REJECTED = 3;

function adjustmentView(r: AdjustmentRow, username: string) {
  return {
    id: r.id,
    member_id: r.memberId,
    username,
    amount: numericToMoney(r.amount),
    reference: r.reference,
    note: r.note,
    state: r.state,
    maker_id: r.makerId,
    made_by: r.madeBy,
    reviewer_id: r.reviewerId,
    reviewed_by: r.reviewedBy,
    review_note: r.reviewNote,
    reviewed_at: r.reviewedAt ? formatBeijing(r.reviewedAt) : null,
    created_at: formatBeijing(r.createdAt),
  };
}

/** What an adjustment already posted under a reference moved for whom (null when nothing was posted under it). */
async function postedAdjustment(tx: Tx, reference: string): Promise<{ memberId: number | null; cents: number } | null> {
  const [row] = await tx
    .select({ memberId: ledgerTransactions.memberId, amount: ledgerEntries.amount, code: ledgerAccounts.code })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.reference, reference), eq(ledgerAccounts.kind, 'wallet')));
  return row ? { memberId: row.memberId, cents: numericToCents(row.amount) } : null;
}

/** Posts an adjustment: the house's adjustments account against the member's central wallet (never below zero). */
async function postAdjustment(tx: Tx, reference: string, memberId: number, cents: number, memo: string) {
  return post(tx, {
    reference,
    kind: 'adjustment',
    memberId,
    memo,
    legs: [
      { account: accountCode.house('adjustments', memberId), cents: -cents },
      { account: accountCode.wallet(memberId), cents },
    ],
  });
}

const reused = () => new AppError(BizCode.CONFLICT, MSG.adjustReferenceReused);

/**
 * 调整余额 and 调整复核 (docs/operators.md "Operators and the back-office API"). An adjustment up to the line `adjust_second_review_above` (either sign)
 * is applied at once while the operator's and the member's totals of the day allow it (docs/operators.md "Two-person lines");
 * above the line, or past a total, it is recorded as pending and applied only when another operator approves it, so
 * no one operator can move a large amount alone, neither at once nor a little at a time. A `reference` names one adjustment, pending or applied: a replay
 * answers as the first call did, the same reference for another member or amount is refused.
 */
export function adminAdjustmentRoutes(app: FastifyInstance, deps: AdminDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.memberAdjust, async ({ input, params, operator, req }) => {
    const memberId = idParam(params);
    const [member] = await db.select({ username: members.username }).from(members).where(eq(members.id, memberId));
    if (!member) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    const cents = parseMoneyToCents(input.amount);
    if (cents === null || cents === 0) throw badInput(MSG.amountInvalid);
    if (!input.note.trim()) throw badInput(MSG.adjustNoteRequired);
    const reference = `adjust:${input.reference ?? randomUUID()}`;
    return moneyTransaction(db, async (tx) => {
      const before = await lockWallet(tx, memberId);
      const [recorded] = await tx.select().from(adjustmentReviews).where(eq(adjustmentReviews.reference, reference));
      if (recorded) {
        if (recorded.memberId !== memberId || numericToCents(recorded.amount) !== cents) throw reused();
        return {
          data: { balance: centsToMoney(before), pending: adjustmentView(recorded, member.username) },
          message: recorded.state === PENDING ? MSG.adjustPendingReview : MSG.ok,
        };
      }
      const lines = await reviewLinesOf(tx, 'adjust');
      const line = lines.above;
      // Under the line, the operator's and the member's totals of the day decide (a credit counts for the member).
      const item: AloneItem = {
        kind: 'adjust',
        operatorId: operator.id,
        memberId,
        cents,
        toMember: cents > 0,
        at: deps.clock.now(),
      };
      const aboveLine = Math.abs(cents) > line;
      const alone = aboveLine ? null : await judgeAlone(tx, item, lines);
      if (aboveLine || !alone?.within) {
        // Applied earlier under this reference (the line was higher then): a replay, or a reference reused.
        const posted = await postedAdjustment(tx, reference);
        if (posted) {
          if (posted.memberId !== memberId || posted.cents !== cents) throw reused();
          return { data: { balance: centsToMoney(before), pending: null }, message: MSG.ok };
        }
        const [pending] = await tx
          .insert(adjustmentReviews)
          .values({
            memberId,
            amount: centsToMoney(cents),
            reference,
            note: input.note,
            makerId: operator.id,
            madeBy: operator.username.slice(0, 32),
          })
          .onConflictDoNothing({ target: adjustmentReviews.reference })
          .returning();
        // Another member's adjustment took the reference a moment ago.
        if (!pending) throw reused();
        await audit(tx, {
          operatorId: operator.id,
          action: 'member.adjust_request',
          target: `member:${memberId}`,
          before: { balance: centsToMoney(before) },
          after: {
            adjustment: pending.id,
            amount: centsToMoney(cents),
            note: input.note,
            line: centsToMoney(line),
            ...(alone ? { daily_total: dailyTotalFacts(lines, alone) } : {}),
          },
          requestId: req.id,
        });
        return {
          data: { balance: centsToMoney(before), pending: adjustmentView(pending, member.username) },
          message: alone ? MSG.adjustDailyTotalPending : MSG.adjustPendingReview,
        };
      }
      const result = await postAdjustment(tx, reference, memberId, cents, input.note);
      if (result.replayed) {
        const posted = await postedAdjustment(tx, reference);
        if (posted?.memberId !== memberId || posted.cents !== cents) throw reused();
      }
      const after = await balanceOf(tx, accountCode.wallet(memberId));
      if (!result.replayed) {
        await recordAlone(tx, item);
        await audit(tx, {
          operatorId: operator.id,
          action: 'member.adjust',
          target: `member:${memberId}`,
          before: { balance: centsToMoney(before) },
          after: { balance: centsToMoney(after), amount: centsToMoney(cents), note: input.note },
          requestId: req.id,
        });
      }
      return { data: { balance: centsToMoney(after), pending: null }, message: MSG.ok };
    });
  });

  adminRoute(app, authenticate, adminEndpoints.adjustments, async ({ input }) => {
    const where = input.state === undefined ? undefined : eq(adjustmentReviews.state, input.state);
    return { data: await memberRowsPage(db, adjustmentReviews, where, pageWindow(input), adjustmentView) };
  });

  adminRoute(app, authenticate, adminEndpoints.adjustmentApprove, async ({ input, params, operator, req }) => ({
    data: await decide(deps, idParam(params), 'approve', operator, input.note, req.id),
    message: MSG.adjustApproved,
  }));

  adminRoute(app, authenticate, adminEndpoints.adjustmentReject, async ({ input, params, operator, req }) => {
    if (!input.note.trim()) throw badInput(MSG.adjustRejectReasonRequired);
    return {
      data: await decide(deps, idParam(params), 'reject', operator, input.note, req.id),
      message: MSG.adjustRejected,
    };
  });
}

/**
 * Decides a pending adjustment once. Approval must come from another operator than its maker and applies the amount
 * through the ledger (a debit the balance no longer covers is refused and stays pending); rejection changes no
 * money (the maker may withdraw their own request this way). The member's wallet, then the row, are locked: two
 * decisions at once are taken one after the other, and the second finds it decided.
 */
async function decide(
  deps: AdminDeps,
  id: number,
  decision: 'approve' | 'reject',
  operator: AuthedOperator,
  note: string,
  requestId: string,
) {
  return moneyTransaction(deps.db, async (tx) => {
    const [found] = await tx.select().from(adjustmentReviews).where(eq(adjustmentReviews.id, id));
    if (!found) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    const before = await lockWallet(tx, found.memberId);
    const [current] = await tx.select().from(adjustmentReviews).where(eq(adjustmentReviews.id, id)).for('update');
    if (!current || current.state !== PENDING) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    if (decision === 'approve') {
      await refuseUnlessSecondPerson(
        tx,
        { makerId: current.makerId, madeAt: current.createdAt },
        operator.id,
        MSG.adjustSameOperator,
      );
    }
    const [updated] = await tx
      .update(adjustmentReviews)
      .set({
        state: decision === 'approve' ? APPROVED : REJECTED,
        reviewerId: operator.id,
        reviewedBy: operator.username.slice(0, 32),
        reviewNote: note.slice(0, 200),
        reviewedAt: deps.clock.now(),
      })
      .where(and(eq(adjustmentReviews.id, id), eq(adjustmentReviews.state, PENDING)))
      .returning();
    if (!updated) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    const cents = numericToCents(current.amount);
    if (decision === 'approve') {
      const result = await postAdjustment(tx, current.reference, current.memberId, cents, current.note);
      if (result.replayed) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    }
    const after = await balanceOf(tx, accountCode.wallet(current.memberId));
    await audit(tx, {
      operatorId: operator.id,
      action: `adjustment.${decision}`,
      target: `member:${current.memberId}`,
      before: { state: current.state, balance: centsToMoney(before) },
      after: {
        state: updated.state,
        adjustment: current.id,
        amount: centsToMoney(cents),
        made_by: current.madeBy,
        balance: centsToMoney(after),
        note: updated.reviewNote,
      },
      requestId,
    });
    const [member] = await tx
      .select({ username: members.username })
      .from(members)
      .where(eq(members.id, current.memberId));
    return adjustmentView(updated, member?.username ?? '');
  });
}
