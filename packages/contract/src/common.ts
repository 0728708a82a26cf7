import { z } from 'zod';
import { MSG } from './messages';

import { CAPTCHA_LENGTH, MAX_INPUT } from './codes';

export { CAPTCHA_LENGTH, MAX_INPUT };

// Lives in its own zod-free module so the web app's entry can read it without pulling zod in.
export { BizCode, type BizCodeValue } from './biz-code';

/** Money on the wire: a string with exactly two decimals, as a decimal column serialises ("1234.50"). */
export const Money = z.string().regex(/^-?\d+\.\d{2}$/);

/** A decimal string with any number of decimals (exchange rates, percentages). */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Beijing-time timestamp 'YYYY-MM-DD HH:mm:ss' (docs/wire-rules.md "Wire details"). */
export const Timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

export const Flag = z.union([z.literal(0), z.literal(1)]);

// Pure money helpers live in a zod-free module (the web app's forms read them without pulling zod in).
export { centsToMoney, parseMoneyToCents } from './money';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data });
}

export type Envelope<T> = { code: number; message: string; data: T };

/** What every failure answers: a business code, its Chinese message, data null. */
export const ErrorEnvelope = envelope(z.null());

/** Paged answers (docs/wire-rules.md "Wire details": 10 a page by default, `pagesize` or `limit` up to 50). */
export function paginator<T extends z.ZodType>(item: T) {
  return z.object({
    current_page: z.number().int(),
    data: z.array(item),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
  });
}

export type Paginator<T> = {
  current_page: number;
  data: T[];
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
};

const Scalar = z.union([z.string(), z.number(), z.null()], { error: MSG.badInput }).optional();

/**
 * A lenient text field of a request body. Missing or null becomes '' so the rule functions of validation.ts can
 * answer the documented "required" message instead of a generic one; numbers become strings.
 */
export function text(max: number) {
  return Scalar.transform((v) => (v === null || v === undefined ? '' : String(v))).pipe(
    z.string().max(max, { error: MSG.inputTooLong }),
  );
}

/** Money in a request body: a number or numeric string, checked by parseMoneyToCents in the rule functions. */
export const moneyInput = () => text(MAX_INPUT);

/** undefined when absent or blank, null when not an integer. */
function looseInt(v: string | number | null | undefined): number | null | undefined {
  if (v === null || v === undefined) return undefined;
  const s = typeof v === 'number' ? String(v) : v.trim();
  if (s === '') return undefined;
  if (!/^-?\d{1,15}$/.test(s)) return null;
  return Number(s);
}

/** An integer field that accepts a number or numeric string; absent or blank gives `fallback`. */
export function intWithDefault(fallback: number) {
  return Scalar.transform((v, ctx) => {
    const n = looseInt(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: MSG.badInput });
      return z.NEVER;
    }
    return n ?? fallback;
  });
}

/** An optional integer field; absent or blank gives undefined. */
export function optionalInt() {
  return Scalar.transform((v, ctx) => {
    const n = looseInt(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: MSG.badInput });
      return z.NEVER;
    }
    return n;
  });
}

/** A required integer field (ids): absent, blank or not an integer fails with the bad-input message. */
export function requiredInt() {
  return Scalar.transform((v, ctx) => {
    const n = looseInt(v);
    if (n === null || n === undefined) {
      ctx.addIssue({ code: 'custom', message: MSG.badInput });
      return z.NEVER;
    }
    return n;
  });
}

/** docs/member-app.md "Constants and limits": pages start at 1. */
export const Page = intWithDefault(1);
/** docs/member-app.md "Constants and limits": period code, default 1 (rebates default to 4). */
export const Period = intWithDefault(1);

/** Page plus the optional page size of docs/wire-rules.md "Wire details" (`pagesize` or `limit`, the server caps it at 50). */
export const PageQuery = {
  page: Page,
  pagesize: optionalInt(),
  limit: optionalInt(),
};

const HAS_CHINESE = /[\u3400-\u9fff\uff00-\uffef]/;

/** The first issue's message when it is one of our Chinese messages; zod's English defaults are not shown. */
export function firstIssueMessage(error: z.ZodError): string {
  const message = error.issues[0]?.message;
  return message !== undefined && HAS_CHINESE.test(message) ? message : MSG.badInput;
}
