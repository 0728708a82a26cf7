import type { DbOrTx } from '../../db/client';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { raiseTurnoverRequired, turnoverRequired } from '../accounts/member-records';
import { readSettings } from '../site/site-service';

/**
 * The turnover a deposit of `cents` adds to the outstanding requirement: amount x turnover_multiple, rounded up to
 * the cent. The multiple has two decimals, so the product is worked out in whole hundredths, never as a float.
 */
export function turnoverFor(cents: number, multiple: number | string): number {
  const hundredths = numericToCents(String(multiple));
  return Math.ceil((cents * hundredths) / 100);
}

/**
 * Runs inside a deposit approval (the afterDepositApproved hook): raises `members.turnover_required` by the
 * approved deposit's requirement. An operator's adjustment is not a deposit and never comes here.
 */
export async function addDepositTurnover(tx: DbOrTx, memberId: number, depositCents: number): Promise<void> {
  const { turnover_multiple } = await readSettings(tx, ['turnover_multiple']);
  const added = turnoverFor(depositCents, turnover_multiple);
  if (added <= 0) return;
  await raiseTurnoverRequired(tx, memberId, centsToNumeric(added));
}

/** The outstanding requirement in cents (what getBetAmount shows and a withdrawal needs at zero). */
export async function outstandingTurnover(db: DbOrTx, memberId: number): Promise<number> {
  return numericToCents((await turnoverRequired(db, memberId)) ?? '0');
}
