import { MSG } from '@h5/contract';
import { gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badInput } from './errors';

const DAY_MS = 86_400_000;

/** The instant a Beijing calendar day 'YYYY-MM-DD' starts; a day that does not exist (02-31) is bad input. */
export function beijingDateStart(day: string): Date {
  const start = new Date(`${day}T00:00:00+08:00`);
  const back = Number.isNaN(start.getTime()) ? '' : new Date(start.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  if (back !== day) throw badInput(MSG.dateInvalid);
  return start;
}

/**
 * The filters of a Beijing date range on a timestamp column: from the start of `from` to the end of `to`, both
 * days included. Either end may be left out; `from` after `to` is refused.
 */
export function beijingDayRange(
  column: AnyPgColumn,
  range: { from?: string | undefined; to?: string | undefined },
): SQL[] {
  const filters: SQL[] = [];
  const from = range.from ? beijingDateStart(range.from) : undefined;
  const to = range.to ? new Date(beijingDateStart(range.to).getTime() + DAY_MS) : undefined;
  if (from && to && from >= to) throw badInput(MSG.dateRangeInvalid);
  if (from) filters.push(gte(column, from));
  if (to) filters.push(lt(column, to));
  return filters;
}
