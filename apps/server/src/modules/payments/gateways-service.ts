import { BizCode, centsToMoney, MSG } from '@h5/contract';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client';
import { addressKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { numericToCents } from '../../lib/money';
import type { OutboundPolicy } from '../../lib/outbound';
import { lockWallet } from '../ledger/ledger-service';
import { reviewDepositIn } from './deposits-service';
import { accountOf, type DepositRow, gatewayByCode, type GatewayRow, protocolOf } from './gateway-requests';
import type { PaymentsDeps } from './payments-common';
import { windowEnd } from './deposit-status';
import { deposits, latePayments, paymentNotifies } from '../../db/tables/payments';

/** Reconciliation asks about pending gateway deposits this old, and closes unpaid ones at the payInfo deadline. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** docs/member-app.md "States and transitions": the payInfo countdown is 60 minutes; an order still unpaid at the gateway by then is closed. */
export { GATEWAY_ORDER_LIFETIME_MS } from './deposit-status';
const RECONCILE_BATCH = 50;

/** What was done with a notify or an order-query answer (kept in payment_notifies.outcome). */
export type GatewayOutcome =
  | 'credited'
  | 'duplicate'
  /** Paid after the deposit closed (its window passed, or it was rejected): held for finance, nothing credited. */
  | 'held'
  | 'closed'
  | 'expired'
  | 'bad_signature'
  | 'wrong_merchant'
  | 'not_paid'
  | 'amount_mismatch'
  /** An order-query answer that names another order or merchant than the one asked about. */
  | 'order_mismatch'
  | 'unknown_order'
  | 'unknown_gateway';

/** The gateway reads `success` and stops retrying; anything else means "send it again". */
const ANSWER: Record<GatewayOutcome, 'success' | 'fail'> = {
  credited: 'success',
  duplicate: 'success',
  held: 'success',
  closed: 'success',
  expired: 'success',
  bad_signature: 'fail',
  wrong_merchant: 'fail',
  not_paid: 'fail',
  amount_mismatch: 'fail',
  order_mismatch: 'fail',
  unknown_order: 'fail',
  unknown_gateway: 'fail',
};

/** Outcomes finance must look at: money paid at the gateway that we did not credit. */
const FLAGGED = new Set<GatewayOutcome>(['closed', 'held', 'amount_mismatch', 'order_mismatch']);

interface Arrival {
  source: 'notify' | 'query';
  params: Record<string, string>;
  ip: string;
}

async function record(db: DbOrTx, gatewayCode: string, arrival: Arrival, outcome: GatewayOutcome, valid: boolean) {
  const p = arrival.params;
  const cut = (value: string | undefined, length: number) => (value ?? '').slice(0, length);
  await db.insert(paymentNotifies).values({
    gatewayCode: cut(gatewayCode, 32),
    source: arrival.source,
    depositNo: cut(p.out_trade_no, 64),
    tradeNo: cut(p.trade_no, 64),
    money: cut(p.money, 32),
    tradeStatus: cut(p.trade_status ?? (p.status === undefined ? '' : `status=${p.status}`), 32),
    params: JSON.stringify(p).slice(0, 4000),
    ip: cut(arrival.ip, 64),
    valid: valid ? 1 : 0,
    outcome,
    flagged: FLAGGED.has(outcome) ? 1 : 0,
  });
}

interface Payment {
  depositNo: string;
  tradeNo: string;
  amountCents: number | null;
  paid: boolean;
}

/**
 * Settles what a gateway said about one of our deposits, from a verified notify or an order query: credit only a
 * paid payment of exactly the deposit's amount, once. The member's wallet is locked first and the deposit row
 * after it (the order an operator review takes), so concurrent notifies credit once and the others see it done.
 */
async function settlePayment(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'>,
  gateway: GatewayRow,
  payment: Payment,
  arrival: Arrival,
  requestId: string,
): Promise<GatewayOutcome> {
  const { db } = deps;
  const [d] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.depositNo, payment.depositNo), eq(deposits.gatewayCode, gateway.code)));
  const refuse = async (outcome: GatewayOutcome) => {
    await record(db, gateway.code, arrival, outcome, true);
    return outcome;
  };
  if (!d) return refuse('unknown_order');
  if (!payment.paid) return refuse('not_paid');
  if (payment.amountCents !== numericToCents(d.amount)) return refuse('amount_mismatch');

  return db.transaction(async (tx) => {
    await lockWallet(tx, d.memberId);
    const [locked] = await tx.select().from(deposits).where(eq(deposits.id, d.id)).for('update');
    let outcome: GatewayOutcome;
    if (!locked || locked.state === 2) outcome = 'duplicate';
    else if (locked.state === 1 && deps.clock.now() < windowEnd(locked)) {
      await reviewDepositIn(tx, deps, d.depositNo, 'approve', { operatorId: null, name: gateway.code, requestId });
      await tx
        .update(deposits)
        .set({ gatewayTradeNo: payment.tradeNo.slice(0, 64) })
        .where(eq(deposits.id, d.id));
      outcome = 'credited';
    } else {
      // Paid after the 60-minute window (the order closes now if reconciliation has not closed it yet) or after a
      // rejection: the money waits for finance, who credits it once or refuses it (late payments).
      if (locked.state === 1) await closeExpiredIn(tx, deps, locked.depositNo);
      outcome = (await holdLatePayment(tx, locked, gateway.code, payment, arrival.source)) ? 'held' : 'duplicate';
    }
    await record(tx, gateway.code, arrival, outcome, true);
    return outcome;
  });
}

