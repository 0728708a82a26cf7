import { createHash, createPrivateKey, createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The RSA keys of a hub88 venue as an admin sets them in 接入设置 (docs/venues.md "Connecting Hub88 step by step"):
 * the aggregator's public key and our private key, pasted as PEM or (ours) made here. Every key is stored as it is
 * re-exported (SPKI for a public key, PKCS#8 for a private one), so a key pasted in another PEM form or with
 * Windows line ends is stored alike.
 */

/** The smallest RSA modulus we sign with. */
const MIN_BITS = 2048;

/** A public key (PEM) as we store it, or null when the text is not a usable RSA public key (a private key is not). */
export function normalizePublicKey(pem: string): string | null {
  if (/PRIVATE KEY/.test(pem)) return null;
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'rsa') return null;
    return key.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return null;
  }
}

/** A private key (PEM) as we store it, or null when the text is not an unencrypted RSA private key of 2048 bits or more. */
export function normalizePrivateKey(pem: string): string | null {
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa' || (key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_BITS) return null;
    return key.export({ type: 'pkcs8', format: 'pem' }).toString();
  } catch {
    return null;
  }
}

/** The public key (SPKI PEM) of a private key, what the aggregator verifies our signatures with; '' for none. */
export function publicKeyOf(privatePem: string): string {
  if (!privatePem) return '';
  try {
    return createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return '';
  }
}

/** A short digest of a public key (sha256 of its DER, hex), for a change queue to show instead of the whole PEM. */
export function keyFingerprint(publicPem: string): string {
  if (!publicPem) return '';
  try {
    const der = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
    return `sha256:${createHash('sha256').update(der).digest('hex')}`;
  } catch {
    return '';
  }
}

const generate = promisify(generateKeyPair);

/** A new RSA private key of ours (PKCS#8 PEM, 2048 bits), made off the event loop. */
export async function newPrivateKey(): Promise<string> {
  const { privateKey } = await generate('rsa', {
    modulusLength: MIN_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}
