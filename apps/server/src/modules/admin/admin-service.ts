import { randomBytes } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/time';
import { admitLogin, type LoginLimiters } from '../accounts/login-limit';
import { hashSecret, verifySecret, DUMMY_HASH } from '../accounts/passwords';
import { hashToken, newToken } from '../accounts/tokens';
import { auditLog, type OperatorRole, operatorSessions, operators } from './admin-tables';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['admin', 'finance', 'content'];
/** Operator sessions end after 12 hours whatever happens: a back-office token is worth more than a member's. */
const OPERATOR_SESSION_MS = 12 * 3600 * 1000;

export interface AuthedOperator {
  id: number;
  username: string;
  role: OperatorRole;
  /** The hash of the token the request came with (logout ends it; a password change ends the others). */
  sessionHash: string;
}

export interface AdminDeps {
  db: Db;
  clock: Clock;
  /** Failed sign-ins per address and per operator name; wrong old passwords of a password change count too. */
  loginFailures: LoginLimiters;
}

/** Where a back-office request comes from, for the audit row. */
export interface RequestMeta {
  ip: string;
  requestId: string;
}

/** Back-office passwords are worth more than members': at least 8 characters. */
const OPERATOR_PASSWORD_MIN = 8;

/** Creates an operator with a generated password, which is returned once and never stored in clear. */
export async function createOperator(db: Db, username: string, role: OperatorRole): Promise<string> {
  if (!/^[A-Za-z0-9_]{3,32}$/.test(username)) throw new Error('operator names are 3-32 letters, digits or _');
  if (!OPERATOR_ROLES.includes(role)) throw new Error(`role must be one of ${OPERATOR_ROLES.join(', ')}`);
  const password = randomBytes(12).toString('base64url');
  const [existing] = await db.select().from(operators).where(sql`lower(${operators.username}) = lower(${username})`);
  if (existing) throw new Error(`operator ${username} already exists`);
  await db.insert(operators).values({ username, role, passwordHash: await hashSecret(password) });
  return password;
}

/**
 * Every sign-in that reaches the password check is audited, failed ones under the name tried (no operator when
 * none has it). Attempts turned away by the limit are not: they check nothing, and a flood of them would write
 * a row each.
 */
export async function operatorLogin(deps: AdminDeps, input: { username: string; password: string }, meta: RequestMeta) {
  if (!input.username || !input.password) throw new AppError(BizCode.BAD_INPUT, MSG.loginRequired);
  const succeeded = await admitLogin(deps.loginFailures, meta.ip, input.username);
  const [operator] = await deps.db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${input.username})`);
  const ok = await verifySecret(input.password, operator?.passwordHash ?? DUMMY_HASH);
  const entry = (action: string, reason?: string): AuditEntry => ({
    operatorId: operator?.id ?? null,
    action,
    target: `operator:${operator?.username ?? input.username}`,
    after: reason ? { ip: meta.ip, reason } : { ip: meta.ip },
    requestId: meta.requestId,
  });
  if (!operator || !ok) {
    await audit(deps.db, entry('operator.login_failed', operator ? 'wrong password' : 'unknown name'));
    throw new AppError(BizCode.WRONG_PASSWORD, MSG.loginFailed);
  }
  if (operator.state !== 1) {
    await audit(deps.db, entry('operator.login_failed', 'disabled'));
    throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  }
  await succeeded();
  const { token, hash } = newToken();
  await deps.db.transaction(async (tx) => {
    await tx.insert(operatorSessions).values({
      tokenHash: hash,
      operatorId: operator.id,
      expiresAt: new Date(deps.clock.now().getTime() + OPERATOR_SESSION_MS),
    });
    await audit(tx, entry('operator.login'));
  });
  return { token, role: operator.role, username: operator.username };
}

export async function operatorLogout(deps: AdminDeps, operator: AuthedOperator, requestId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(operatorSessions).where(eq(operatorSessions.tokenHash, operator.sessionHash));
    await audit(tx, { operatorId: operator.id, action: 'operator.logout', target: `operator:${operator.username}`, requestId });
  });
}

export async function listOperators(db: Db) {
  return db
    .select({ id: operators.id, username: operators.username, role: operators.role, state: operators.state, createdAt: operators.createdAt })
    .from(operators)
    .orderBy(asc(operators.id));
}

/** Enables (1) or disables (0) an operator; disabling ends every session of that operator at once. */
export async function setOperatorState(deps: AdminDeps, by: AuthedOperator, id: number, state: 0 | 1, requestId: string) {
  // An admin locking themselves out could leave the site with no admin at all.
  if (id === by.id && state === 0) throw new AppError(BizCode.FORBIDDEN, MSG.operatorSelfDisable);
  await deps.db.transaction(async (tx) => {
    const [target] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!target) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    await tx.update(operators).set({ state }).where(eq(operators.id, id));
    if (state === 0) await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, id));
    await audit(tx, {
      operatorId: by.id,
      action: 'operator.state',
      target: `operator:${target.username}`,
      before: { state: target.state },
      after: { state },
      requestId,
    });
  });
}

/**
 * Changes one's own password: a wrong old password is counted with the sign-in limits (205), and every other
 * session of the operator ends, so a stolen token dies with the old password.
 */
export async function changeOperatorPassword(
  deps: AdminDeps,
  operator: AuthedOperator,
  input: { old_password: string; new_password: string },
  meta: RequestMeta,
): Promise<void> {
  if (!input.old_password) throw new AppError(BizCode.BAD_INPUT, MSG.oldPasswordRequired);
  if (input.new_password.length < OPERATOR_PASSWORD_MIN) throw new AppError(BizCode.BAD_INPUT, MSG.operatorPasswordTooShort);
  const succeeded = await admitLogin(deps.loginFailures, meta.ip, operator.username);
  const [row] = await deps.db.select({ passwordHash: operators.passwordHash }).from(operators).where(eq(operators.id, operator.id));
  if (!row || !(await verifySecret(input.old_password, row.passwordHash))) {
    throw new AppError(BizCode.WRONG_OLD_PASSWORD, MSG.wrongOldPassword);
  }
  await succeeded();
  const passwordHash = await hashSecret(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, operator.id));
    await tx
      .delete(operatorSessions)
      .where(and(eq(operatorSessions.operatorId, operator.id), ne(operatorSessions.tokenHash, operator.sessionHash)));
    await audit(tx, {
      operatorId: operator.id,
      action: 'operator.password',
      target: `operator:${operator.username}`,
      after: { ip: meta.ip },
      requestId: meta.requestId,
    });
  });
}

export async function authenticateOperator(deps: AdminDeps, token: string | null): Promise<AuthedOperator> {
  if (!token) throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  const sessionHash = hashToken(token);
  const [row] = await deps.db
    .select({ id: operators.id, username: operators.username, role: operators.role, state: operators.state, expiresAt: operatorSessions.expiresAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, sessionHash));
  if (!row || row.expiresAt.getTime() <= deps.clock.now().getTime()) throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  if (row.state !== 1) throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  return { id: row.id, username: row.username, role: row.role, sessionHash };
}

export interface AuditEntry {
  /** Null for a failed sign-in under a name no operator has. */
  operatorId: number | null;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  requestId: string;
}

/** Writes the audit row inside the action's own transaction, so an action and its record stand or fall together. */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    operatorId: entry.operatorId,
    action: entry.action,
    target: entry.target,
    before: JSON.stringify(entry.before ?? null),
    after: JSON.stringify(entry.after ?? null),
    requestId: entry.requestId,
  });
}
