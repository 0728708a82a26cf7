// How a deposit is addressed to its payment gateway: the gateway's account and protocol, and the signed pay request.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { numericToCents } from '../../lib/money';
import { paymentProtocols } from '../../providers/payment-protocols';
import type { GatewayAccount, PaymentGateway } from '../../providers/payment-gateway';
import { type deposits, paymentGateways, type PayWayCode } from '../../db/tables/payments';

/** Where URLs point: the member's browser (pay and return pages) and the gateway's server (notify). */
export interface SiteOrigins {
  member: string;
  public: string;
}

/** Our pay ways in the epay protocol's type names. */
const GATEWAY_PAY_TYPE: Record<PayWayCode, string> = {
  wechat: 'wxpay',
  alipay: 'alipay',
  ebpay: 'ebpay',
  usdt: 'usdt',
  bank: 'bank',
};

export type GatewayRow = typeof paymentGateways.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

export const accountOf = (g: GatewayRow): GatewayAccount => ({
  code: g.code,
  merchantId: g.merchantId,
  secret: g.secret,
  submitUrl: g.submitUrl,
});
export const protocolOf = (g: GatewayRow): PaymentGateway => paymentProtocols[g.protocol];

export const notifyPath = (gatewayCode: string) => `/api/pay/notify/${encodeURIComponent(gatewayCode)}`;
export const RETURN_PATH = '/api/pay/return';

export async function gatewayByCode(db: DbOrTx, code: string): Promise<GatewayRow | undefined> {
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
