/**
 * The protocols a payment gateway may speak (docs/payments.md). A gateway row names one; the server keeps one
 * implementation per name (apps/server/src/providers/payment-protocols.ts), and its type makes a name without an
 * implementation a compile error. zod-free.
 */
export const PAYMENT_PROTOCOLS = ['epay'] as const;
export type PaymentProtocol = (typeof PAYMENT_PROTOCOLS)[number];

/** The protocol a new gateway speaks when none is named. */
export const DEFAULT_PAYMENT_PROTOCOL: PaymentProtocol = 'epay';
