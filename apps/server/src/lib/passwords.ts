import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto with a per-secret salt (docs/architecture.md "Wire contract"); parameters are stored with the hash
// so they can be raised later without breaking existing members.
/** scrypt's work factor N as a power of two: 2^14 = 16384, about 40 ms of one core per hash. */
export const PRODUCTION_HASH_COST = 14;
let cost = PRODUCTION_HASH_COST;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * The work factor of new hashes in this process (config PASSWORD_HASH_COST; the server sets it as it builds its app).
 * Hashes already stored keep theirs, so raising it breaks no one's sign-in.
 */
export function setPasswordHashCost(log2n: number): void {
  cost = log2n;
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(secret, salt, n, R, P);
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();
/**
 * A hash to compare against when the member does not exist, made at the current work factor, so both paths take the
 * same time.
 */
export function dummyHash(): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashSecret(randomBytes(12).toString('hex'))));
  return hash;
}
