import { describe, expect, it } from 'vitest';
import { vipNumber, vipProgress } from './vip-progress';

const levels = [{ recharge: '0.00' }, { recharge: '1000.00' }, { recharge: '3000.00' }, { recharge: '0.00' }];

describe('vipProgress (docs/member-app.md "States and transitions")', () => {
  it('uses the requirement of the level at the index equal to the current level', () => {
    expect(vipProgress('500.00', 1, levels)).toBe(50);
    expect(vipProgress('500.00', 2, levels)).toBe(17);
  });

  it('is 0 when paysum is 0', () => {
    expect(vipProgress('0.00', 1, levels)).toBe(0);
  });

  it('is 0 when the requirement is 0 or the level is missing', () => {
    expect(vipProgress('500.00', 0, levels)).toBe(0);
    expect(vipProgress('500.00', 3, levels)).toBe(0);
    expect(vipProgress('500.00', 10, levels)).toBe(0);
  });

  it('caps at 100', () => {
    expect(vipProgress('2500.00', 1, levels)).toBe(100);
    expect(vipProgress('1000.00', 1, levels)).toBe(100);
  });

  it('rounds to the nearest whole percent', () => {
    expect(vipProgress('1004.99', 2, levels)).toBe(33); // 33.4999…
    expect(vipProgress('1005.00', 2, levels)).toBe(34); // 33.5
    expect(vipProgress('994.99', 1, levels)).toBe(99); // 99.499
    expect(vipProgress('995.00', 1, levels)).toBe(100); // 99.5
  });
});

describe('vipNumber (docs/member-app.md "Entities and fields")', () => {
  it('reads the number after the letter P', () => {
    expect(vipNumber('VIP3')).toBe(3);
    expect(vipNumber('VIP10')).toBe(10);
    expect(vipNumber('')).toBe(0);
    expect(vipNumber(undefined)).toBe(0);
  });
});
