import { BizCode, MSG } from '@h5/contract';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { addressKey } from '../../http/client-address';
import { AppError } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { numericToCents } from '../../lib/money';
import type { OutboundPolicy } from '../../lib/outbound';
import { epayGateway, paymentProtocols } from '../../providers/epay';
import type { GatewayAccount, PaymentGateway } from '../../providers/payment-gateway';
import { lockWallet } from '../ledger/ledger-service';
import { reviewDepositIn } from './deposits-service';
import type { PaymentsDeps } from './payments-common';
import { deposits, paymentGateways, paymentNotifies, type PayWayCode } from './payments-tables';

/** Where URLs point: the member's browser (pay and return pages) and the gateway's server (notify). */
export interface SiteOrigins {
  member: string;
  public: string;
}

/** Reconciliation asks about pending gateway deposits this old, and closes unpaid ones at the payInfo deadline. */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** SPEC 4: the payInfo countdown is 60 minutes; an order still unpaid at the gateway by then is closed. */
export const GATEWAY_ORDER_LIFETIME_MS = 60 * 60_000;
const RECONCILE_BATCH = 50;

/** Our pay ways in the epay protocol's type names. */
const GATEWAY_PAY_TYPE: Record<PayWayCode, string> = { wechat: 'wxpay', alipay: 'alipay', ebpay: 'ebpay', usdt: 'usdt', bank: 'bank' };

type GatewayRow = typeof paymentGateways.$inferSelect;
type DepositRow = typeof deposits.$inferSelect;

const accountOf = (g: GatewayRow): GatewayAccount => ({ code: g.code, merchantId: g.merchantId, secret: g.secret, submitUrl: g.submitUrl });
const protocolOf = (g: GatewayRow): PaymentGateway => paymentProtocols[g.protocol] ?? epayGateway;

export const notifyPath = (gatewayCode: string) => `/api/pay/notify/${encodeURIComponent(gatewayCode)}`;
export const RETURN_PATH = '/api/pay/return';

async function gatewayByCode(db: DbOrTx, code: string): Promise<GatewayRow | undefined> {
  const [row] = await db.select().from(paymentGateways).where(eq(paymentGateways.code, code));
  return row;
}

/** The signed pay request of a pending gateway deposit, or undefined while its gateway is disabled or gone. */
export async function gatewayPayUrl(db: DbOrTx, d: DepositRow, origins: SiteOrigins): Promise<string | undefined> {
  const gateway = d.gatewayCode ? await gatewayByCode(db, d.gatewayCode) : undefined;
  if (!gateway || gateway.enabled !== 1) return undefined;
  return protocolOf(gateway).payUrl(
    accountOf(gateway),
    {
      depositNo: d.depositNo,
      amountCents: numericToCents(d.amount),
      payType: GATEWAY_PAY_TYPE[d.payWay],
      subject: '账户充值',
      notifyUrl: new URL(notifyPath(gateway.code), origins.public).toString(),
      returnUrl: new URL(RETURN_PATH, origins.member).toString(),
    },
    origins.member,
  );
}

/** What was done with a notify or an order-query answer (kept in payment_notifies.outcome). */
export type GatewayOutcome =
  | 'credited'
  | 'duplicate'
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
const FLAGGED = new Set<GatewayOutcome>(['closed', 'amount_mismatch', 'order_mismatch']);

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
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved'>,
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
    if (locked?.state === 2) outcome = 'duplicate';
    else if (locked?.state !== 1) outcome = 'closed';
    else {
      await reviewDepositIn(tx, deps, d.depositNo, 'approve', { operatorId: null, name: gateway.code, requestId });
      await tx.update(deposits).set({ gatewayTradeNo: payment.tradeNo.slice(0, 64) }).where(eq(deposits.id, d.id));
      outcome = 'credited';
    }
    await record(tx, gateway.code, arrival, outcome, true);
    return outcome;
  });
}

/**
 * /api/pay/notify/{gateway}: verifies the notify (signature in constant time, then the merchant id), keeps it
 * whatever it says, and settles it. Answers what the gateway reads: `success` once the notify is taken (also for a
 * repeat), `fail` otherwise.
 */
export async function acceptNotify(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved'> & { invalidNotifies: AttemptLimiter },
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
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved'> & { outbound: OutboundPolicy },
  origin: string,
  log?: FastifyBaseLogger,
): Promise<ReconcileReport> {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  const pending = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.state, 1), isNotNull(deposits.gatewayCode), lt(deposits.createdAt, new Date(now - RECONCILE_AFTER_MS))))
    .orderBy(asc(deposits.createdAt))
    .limit(RECONCILE_BATCH);
  const report: ReconcileReport = { checked: 0, credited: 0, expired: 0, failed: 0 };
  for (const d of pending) {
    const gateway = await gatewayByCode(db, d.gatewayCode ?? '');
    if (!gateway) continue;
    report.checked += 1;
    try {
      const status = await protocolOf(gateway).queryOrder(accountOf(gateway), d.depositNo, origin, deps.outbound);
      const arrival: Arrival = {
        source: 'query',
        params: status.found
          ? {
              out_trade_no: d.depositNo,
              trade_no: status.tradeNo,
              money: status.amountCents === null ? '' : (status.amountCents / 100).toFixed(2),
              status: status.paid ? '1' : '0',
              answered_out_trade_no: status.orderNo,
              answered_pid: status.merchantId,
            }
          : { out_trade_no: d.depositNo, status: 'not_found' },
        ip: '',
      };
      if (status.found && (status.orderNo !== d.depositNo || status.merchantId !== gateway.merchantId)) {
        // Not an answer about this order (a replayed or misrouted one): nothing is credited or closed; finance looks.
        await record(db, gateway.code, arrival, 'order_mismatch', true);
      } else if (status.found && status.paid) {
        const outcome = await settlePayment(deps, gateway, { depositNo: d.depositNo, tradeNo: status.tradeNo, amountCents: status.amountCents, paid: true }, arrival, 'reconcile');
        if (outcome === 'credited') report.credited += 1;
      } else if (d.createdAt.getTime() <= now - GATEWAY_ORDER_LIFETIME_MS) {
        if (await expireDeposit(deps, d.depositNo, gateway, arrival)) report.expired += 1;
      }
    } catch (error) {
      report.failed += 1;
      log?.warn({ gateway: gateway.code, depositNo: d.depositNo, err: (error as Error).message }, 'order query failed');
    }
  }
  return report;
}

/** Closes an unpaid gateway deposit (state 3); a notify that still arrives for it later is flagged, not credited. */
async function expireDeposit(
  deps: Pick<PaymentsDeps, 'db' | 'clock' | 'afterDepositApproved'>,
  depositNo: string,
  gateway: GatewayRow,
  arrival: Arrival,
): Promise<boolean> {
  try {
    await deps.db.transaction(async (tx) => {
      await reviewDepositIn(tx, deps, depositNo, 'reject', { operatorId: null, name: 'system', requestId: 'reconcile' }, MSG.depositExpired);
      await record(tx, gateway.code, arrival, 'expired', true);
    });
    return true;
  } catch (error) {
    // Paid or reviewed in the meantime: nothing to close.
    if (error instanceof AppError && error.code === BizCode.CONFLICT) return false;
    throw error;
  }
}
