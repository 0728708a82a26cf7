import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_HASH_COST, hashSecret, setPasswordHashCost, verifySecret } from './passwords';

describe('password hashes and their work factor', () => {
  afterEach(() => setPasswordHashCost(PRODUCTION_HASH_COST));

  it('stores the work factor with each hash, so a secret hashed at one factor is verified at another', async () => {
    setPasswordHashCost(10);
    const cheap = await hashSecret('secret123');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    setPasswordHashCost(PRODUCTION_HASH_COST);
    const strong = await hashSecret('secret123');
    expect(strong).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifySecret('secret123', cheap)).toBe(true);
    expect(await verifySecret('secret124', cheap)).toBe(false);
    setPasswordHashCost(10);
    expect(await verifySecret('secret123', strong)).toBe(true);
    expect(await verifySecret('secret124', strong)).toBe(false);
  });
});
