import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';

/**
 * Hub88's signature rule (docs.hub88.io "Request structure"): the sender signs the exact raw body with RSA-SHA256
 * and its private key, and sends the signature base64-encoded in the `X-Hub88-Signature` header; the receiver
 * verifies it against the raw body with the sender's public key. Both directions: the aggregator's calls to us,
 * and our answers and calls to it.
 */
export const HUB88_SIGNATURE_HEADER = 'x-hub88-signature';

/** The base64 RSA-SHA256 signature of a body with a private key (PEM). */
export function hub88Sign(privateKeyPem: string, body: string | Buffer): string {
  return sign('RSA-SHA256', Buffer.from(body), createPrivateKey(privateKeyPem)).toString('base64');
}

/** Whether `signature` (base64) signs the body under the public key (PEM); false for anything malformed. */
export function hub88Verify(publicKeyPem: string, body: string | Buffer, signature: string | undefined): boolean {
  if (!publicKeyPem || !signature || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('RSA-SHA256', Buffer.from(body), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Whether a PEM text is a usable key of the kind (a pasted key that cannot sign or verify is no key). */
export function hub88KeyUsable(pem: string, kind: 'public' | 'private'): boolean {
  if (!pem) return false;
  try {
    if (kind === 'public') createPublicKey(pem);
    else createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}
