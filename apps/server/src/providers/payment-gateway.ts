import type { PaymentProtocol } from '@h5/contract';
import type { OutboundPolicy } from '../lib/outbound';

/**
 * What the platform needs from a payment gateway (docs/architecture.md "Deposits"): a signed pay request the member's browser
 * takes to the gateway, the verification of the gateway's notify, and the order query reconciliation uses. A pay
 * way with a gateway is credited only through `verifyNotify` or `queryOrder`, never by a member call.
 */
export interface GatewayAccount {
  code: string;
  merchantId: string;
  secret: string;
  /** Absolute, or a path on this site (the sandbox gateway). */
  submitUrl: string;
}

export interface PayRequest {
  depositNo: string;
  amountCents: number;
  /** The gateway's name of the pay type (alipay, wxpay ...). */
  payType: string;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
}

/** What a notify says, once its signature and merchant were checked. */
export type NotifyVerdict =
  | { valid: false; reason: 'bad_signature' | 'wrong_merchant' }
  | {
      valid: true;
      depositNo: string;
      tradeNo: string;
      /** Null when the amount is not a money figure. */
      amountCents: number | null;
      paid: boolean;
    };

/**
 * The gateway's answer to an order query. `orderNo` and `merchantId` are the order and merchant the answer names: the
 * caller credits it only when they are ours (an answer for another order proves nothing about this one).
 */
export type OrderStatus =
  | { found: false }
  | { found: true; paid: boolean; tradeNo: string; amountCents: number | null; orderNo: string; merchantId: string };

export interface PaymentGateway {
  readonly protocol: PaymentProtocol;
  /** The URL the member's browser opens to pay (GET, signed). */
  payUrl(account: GatewayAccount, request: PayRequest, origin: string): string;
  /** Checks a notify's parameters (query, form or JSON, all strings) in constant time. */
  verifyNotify(account: GatewayAccount, params: Record<string, string>): NotifyVerdict;
  /** Asks the gateway about one of our deposits over HTTP; throws when the gateway cannot be reached. */
  /** Asks only where the outbound policy allows (OUTBOUND_ALLOW); a refused address throws as an unreachable one. */
  queryOrder(
    account: GatewayAccount,
    depositNo: string,
    origin: string,
    outbound: OutboundPolicy,
  ): Promise<OrderStatus>;
}