/** Keeps a late payment for finance, once per deposit; false when one was already kept (a repeated notify). */
async function holdLatePayment(
  tx: Tx,
  d: DepositRow,
  gatewayCode: string,
  payment: Payment,
  source: Arrival['source'],
) {
  const [held] = await tx
    .insert(latePayments)
    .values({ depositId: d.id, gatewayCode, source, tradeNo: payment.tradeNo.slice(0, 64), amount: d.amount })
    .onConflictDoNothing()
    .returning({ id: latePayments.id });
  return held !== undefined;
}

/** Closes a pending gateway deposit whose window passed unpaid: state 3, marked expired (not an operator's rejection). */
async function closeExpiredIn(
  tx: Tx,
  deps: Pick<PaymentsDeps, 'clock' | 'afterDepositApproved' | 'tellMember'>,
  depositNo: string,
) {
  await reviewDepositIn(
    tx,
    deps,
    depositNo,
    'reject',
    { operatorId: null, name: 'system', requestId: 'reconcile' },
    MSG.depositExpired,
  );
  await tx.update(deposits).set({ expired: 1 }).where(eq(deposits.depositNo, depositNo));
}

/**
 * /api/pay/notify/{gateway}: verifies the notify (signature in constant time, then the merchant id), keeps it
 * whatever it says, and settles it. Answers what the gateway reads: `success` once the notify is taken (also for a
 * repeat), `fail` otherwise.
 */
export async function acceptNotify(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'> & {
    invalidNotifies: AttemptLimiter;
  },
  gatewayCode: string,
  params: Record<string, string>,
  context: { ip: string; requestId: string },
): Promise<{ answer: 'success' | 'fail'; outcome: GatewayOutcome }> {
  const arrival: Arrival = { source: 'notify', params, ip: context.ip };
  const gateway = /^[a-z0-9_]{1,32}$/.test(gatewayCode) ? await gatewayByCode(deps.db, gatewayCode) : undefined;
  const verdict = gateway ? protocolOf(gateway).verifyNotify(accountOf(gateway), params) : undefined;
  if (gateway && verdict?.valid) {
    const outcome = await settlePayment(deps, gateway, verdict, arrival, context.requestId);
    return { answer: ANSWER[outcome], outcome };
  }
  const outcome: GatewayOutcome = verdict && !verdict.valid ? verdict.reason : 'unknown_gateway';
  // Anyone can post here: an address sending unverifiable notifies by the thousand stops filling the record.
  if (!(await deps.invalidNotifies.hit(addressKey(context.ip)))) {
    await record(deps.db, gateway?.code ?? gatewayCode, arrival, outcome, false);
  }
  return { answer: ANSWER[outcome], outcome };
}

