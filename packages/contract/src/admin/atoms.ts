/**
 * What the back-office calls of every area are written with: the role sets, the call and resource builders, and the
 * input atoms (flags, paging, blank filters, money). Internal to the contract: `../admin.ts` does not re-export it.
 */
import { z } from 'zod';
import type { ZodType } from 'zod';
import { GAME_CATEGORIES } from '../codes';
import { MSG } from '../messages';
import { parseMoneyToCents } from '../money';
import { isSiteUrl } from '../site-url';
import { AdminEmpty, type AdminMethod, type OperatorRoleName } from './define';

export const ALL = ['admin', 'finance', 'content'] as const;
export const ADMIN = ['admin'] as const;
export const FINANCE = ['admin', 'finance'] as const;
export const CONTENT = ['admin', 'content'] as const;
export const CONTENT_FINANCE = ['admin', 'content', 'finance'] as const;
/** The support desk (docs/operators.md "The support desk"): chats with members, never moves money nor sees secrets. */
export const SUPPORT = ['admin', 'support'] as const;
/** Every signed-in operator, the support desk included: sign-in and one's own account only. */
export const SIGNED_IN = [...ALL, 'support'] as const;

export const Nothing = z.null();

export function def<
  const M extends AdminMethod,
  const P extends string,
  const R extends readonly OperatorRoleName[],
  I extends ZodType,
  D extends ZodType,
>(method: M, path: P, roles: R, input: I, data: D, summary: string) {
  return { method, path, auth: 'operator' as const, roles, input, data, summary };
}

// ---------------------------------------------------------------------------------------------------------------
// Shared input atoms

export const flag01 = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));
export const pageField = z.coerce.number().int().min(1).default(1);
export const pagesizeField = z.coerce.number().int().min(1).max(50).optional();
/** The page asked for and its size: the query of every paged list. */
export const Paging = { page: pageField, pagesize: pagesizeField };
/** Query strings send '' for a cleared filter: the same as absent. */
export const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** A Beijing calendar day 'YYYY-MM-DD' (date filters; created_at from its 00:00 to the end of `to`). */
export const BeijingDate = z.preprocess(
  blankIsAbsent,
  z
    .string({ message: MSG.dateInvalid })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: MSG.dateInvalid })
    .optional(),
);
export const DateRange = { from: BeijingDate, to: BeijingDate };
/** A venue as a row names it: its code, and its display name, which is what the console shows. */
export const VenueNamed = { venue_code: z.string(), venue_name: z.string() };

/** A money amount in cents, zero or more (a number or numeric string on the wire). */
export const centsInput = z.union([z.string().max(32), z.number()]).transform((v, ctx) => {
  const cents = parseMoneyToCents(v);
  if (cents === null || cents < 0) {
    ctx.addIssue({ code: 'custom', message: MSG.amountInvalid });
    return z.NEVER;
  }
  return cents;
});

export const NoteInput = z.object({ note: z.string().max(200).default('') });

/**
 * Text that must be filled in: trimmed, `message` when missing or blank, at most `max` characters (`tooLong` beyond,
 * MSG.inputTooLong unless named).
 */
export const requiredText = (message: string, max: number, tooLong: string = MSG.inputTooLong) =>
  z.string({ message }).trim().min(1, { message }).max(max, { message: tooLong });
/** A whole number from `min` to `max` (a number or numeric string on the wire), `message` for anything else. */
export const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message });
export const searchText = (max: number) => z.string().trim().max(max).default('');
export const queueState = (max: number) =>
  z.preprocess(blankIsAbsent, z.coerce.number().int().min(0).max(max).optional());
/** A review queue's query: the page, and the state shown (0 to `max`; blank for all). */
export const queueFilters = (max: number) => ({ ...Paging, state: queueState(max) });
/** One venue by its exact code; blank for all. */
export const venueFilter = z.preprocess(blankIsAbsent, z.string().trim().max(32).optional());
/** A report or statement as JSON (the screen) or CSV (the download). */
export const ReportFormat = z.preprocess(
  blankIsAbsent,
  z.enum(['json', 'csv'], { message: MSG.badInput }).default('json'),
);
/** A refusal or a resolution that must say why: its `note`, `message` when blank, at most `max` characters. */
export const reasonInput = (message: string, max: number) => z.object({ note: requiredText(message, max) });

export const resFlag = z.coerce
  .number({ message: MSG.flagInvalid })
  .pipe(z.union([z.literal(0), z.literal(1)], { message: MSG.flagInvalid }))
  .default(1);
export const resSort = z.coerce
  .number({ message: MSG.sortInvalid })
  .int({ message: MSG.sortInvalid })
  .min(-1_000_000)
  .max(1_000_000)
  .default(0);
/** Where a resource's item stands in its list and whether it shows, as its form sends them. */
export const ListPlacingInput = { sort: resSort, enabled: resFlag };
/** Where a resource's item stands in its list and whether it shows (1) or not (0), as answered. */
export const ListPlacing = { sort: z.number().int(), enabled: z.number().int() };
export const imageUrl = (message: string) => requiredText(message, 500).refine(isSiteUrl, { message: MSG.urlInvalid });
export const category = z.enum(GAME_CATEGORIES.map((c) => c.id) as [string, ...string[]], {
  message: MSG.gameCategoryInvalid,
});

/**
 * A list/create/update/delete resource, described once: its four calls (`what` names the items in their summaries)
 * and `name`, what the console calls it (the screen's title and menu name, 新增{name}). The server registers the
 * calls, and the console builds the screen and its menu entry from the same description.
 */
export function resource<
  const P extends string,
  const R extends readonly OperatorRoleName[],
  I extends ZodType,
  D extends ZodType,
>(path: P, roles: R, input: I, item: D, what: string, name: string) {
  return {
    name,
    list: def('GET', path, roles, AdminEmpty, z.array(item), `List ${what}`),
    create: def('POST', path, roles, input, item, `Create one of ${what}`),
    update: def('PUT', `${path}/:id`, roles, input, item, `Replace one of ${what}`),
    remove: def('DELETE', `${path}/:id`, roles, AdminEmpty, Nothing, `Delete one of ${what}`),
  };
}

/** The approve and reject calls of a review queue, keyed by `param` (deposit_no, order_no, id). */
export const reviewed = <
  const P extends string,
  const K extends string,
  const R extends readonly OperatorRoleName[],
  D extends ZodType,
>(
  base: P,
  param: K,
  roles: R,
  item: D,
  what: string,
) => ({
  approve: def('POST', `${base}/:${param}/approve` as const, roles, NoteInput, item, `Approve ${what}`),
  reject: def('POST', `${base}/:${param}/reject` as const, roles, NoteInput, item, `Reject ${what} (note: the reason)`),
});
