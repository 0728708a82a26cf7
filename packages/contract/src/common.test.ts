import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BizCode,
  Money,
  centsToMoney,
  envelope,
  firstIssueMessage,
  intWithDefault,
  optionalInt,
  paginator,
  parseMoneyToCents,
  requiredInt,
  text,
} from './common';
import { MSG } from './messages';

describe('Money', () => {
  it('accepts strings with exactly two decimals, negatives included', () => {
    for (const ok of ['0.00', '1234.50', '-5.00']) expect(Money.safeParse(ok).success).toBe(true);
  });

  it('rejects numbers and other decimal counts', () => {
    for (const bad of [12.3, '12', '12.3', '12.345', '', '1,000.00']) expect(Money.safeParse(bad).success).toBe(false);
  });
});

describe('centsToMoney', () => {
  it('formats cents with two decimals', () => {
    expect(centsToMoney(1230)).toBe('12.30');
    expect(centsToMoney(5)).toBe('0.05');
    expect(centsToMoney(0)).toBe('0.00');
    expect(centsToMoney(123456789)).toBe('1234567.89');
  });

  it('formats negatives with a leading minus and no negative zero', () => {
    expect(centsToMoney(-1230)).toBe('-12.30');
    expect(centsToMoney(-5)).toBe('-0.05');
    expect(centsToMoney(-0)).toBe('0.00');
  });
});

describe('parseMoneyToCents', () => {
  it('reads numbers and strings with up to two decimals', () => {
    expect(parseMoneyToCents('12')).toBe(1200);
    expect(parseMoneyToCents('12.3')).toBe(1230);
    expect(parseMoneyToCents('12.30')).toBe(1230);
    expect(parseMoneyToCents(12.3)).toBe(1230);
    expect(parseMoneyToCents(' 100 ')).toBe(10000);
    expect(parseMoneyToCents(0)).toBe(0);
  });

  it('does not lose a cent to float error', () => {
    expect(parseMoneyToCents(19.99)).toBe(1999);
    expect(parseMoneyToCents(1.15)).toBe(115);
    expect(parseMoneyToCents(4.35)).toBe(435);
    expect(parseMoneyToCents('0.29')).toBe(29);
  });

  it('returns negatives as negative cents', () => {
    expect(parseMoneyToCents(-5)).toBe(-500);
    expect(parseMoneyToCents('-0.01')).toBe(-1);
    expect(Object.is(parseMoneyToCents('-0'), 0)).toBe(true);
  });

  it('rejects everything else', () => {
    for (const bad of [
      NaN,
      Infinity,
      -Infinity,
      '1e3',
      1e21,
      '12.345',
      0.1 + 0.2,
      '',
      ' ',
      '.5',
      '12.',
      '+5',
      '0x10',
      '1,000',
      null,
      undefined,
      {},
      [],
      true,
      '100000000000',
      1e10,
    ]) {
      expect(parseMoneyToCents(bad), String(bad)).toBeNull();
    }
  });

  it('accepts up to 1e11 cents and rejects above', () => {
    expect(parseMoneyToCents('1000000000')).toBe(1e11);
    expect(parseMoneyToCents('1000000000.01')).toBeNull();
  });
});

describe('envelope and paginator', () => {
  it('wraps data in {code, message, data}', () => {
    const schema = envelope(z.object({ balance: Money }));
    expect(schema.parse({ code: 200, message: 'ok', data: { balance: '1.00' } }).data.balance).toBe('1.00');
    expect(schema.safeParse({ code: '200', message: 'ok', data: { balance: '1.00' } }).success).toBe(false);
  });

  it('describes the paginator with nullable from and to', () => {
    const schema = paginator(z.string());
    const page = { current_page: 1, data: [], last_page: 1, per_page: 10, total: 0, from: null, to: null };
    expect(schema.parse(page)).toEqual(page);
    expect(schema.safeParse({ ...page, total: undefined }).success).toBe(false);
  });
});

describe('BizCode', () => {
  it('keeps the codes existing clients know', () => {
    expect(BizCode).toMatchObject({ OK: 200, NAME_TAKEN: 201, UNAUTHORIZED: 401, PAY_PASSWORD_UNSET: 251 });
    expect(new Set(Object.values(BizCode)).size).toBe(Object.keys(BizCode).length);
  });
});

describe('text', () => {
  const schema = text(32);

  it('turns missing, null and numbers into strings', () => {
    expect(schema.parse(undefined)).toBe('');
    expect(schema.parse(null)).toBe('');
    expect(schema.parse(123)).toBe('123');
    expect(schema.parse('abc')).toBe('abc');
    expect(z.object({ name: schema }).parse({})).toEqual({ name: '' });
  });

  it('fails a too long string with 输入内容过长', () => {
    expect(schema.safeParse('x'.repeat(32)).success).toBe(true);
    const result = schema.safeParse('x'.repeat(1_000_000));
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe('输入内容过长');
  });

  it('fails objects, arrays and booleans with the bad-input message', () => {
    for (const bad of [{ a: 1 }, ['a'], true, NaN, Infinity]) {
      const result = z.object({ name: schema }).safeParse({ name: bad });
      expect(result.success, String(bad)).toBe(false);
      if (!result.success) expect(firstIssueMessage(result.error)).toBe(MSG.badInput);
    }
  });

  it('strips unknown fields instead of failing', () => {
    expect(z.object({ name: schema }).parse({ name: 'a', extra: { deep: true } })).toEqual({ name: 'a' });
  });
});

describe('integer atoms', () => {
  it('reads numbers and numeric strings, with the default when absent or blank', () => {
    const page = intWithDefault(1);
    expect(page.parse(undefined)).toBe(1);
    expect(page.parse('')).toBe(1);
    expect(page.parse(null)).toBe(1);
    expect(page.parse('3')).toBe(3);
    expect(page.parse(4)).toBe(4);
  });

  it('fails non-integers with the bad-input message', () => {
    for (const bad of ['1.5', 1.5, 'abc', '1e3', {}, '9999999999999999']) {
      const result = intWithDefault(1).safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      if (!result.success) expect(firstIssueMessage(result.error)).toBe(MSG.badInput);
    }
  });

  it('distinguishes optional and required integers', () => {
    expect(optionalInt().parse(undefined)).toBeUndefined();
    expect(optionalInt().parse('2')).toBe(2);
    expect(requiredInt().safeParse(undefined).success).toBe(false);
    expect(requiredInt().safeParse('').success).toBe(false);
    expect(requiredInt().parse('7')).toBe(7);
  });
});

describe('firstIssueMessage', () => {
  it('hides zod English defaults behind the bad-input message', () => {
    const result = z.object({ a: z.string() }).safeParse({ a: 1 });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe('请求参数格式不正确');
  });

  it('passes a custom Chinese message through', () => {
    const result = z.string().min(2, { error: '请输入您的真实姓名!' }).safeParse('a');
    expect(result.success).toBe(false);
    if (!result.success) expect(firstIssueMessage(result.error)).toBe('请输入您的真实姓名!');
  });
});