export interface ReconcileReport {
  checked: number;
  credited: number;
  expired: number;
  failed: number;
}

/**
 * Reconciliation: pending gateway deposits older than ten minutes are looked up through the gateway's order query
 * and settled by the same path as a notify; one still unpaid after the 60-minute payInfo window is closed. A
 * gateway that cannot be reached leaves its deposits pending for the next run.
 */
export async function reconcileGatewayDeposits(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'> & { outbound: OutboundPolicy },
  origin: string,
  log?: FastifyBaseLogger,
): Promise<ReconcileReport> {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  const pending = await db
    .select()
    .from(deposits)
    .where(
      and(
        eq(deposits.state, 1),
        isNotNull(deposits.gatewayCode),
        lt(deposits.createdAt, new Date(now - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(deposits.createdAt))
    .limit(RECONCILE_BATCH);
  const report: ReconcileReport = { checked: 0, credited: 0, expired: 0, failed: 0 };
  for (const d of pending) {
    const gateway = await gatewayByCode(db, d.gatewayCode ?? '');
    if (!gateway) continue;
    report.checked += 1;
    try {
      const { outcome } = await askGatewayAbout(deps, gateway, d, origin);
      if (outcome === 'credited') report.credited += 1;
      if (outcome === 'expired') report.expired += 1;
    } catch (error) {
      report.failed += 1;
      log?.warn({ gateway: gateway.code, depositNo: d.depositNo, err: (error as Error).message }, 'order query failed');
    }
  }
  return report;
}

/** What a gateway's order query said about one deposit, as finance is shown it (查单). */
export interface GatewayAnswer {
  found: boolean;
  paid: boolean;
  trade_no: string;
  /** The amount the gateway names, two decimals, or null when it named none. */
  money: string | null;
  /** The order and merchant the answer names (they must be ours for it to count). */
  order_no: string;
  merchant_id: string;
}

/**
 * Asks the gateway about one deposit and acts on the answer exactly as reconciliation does: a paid answer of the
 * deposit's amount settles it (credited while its window is open, held for finance after it); an unpaid one closes
 * a pending deposit past its window; an answer about another order or merchant moves nothing and is flagged.
 * Throws when the gateway cannot be reached (nothing changes).
 */
export async function askGatewayAbout(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'> & { outbound: OutboundPolicy },
  gateway: GatewayRow,
  d: DepositRow,
  origin: string,
): Promise<{ answer: GatewayAnswer; outcome: GatewayOutcome | null }> {
  const status = await protocolOf(gateway).queryOrder(accountOf(gateway), d.depositNo, origin, deps.outbound);
  const money = !status.found || status.amountCents === null ? null : centsToMoney(status.amountCents);
  const answer: GatewayAnswer = status.found
    ? {
        found: true,
        paid: status.paid,
        trade_no: status.tradeNo,
        money,
        order_no: status.orderNo,
        merchant_id: status.merchantId,
      }
    : { found: false, paid: false, trade_no: '', money: null, order_no: '', merchant_id: '' };
  const arrival: Arrival = {
    source: 'query',
    params: status.found
      ? {
          out_trade_no: d.depositNo,
          trade_no: status.tradeNo,
          money: money ?? '',
          status: status.paid ? '1' : '0',
          answered_out_trade_no: status.orderNo,
          answered_pid: status.merchantId,
        }
      : { out_trade_no: d.depositNo, status: 'not_found' },
    ip: '',
  };
  if (status.found && (status.orderNo !== d.depositNo || status.merchantId !== gateway.merchantId)) {
    // Not an answer about this order (a replayed or misrouted one): nothing is credited or closed; finance looks.
    await record(deps.db, gateway.code, arrival, 'order_mismatch', true);
    return { answer, outcome: 'order_mismatch' };
  }
  if (status.found && status.paid) {
    const payment = { depositNo: d.depositNo, tradeNo: status.tradeNo, amountCents: status.amountCents, paid: true };
    return { answer, outcome: await settlePayment(deps, gateway, payment, arrival, 'reconcile') };
  }
  if (d.state === 1 && deps.clock.now() >= windowEnd(d)) {
    return { answer, outcome: (await expireDeposit(deps, d.depositNo, gateway, arrival)) ? 'expired' : null };
  }
  return { answer, outcome: null };
}

/** Closes an unpaid gateway deposit (state 3); a notify that still arrives for it later is flagged, not credited. */
async function expireDeposit(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'>,
  depositNo: string,
  gateway: GatewayRow,
  arrival: Arrival,
): Promise<boolean> {
  try {
    await deps.db.transaction(async (tx) => {
      await closeExpiredIn(tx, deps, depositNo);
      await record(tx, gateway.code, arrival, 'expired', true);
    });
    return true;
  } catch (error) {
    // Paid or reviewed in the meantime: nothing to close.
    if (error instanceof AppError && error.code === BizCode.CONFLICT) return false;
    throw error;
  }
}

/** What 查单 tells finance, by what was done with the gateway's answer. */
function queryMessage(outcome: GatewayOutcome | null, answer: GatewayAnswer, depositState: number): string {
  switch (outcome) {
    case 'credited':
      return MSG.gatewayQueryCredited;
    case 'held':
      return MSG.gatewayQueryHeld;
    case 'duplicate':
      return depositState === 2 ? MSG.gatewayQueryAlreadyCredited : MSG.gatewayQueryAlreadyHeld;
    case 'expired':
      return MSG.gatewayQueryExpired;
    case 'amount_mismatch':
      return MSG.gatewayQueryAmountMismatch;
    case 'order_mismatch':
      return MSG.gatewayQueryOrderMismatch;
    default:
      return answer.found ? MSG.gatewayQueryUnpaid : MSG.gatewayQueryNotFound;
  }
}

/**
 * 查单: asks a deposit's gateway about it now (finance, any state) and acts on the answer as reconciliation would.
 * A gateway that cannot be reached changes nothing and says so (answer null).
 */
export async function queryDepositAtGateway(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved' | 'tellMember'> & { outbound: OutboundPolicy },
  depositNo: string,
  origin: string,
  log?: FastifyBaseLogger,
): Promise<{ deposit: DepositRow; answer: GatewayAnswer | null; outcome: GatewayOutcome | null; message: string }> {
  const [d] = await deps.db.select().from(deposits).where(eq(deposits.depositNo, depositNo));
  if (!d) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  if (!d.gatewayCode) throw new AppError(BizCode.BAD_INPUT, MSG.depositNoGateway);
  const gateway = await gatewayByCode(deps.db, d.gatewayCode);
  if (!gateway) throw new AppError(BizCode.NOT_FOUND, MSG.gatewayNotFound);
  let asked: Awaited<ReturnType<typeof askGatewayAbout>>;
  try {
    asked = await askGatewayAbout(deps, gateway, d, origin);
  } catch (error) {
    log?.warn({ gateway: gateway.code, depositNo, err: (error as Error).message }, 'order query failed');
    return { deposit: d, answer: null, outcome: null, message: MSG.gatewayUnreachable };
  }
  const [after] = await deps.db.select().from(deposits).where(eq(deposits.id, d.id));
  const deposit = after ?? d;
  return { deposit, ...asked, message: queryMessage(asked.outcome, asked.answer, deposit.state) };
}
