import { randomBytes } from 'node:crypto';
import { BizCode, MSG } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import type { Clock } from '../../lib/time';
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
}

export interface AdminDeps {
  db: Db;
  clock: Clock;
  loginFailures: AttemptLimiter;
}

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

export async function operatorLogin(deps: AdminDeps, input: { username: string; password: string }, ip: string) {
  const key = `admin:${ip}`;
  if (await deps.loginFailures.isBlocked(key)) throw new AppError(BizCode.TOO_MANY, MSG.tooManyAttempts);
  if (!input.username || !input.password) throw new AppError(BizCode.BAD_INPUT, MSG.loginRequired);
  const [operator] = await deps.db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${input.username})`);
  const ok = await verifySecret(input.password, operator?.passwordHash ?? DUMMY_HASH);
  if (!operator || !ok) {
    await deps.loginFailures.hit(key);
    throw new AppError(BizCode.WRONG_PASSWORD, MSG.loginFailed);
  }
  if (operator.state !== 1) throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  const { token, hash } = newToken();
  await deps.db.insert(operatorSessions).values({
    tokenHash: hash,
    operatorId: operator.id,
    expiresAt: new Date(deps.clock.now().getTime() + OPERATOR_SESSION_MS),
  });
  return { token, role: operator.role, username: operator.username };
}

export async function authenticateOperator(deps: AdminDeps, token: string | null): Promise<AuthedOperator> {
  if (!token) throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  const [row] = await deps.db
    .select({ id: operators.id, username: operators.username, role: operators.role, state: operators.state, expiresAt: operatorSessions.expiresAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)));
  if (!row || row.expiresAt.getTime() <= deps.clock.now().getTime()) throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  if (row.state !== 1) throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  return { id: row.id, username: row.username, role: row.role };
}

export interface AuditEntry {
  operatorId: number;
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
