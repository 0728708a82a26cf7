import { BizCode, DEFAULT_PAYMENT_PROTOCOL, MSG, type PaymentProtocol } from '@h5/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { paymentGateways } from '../../db/tables/payments';
import type { AuthedOperator } from '../../http/admin-route';
import { AppError, badInput } from '../../http/errors';
import { checkOutboundUrl, type OutboundPolicy } from '../../lib/outbound';
import {
  type ChangeRow,
  type Fields,
  fingerprint,
  type IntegrationChangeView,
  maskSecret,
  propose,
  requireSecretForNewAddress,
} from '../backoffice/pending-changes';
import type { GatewayRow } from './gateway-requests';

/**
 * A gateway's integration changes (docs/operators.md "Operators and the back-office API"): its creation, merchant,
 * secret and submit_url wait in the pending-change queue for a second admin, who approves them in 待审批变更
 * (modules/integrations checks the address again and applies the change here). A secret is kept to be applied and
 * never answered: every answer and audit row shows it as ********.
 */

const gatewayFields = (g: Pick<GatewayRow, 'protocol' | 'merchantId' | 'submitUrl' | 'secret'>): Fields => ({
  protocol: g.protocol,
  merchant_id: g.merchantId,
  submit_url: g.submitUrl,
  secret: maskSecret(g.secret),
});

// A digest of the gateway's integration, secret included (fingerprint): an approval applies only over what the maker saw.
const gatewayPrint = (g: GatewayRow | undefined) =>
  fingerprint(g ? [g.protocol, g.merchantId, g.submitUrl, g.secret] : null);

/**
 * A gateway's submit_url (docs/payments.md "Payment gateways"): reconciliation sends the merchant key to the api.php beside
 * it, so it is the gateway's own absolute address, https wherever the policy requires https (even a host
 * OUTBOUND_ALLOW lists), and allowed by the outbound policy. A path of our own site is refused (400): the key would
 * come to us, past the outbound guard. The sandbox's gateway is seeded, not proposed.
 */
export async function checkGatewayAddress(url: string, policy: OutboundPolicy): Promise<void> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    throw badInput(MSG.gatewaySubmitUrlAbsolute);
  }
  const plainHttpAllowed = !policy.requireHttps && address.protocol === 'http:';
  if (address.protocol !== 'https:' && !plainHttpAllowed) throw badInput(MSG.gatewaySubmitUrlAbsolute);
  const refusal = await checkOutboundUrl(url, policy);
  if (refusal) throw badInput(refusal);
}

export interface GatewayCreation {
  code: string;
  protocol: PaymentProtocol;
  name: string;
  merchant_id: string;
  secret: string;
  submit_url: string;
  enabled: 0 | 1;
}

export async function proposeGatewayCreation(
  db: DbOrTx,
  policy: OutboundPolicy,
  operator: AuthedOperator,
  input: GatewayCreation,
  requestId: string,
): Promise<IntegrationChangeView> {
  await checkGatewayAddress(input.submit_url, policy);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ code: paymentGateways.code })
      .from(paymentGateways)
      .where(eq(paymentGateways.code, input.code));
    if (existing) throw new AppError(BizCode.CONFLICT, MSG.duplicateRecord);
    const after = {
      name: input.name,
      enabled: String(input.enabled),
      ...gatewayFields({
        protocol: input.protocol,
        merchantId: input.merchant_id,
        submitUrl: input.submit_url,
        secret: input.secret,
      }),
    };
    return propose(
      tx,
      operator,
      {
        kind: 'gateway',
        target: input.code,
        action: 'create',
        before: null,
        after,
        secret: input.secret,
        print: gatewayPrint(undefined),
      },
      requestId,
    );
  });
}

/** A gateway's merchant, secret and submit_url as proposed; absent fields stay. */
export interface GatewayIntegration {
  merchant_id?: string | undefined;
  secret?: string | undefined;
  submit_url?: string | undefined;
}

/**
 * The integration part of a gateway update, on the locked row: null when it changes nothing there, else the
 * pending change. Refuses a new address without a new secret before anything is written.
 */
export async function proposeGatewayIntegration(
  tx: Tx,
  policy: OutboundPolicy,
  operator: AuthedOperator,
  gateway: GatewayRow,
  next: GatewayIntegration,
  requestId: string,
): Promise<IntegrationChangeView | null> {
  const merchantId = next.merchant_id ?? gateway.merchantId;
  const submitUrl = next.submit_url ?? gateway.submitUrl;
  const secret = next.secret ?? '';
  requireSecretForNewAddress(submitUrl !== gateway.submitUrl, secret);
  if (merchantId === gateway.merchantId && submitUrl === gateway.submitUrl && !secret) return null;
  await checkGatewayAddress(submitUrl, policy);
  const after = gatewayFields({ protocol: gateway.protocol, merchantId, submitUrl, secret: secret || gateway.secret });
  return propose(
    tx,
    operator,
    {
      kind: 'gateway',
      target: gateway.code,
      action: 'update',
      before: gatewayFields(gateway),
      after,
      secret,
      print: gatewayPrint(gateway),
    },
    requestId,
  );
}

/** Applies a gateway's approved creation or integration change; false when stale. */
export async function applyGatewayChange(tx: Tx, row: ChangeRow): Promise<boolean> {
  const after = JSON.parse(row.after) as Fields;
  const [gateway] = await tx.select().from(paymentGateways).where(eq(paymentGateways.code, row.target)).for('update');
  if (gatewayPrint(gateway) !== row.fingerprint) return false;
  if (!gateway) {
    await tx.insert(paymentGateways).values({
      code: row.target,
      name: after.name ?? row.target,
      protocol: (after.protocol as PaymentProtocol | undefined) ?? DEFAULT_PAYMENT_PROTOCOL,
      merchantId: after.merchant_id ?? '',
      secret: row.secret,
      submitUrl: after.submit_url ?? '',
      enabled: after.enabled === '0' ? 0 : 1,
    });
    return true;
  }
  await tx
    .update(paymentGateways)
    .set({
      merchantId: after.merchant_id ?? gateway.merchantId,
      submitUrl: after.submit_url ?? gateway.submitUrl,
      ...(row.secret ? { secret: row.secret } : {}),
    })
    .where(eq(paymentGateways.code, gateway.code));
  return true;
}
