import { BizCode, MSG } from '@h5/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../http/errors';

/**
 * Two people, judged by person (docs/operators.md "Two people, judged by person"): the one rule behind every two-person line
 * (integration, operator and setting changes, large adjustments, withdrawals and manual deposits). An approver is
 * a second person for an item when they
 * - are not its maker;
 * - held their account as it is before the item was made (not created, given a role, enabled again or reset after);
 * - did not vouch for the maker's account, nor the maker for theirs (the maker or approver of the change behind it);
 * - did not sign in from an address or a device the maker signed in from while the item could have been made and
 *   since (from a session's longest life before the item to now).
 */

/** The item as the rule sees it: who made it (or gave its first approval), and when. */
export interface TwoPersonItem {
  makerId: number;
  madeAt: Date;
}

export type NotSecondPerson = 'same' | 'newer' | 'vouched' | 'shared-sign-in';

/** An operator session's longest life: a sign-in older than this before the item cannot have made it. */
const SESSION_LIFE_MS = 12 * 3600 * 1000;

interface Vouching {
  id: number;
  vouched_by: number[] | string | null;
  vouched_at: Date | string | null;
}

/** PGlite and node-postgres answer an integer[] as an array; a text form '{1,2}' is read too. */
const idsOf = (value: Vouching['vouched_by']): number[] =>
  Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'string'
      ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : [];

/** Why `approverId` is not a second person for the item, or null when they are. */
export async function whyNotSecondPerson(
  db: DbOrTx,
  item: TwoPersonItem,
  approverId: number,
): Promise<NotSecondPerson | null> {
  if (approverId === item.makerId) return 'same';
  const accounts = rowsOf<Vouching>(
    await db.execute(
      sql`SELECT id, vouched_by, vouched_at FROM operators WHERE id IN (${approverId}, ${item.makerId})`,
    ),
  );
  const approver = accounts.find((a) => a.id === approverId);
  const maker = accounts.find((a) => a.id === item.makerId);
  if (!approver) return 'same';
  if (approver.vouched_at !== null && new Date(approver.vouched_at).getTime() >= item.madeAt.getTime()) return 'newer';
  if (idsOf(approver.vouched_by).includes(item.makerId) || idsOf(maker?.vouched_by ?? null).includes(approverId))
    return 'vouched';
  const since = new Date(item.madeAt.getTime() - SESSION_LIFE_MS);
  const shared = rowsOf<{ one: number }>(
    await db.execute(sql`
      SELECT 1 AS one
        FROM operator_sign_ins m
        JOIN operator_sign_ins a
          ON (m.address <> '' AND a.address = m.address) OR (m.device <> '' AND a.device = m.device)
       WHERE m.operator_id = ${item.makerId} AND a.operator_id = ${approverId}
         AND m.at >= ${since.toISOString()}::timestamptz AND a.at >= ${since.toISOString()}::timestamptz
       LIMIT 1`),
  );
  return shared.length ? 'shared-sign-in' : null;
}

/**
 * Refuses (403) an approver who is not a second person for the item: `sameMessage` for the maker themselves (each
 * queue words it its own way), the rule's own message otherwise.
 */
export async function refuseUnlessSecondPerson(
  db: DbOrTx,
  item: TwoPersonItem,
  approverId: number,
  sameMessage: string,
): Promise<void> {
  const why = await whyNotSecondPerson(db, item, approverId);
  if (!why) return;
  const message = {
    same: sameMessage,
    newer: MSG.secondPersonNewer,
    vouched: MSG.secondPersonVouched,
    'shared-sign-in': MSG.secondPersonSharedSignIn,
  }[why];
  throw new AppError(BizCode.FORBIDDEN, message);
}
