import { createHmac, timingSafeEqual } from 'node:crypto';

/** The hex HMAC-SHA256 of a body with a venue's secret: how venues and we sign each other's calls. */
export function hmacHex(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Whether `signature` is the body's HMAC, compared in constant time (a wrong guess learns nothing from timing). */
export function verifyHmac(secret: string, body: string | Buffer, signature: string | undefined): boolean {
  if (!secret || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(hmacHex(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
