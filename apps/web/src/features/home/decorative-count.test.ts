import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECORATIVE_MAX, DECORATIVE_MIN, randomDecorativeCount } from './decorative-count';

describe('randomDecorativeCount (docs/member-app.md "Product and home page")', () => {
  it('reaches both ends of 200-999', () => {
    expect(randomDecorativeCount(() => 0)).toBe(200);
    expect(randomDecorativeCount(() => 0.999999)).toBe(999);
  });

  it('is always a whole number between 200 and 999', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const n = randomDecorativeCount(() => r);
        return Number.isInteger(n) && n >= DECORATIVE_MIN && n <= DECORATIVE_MAX;
      }),
    );
  });
});
