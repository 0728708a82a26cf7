import type { PaymentProtocol } from '@h5/contract';
import { epayGateway } from './epay';
import type { PaymentGateway } from './payment-gateway';

/**
 * The payment protocols by name, one implementation each (docs/payments.md). The names are the contract's
 * PAYMENT_PROTOCOLS: a name without an implementation here does not compile.
 */
export const paymentProtocols: Record<PaymentProtocol, PaymentGateway> = { epay: epayGateway };
