import { DEPOSIT_WINDOW_MINUTES, type DepositStatus } from '@h5/contract';

/** docs/member-app.md "States and transitions" and "Constants and limits": a gateway order may be paid for 60 minutes from its creation; after that it is expired. */
export const GATEWAY_ORDER_LIFETIME_MS = DEPOSIT_WINDOW_MINUTES * 60_000;

export interface DepositLife {
  state: number;
  gatewayCode: string | null;
  expired: number;
  createdAt: Date;
}

/** When a deposit's payment window closes. */
export const windowEnd = (d: Pick<DepositLife, 'createdAt'>): Date =>
  new Date(d.createdAt.getTime() + GATEWAY_ORDER_LIFETIME_MS);

/** A gateway deposit still unpaid and inside its window: the member may pay it now. */
export const isOpenGatewayOrder = (d: DepositLife, now: Date): boolean =>
  d.state === 1 && d.gatewayCode !== null && now < windowEnd(d);

/**
 * Where a deposit is in its life (DEPOSIT_STATUS), from its state (docs/member-app.md "States and transitions") and what happened around it: a pending gateway
 * deposit past its window is expired even before reconciliation closes it; a closed one whose late payment finance
 * has not decided yet is 到账审核中. `lateState` is the late payment's state (1 held, 2 credited, 3 refused) or null.
 */
export function depositStatus(d: DepositLife, lateState: number | null, now: Date): DepositStatus {
  if (d.state === 2) return 'credited';
  if (d.state === 1) {
    if (d.gatewayCode === null) return 'pending_review';
    return now < windowEnd(d) ? 'awaiting_payment' : 'expired';
  }
  if (lateState === 1) return 'late_review';
  if (lateState === 3) return 'rejected';
  return d.expired === 1 ? 'expired' : 'rejected';
}
