import { createHash, timingSafeEqual } from 'node:crypto';
import { parseMoneyToCents } from '@h5/contract';
import { type OutboundPolicy, outboundFetch } from '../lib/outbound';
import type { GatewayAccount, NotifyVerdict, OrderStatus, PaymentGateway, PayRequest } from './payment-gateway';

/** How long an order query may take before reconciliation gives up until its next run. */
const QUERY_TIMEOUT_MS = 10_000;

/**
 * The epay (易支付) signature: the lower-case MD5 of the non-empty parameters other than `sign` and `sign_type`,
 * sorted by key, joined as k=v with &, followed directly by the merchant secret.
 */
export function epaySign(params: Record<string, string>, secret: string): string {
  const base = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(base + secret, 'utf8')
    .digest('hex');
}

/** Compares two texts without leaking, through timing, how much of them matched. */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A received signature against the expected one (the case matters: the protocol signs in lower case). */
export function epaySignatureHolds(params: Record<string, string>, secret: string): boolean {
  return sameText(params.sign ?? '', epaySign(params, secret));
}

/** The gateway's api.php beside its submit.php. */
export function epayApiUrl(submitUrl: string, origin: string): URL {
  return new URL('api.php', new URL(submitUrl, origin));
}

/** The epay signed request's money: yuan with two decimals, as the gateway shows it. */
const yuan = (cents: number) => (cents / 100).toFixed(2);

export const epayGateway: PaymentGateway = {
  protocol: 'epay',

  payUrl(account: GatewayAccount, request: PayRequest, origin: string) {
    const params: Record<string, string> = {
      pid: account.merchantId,
      type: request.payType,
      out_trade_no: request.depositNo,
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      name: request.subject,
      money: yuan(request.amountCents),
    };
    const url = new URL(account.submitUrl, origin);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set('sign', epaySign(params, account.secret));
    url.searchParams.set('sign_type', 'MD5');
    return url.toString();
  },

  verifyNotify(account: GatewayAccount, params: Record<string, string>): NotifyVerdict {
    if (!epaySignatureHolds(params, account.secret)) return { valid: false, reason: 'bad_signature' };
    if (params.pid !== account.merchantId) return { valid: false, reason: 'wrong_merchant' };
    return {
      valid: true,
      depositNo: params.out_trade_no ?? '',
      tradeNo: params.trade_no ?? '',
      // 200, 200.0 and 200.00 are the same amount.
      amountCents: parseMoneyToCents(params.money ?? ''),
      paid: params.trade_status === 'TRADE_SUCCESS',
    };
  },

  async queryOrder(
    account: GatewayAccount,
    depositNo: string,
    origin: string,
    outbound: OutboundPolicy,
  ): Promise<OrderStatus> {
    // The epay order query authenticates with the merchant key itself, over the gateway's HTTPS.
    const url = epayApiUrl(account.submitUrl, origin);
    url.searchParams.set('act', 'order');
    url.searchParams.set('pid', account.merchantId);
    url.searchParams.set('key', account.secret);
    url.searchParams.set('out_trade_no', depositNo);
    const response = await outboundFetch(url.toString(), { signal: AbortSignal.timeout(QUERY_TIMEOUT_MS) }, outbound);
    if (!response.ok) throw new Error(`order query answered HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    if (Number(body.code) !== 1) return { found: false };
    return {
      found: true,
      paid: Number(body.status) === 1,
      tradeNo: String(body.trade_no ?? ''),
      amountCents: parseMoneyToCents(String(body.money ?? '')),
      // What the answer is about, for the caller to bind it to the order asked (gateways-service.ts).
      orderNo: String(body.out_trade_no ?? ''),
      merchantId: String(body.pid ?? ''),
    };
  },
};
