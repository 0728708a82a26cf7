import { randomBytes } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { type OperatorRole, operatorSessions, operators } from '../../db/tables/backoffice';

/**
 * What the operator accounts' writers share: the operator console's own calls and the operator changes a second
 * admin approves (docs/operators.md "Two people, judged by person").
 */

export type OperatorAccount = typeof operators.$inferSelect;
export type { OperatorRole };

/** A generated operator password (16 characters): answered once, stored only as a hash. */
export const generatedPassword = () => randomBytes(12).toString('base64url');

/** The operator of this name, whatever its case (names are unique that way). */
export async function operatorNamed(db: DbOrTx, username: string): Promise<OperatorAccount | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`);
  return row;
}

/** The enabled operators of these roles, by name: who a support conversation may be handed to. */
export async function activeOperatorsOf(db: DbOrTx, roles: readonly string[]) {
  return db
    .select({ username: operators.username, role: operators.role })
    .from(operators)
    .where(and(eq(operators.state, 1), inArray(operators.role, [...roles] as OperatorRole[])))
    .orderBy(asc(operators.username));
}

/** Who vouched for an account as it is and since when (docs/operators.md "Two people, judged by person"). */
export type Vouching = Pick<OperatorAccount, 'vouchedBy' | 'vouchedAt'>;

/**
 * Creates an operator account an approved change vouches for, or answers undefined when the name is taken (in any
 * case): the unique index decides between creations approved at the same time.
 */
export async function createVouchedOperator(
  tx: DbOrTx,
  values: { username: string; role: OperatorRole; passwordHash: string } & Vouching,
): Promise<OperatorAccount | undefined> {
  const [created] = await tx.insert(operators).values(values).onConflictDoNothing().returning();
  return created;
}

/** Changes an operator's role, state or two factors as an approved change says, naming who vouched for it now. */
export async function setVouchedOperator(
  tx: DbOrTx,
  id: number,
  change: Partial<Pick<OperatorAccount, 'role' | 'state' | 'totpSecret' | 'totpPendingSecret' | 'totpLastStep'>> &
    Vouching,
): Promise<void> {
  await tx.update(operators).set(change).where(eq(operators.id, id));
}

/** Ends every session of an operator: its tokens answer 401 from now on. */
export async function endOperatorSessions(db: DbOrTx, operatorId: number): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
}

/** Refuses (409) to leave the site without an enabled admin (demoting or disabling the last one). */
export async function keepAnAdmin(tx: DbOrTx, leaving: number): Promise<void> {
  // Locks every enabled admin row, so two admins demoting each other at once cannot both pass.
  const admins = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), eq(operators.state, 1)))
    .orderBy(asc(operators.id))
    .for('update');
  if (admins.filter((a) => a.id !== leaving).length === 0) throw new AppError(BizCode.CONFLICT, MSG.operatorLastAdmin);
}

/**
 * Locks the operator a change targets (404 when there is none). A change that could take an admin away
 * (`dropsAdmin`, judged on the operator as read before locking) first locks the admins (keepAnAdmin): the admins
 * before the target, in one order everywhere, so two admins acting on each other at once wait for one another
 * instead of deadlocking.
 */
export async function lockOperator(
  tx: DbOrTx,
  id: number,
  dropsAdmin?: (seen: OperatorAccount | undefined) => boolean,
): Promise<OperatorAccount> {
  if (dropsAdmin) {
    const [seen] = await tx.select().from(operators).where(eq(operators.id, id));
    if (dropsAdmin(seen)) await keepAnAdmin(tx, id);
  }
  const [target] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!target) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return target;
}
