import { centsToMoney, MSG, PAY_WAY_RANGE_TYPES, PayRangesInput } from '@h5/contract';
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { badInput } from '../../http/errors';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { parseCapped, proposeSetting, targetOf } from '../backoffice/money-settings';
import { type Fields, fingerprint, type IntegrationChangeView, type Proposer } from '../backoffice/pending-changes';
import { payRanges, type PayWayCode, payWays } from '../../db/tables/payments';

/**
 * A pay way's amount ranges (docs/operators.md "Who may move money"): how much one deposit may be. A change of them is proposed
 * for a second admin under the target 'pay-way:<code>', one field per getPayRange type ('100.00-50000.00'); the
 * way's name, switch, sort and gateway stay immediate (payments-admin-routes.ts).
 */

export const PAY_WAY_PREFIX = 'pay-way';
type Ranges = z.output<typeof PayRangesInput>;

const PAY_WAY_CODES = Object.keys(PAY_WAY_RANGE_TYPES) as PayWayCode[];

const rangesFields = (ranges: Ranges): Fields =>
  Object.fromEntries(ranges.map((r) => [r.type, `${centsToMoney(r.min_price)}-${centsToMoney(r.max_price)}`]));

/** The fields back as the contract's input reads them. */
const rangesOf = (fields: Fields) =>
  Object.entries(fields).map(([type, bounds]) => {
    const [min_price, max_price] = bounds.split('-');
    return { type, min_price, max_price };
  });

/** The way's ranges now, as the queue shows them. */
async function storedRanges(tx: Tx, code: PayWayCode): Promise<Fields> {
  const rows = await tx.select().from(payRanges).where(eq(payRanges.payWay, code)).orderBy(asc(payRanges.type));
  return Object.fromEntries(
    rows.map((r) => [
      r.type,
      `${centsToMoney(numericToCents(r.minPrice))}-${centsToMoney(numericToCents(r.maxPrice))}`,
    ]),
  );
}

/** Every type must be one of the way's own (docs/architecture.md "Deposits"). */
function checkOwnTypes(code: PayWayCode, ranges: Ranges) {
  const own: readonly string[] = PAY_WAY_RANGE_TYPES[code];
  if (ranges.some((r) => !own.includes(r.type))) throw badInput(MSG.payRangeTypeOtherWay);
}

const same = (a: Fields, b: Fields) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Proposes `ranges` as the way's ranges, on the locked way: null when they are what it has now. */
export async function proposePayRanges(
  tx: Tx,
  operator: Proposer,
  code: PayWayCode,
  ranges: Ranges,
  requestId: string,
): Promise<IntegrationChangeView | null> {
  checkOwnTypes(code, ranges);
  const before = await storedRanges(tx, code);
  const after = rangesFields(ranges);
  if (same(before, after)) return null;
  return proposeSetting(
    tx,
    operator,
    { target: `${PAY_WAY_PREFIX}:${code}`, before, after, print: fingerprint(before) },
    requestId,
  );
}

/**
 * Makes the proposed ranges the way's ranges: a type of the way left out loses its range, which closes it to deposits
 * (getPayRange and recharge answer 该支付方式暂未开放). False (stale) when the ranges moved since the proposal; the
 * values are parsed with the contract's schema again (its caps).
 */
export async function applyPayRanges(
  tx: Tx,
  row: { target: string; after: string; fingerprint: string },
): Promise<boolean> {
  const code = PAY_WAY_CODES.find((c) => c === targetOf(row.target, PAY_WAY_PREFIX));
  if (!code) return false;
  const [way] = await tx.select({ code: payWays.code }).from(payWays).where(eq(payWays.code, code)).for('update');
  if (!way) return false;
  if (fingerprint(await storedRanges(tx, code)) !== row.fingerprint) return false;
  const ranges = parseCapped(PayRangesInput, rangesOf(JSON.parse(row.after) as Fields));
  checkOwnTypes(code, ranges);
  const types = ranges.map((r) => r.type);
  await tx.delete(payRanges).where(and(eq(payRanges.payWay, code), notInArray(payRanges.type, types)));
  for (const range of ranges) {
    const bounds = { minPrice: centsToNumeric(range.min_price), maxPrice: centsToNumeric(range.max_price) };
    await tx
      .insert(payRanges)
      .values({ type: range.type, payWay: code, ...bounds })
      .onConflictDoUpdate({ target: payRanges.type, set: bounds });
  }
  return true;
}
