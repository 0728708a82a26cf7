import { BizCode, INTEGRATION_CHANGE_STATES, MSG } from '@h5/contract';
import { and, asc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError, badInput } from '../../http/errors';
import { type Clock, formatBeijing } from '../../lib/time';
import { admitLogin, type LoginLimiters } from '../../http/login-limit';
import { hashSecret, verifySecret, dummyHash } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { readSettings } from '../site/site-service';
import { audit, type AuditEntry } from '../backoffice/audit';
import {
  endOperatorSessions,
  generatedPassword,
  lockOperator,
  type OperatorAccount,
  operatorNamed,
} from '../backoffice/operator-accounts';
import { type IntegrationChangeView, propose } from '../integrations/integration-service';
import { integrationChanges } from '../../db/tables/backoffice';
import { operatorPrint } from '../integrations/operator-changes';
import { type OperatorRole, operatorSessions, operatorSignIns, operators } from '../../db/tables/backoffice';
import { addressKey } from '../../http/client-address';
import type { AuthedOperator } from '../../http/admin-route';
import type { ReadDb } from '../../db/replica';

export const OPERATOR_ROLES: readonly OperatorRole[] = ['admin', 'finance', 'content', 'support'];
/** Operator sessions end after 12 hours whatever happens: a back-office token is worth more than a member's. */
const OPERATOR_SESSION_MS = 12 * 3600 * 1000;

/** Pushing the idle expiry forward at most every 30 s: most console calls then read and do not write. */
const EXPIRY_BUMP_MS = 30_000;

export type { AuthedOperator };

export interface AdminDeps {
  db: Db;
  clock: Clock;
  /** A session unused this long ends (OPERATOR_IDLE_MINUTES); it never lives past 12 hours either way. */
  idleMs: number;
  /** Failed sign-ins per address and per operator name; wrong old passwords of a password change count too. */
  loginFailures: LoginLimiters;
  /** Where the long lists of the member pages are read (a streaming replica within its bound, else the primary). */
  readDb?: ReadDb;
  /** Sign-in addresses operators share (OPERATOR_SHARED_ADDRESSES): no evidence of one person. */
  sharedAddresses?: readonly string[];
}

/** Where a back-office request comes from, for the audit row. */
export interface RequestMeta {
  ip: string;
  requestId: string;
  /** The console's device id (header x-console-device), at sign-in. */
  device?: string | undefined;
}

/**
 * A sign-in's evidence for the two-person rule (docs/operators.md "Two people, judged by person"): the address as the limits
 * count it, unless it is one operators share, and a digest of the console's device id (never the id itself).
 */
function signInEvidence(deps: AdminDeps, meta: RequestMeta): { address: string; device: string } {
  const address = addressKey(meta.ip);
  const shared = (deps.sharedAddresses ?? []).some((a) => addressKey(a) === address);
  const device = (meta.device ?? '').trim().slice(0, 200);
  return { address: shared ? '' : address.slice(0, 64), device: device ? hashToken(`console-device:${device}`) : '' };
}

/** Back-office passwords are worth more than members': at least 8 characters. */
const OPERATOR_PASSWORD_MIN = 8;

/**
 * The operator CLI's creation, on the server's machine: how the first admins are made (docs/operators.md "Two people, judged
 * by person"). Directly, with nobody vouching (an empty list), audited as the CLI's; the generated password is
 * returned once and never stored in clear.
 */
export async function createOperator(db: Db, username: string, role: OperatorRole): Promise<string> {
  if (!/^[A-Za-z0-9_]{3,32}$/.test(username)) throw new Error('operator names are 3-32 letters, digits or _');
  if (!OPERATOR_ROLES.includes(role)) throw new Error(`role must be one of ${OPERATOR_ROLES.join(', ')}`);
  const password = generatedPassword();
  if (await operatorNamed(db, username)) throw new Error(`operator ${username} already exists`);
  const passwordHash = await hashSecret(password);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operators)
      .values({ username, role, passwordHash })
      .returning({ id: operators.id });
    await audit(tx, {
      operatorId: null,
      action: 'operator.create',
      target: `operator:${username}`,
      after: { id: created?.id, username, role, via: 'cli' },
      requestId: '',
    });
  });
  return password;
}

const TOTP_ISSUER = '星河体育后台';
const TOTP_PERIOD_S = 30;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/**
 * The time step a code belongs to, or null when it is wrong. One step either side is accepted for clock drift
 * (RFC 6238 section 5.2); the caller still refuses a step not newer than the last one used.
 */
function codeStep(secret: string, label: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, label).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Uses a code once: its step must be newer than the last accepted one. The guarded update settles two sign-ins
 * racing with the same code: one wins, the other is refused.
 */
async function useCode(db: DbOrTx, operatorId: number, step: number): Promise<boolean> {
  const used = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return used.length > 0;
}

/**
 * Every sign-in that reaches the password check is audited, failed ones under the name tried (no operator when
 * none has it). Attempts turned away by the limit are not: they check nothing, and a flood of them would write
 * a row each.
 */
export async function operatorLogin(
  deps: AdminDeps,
  input: { username: string; password: string; code?: string },
  meta: RequestMeta,
) {
  if (!input.username || !input.password) throw new AppError(BizCode.BAD_INPUT, MSG.loginRequired);
  const succeeded = await admitLogin(deps.loginFailures, meta.ip, input.username);
  const [operator] = await deps.db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${input.username})`);
  const ok = await verifySecret(input.password, operator?.passwordHash ?? (await dummyHash()));
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
    // Answered and counted as a wrong password: 账号已停用 would tell a guesser that the password was right.
    await audit(deps.db, entry('operator.login_failed', 'disabled'));
    throw new AppError(BizCode.WRONG_PASSWORD, MSG.loginFailed);
  }
  if (operator.totpSecret) {
    // A missing, wrong or reused code is answered as a wrong password is, and stays counted with the sign-in limits:
    // any other answer would tell that the password was right (docs/operators.md "Operators and the back-office API").
    const code = input.code ?? '';
    const step = code.trim() ? codeStep(operator.totpSecret, operator.username, code, deps.clock.now()) : null;
    if (step === null || !(await useCode(deps.db, operator.id, step))) {
      await audit(
        deps.db,
        entry('operator.login_failed', !code.trim() ? 'code missing' : step === null ? 'wrong code' : 'code reused'),
      );
      throw new AppError(BizCode.WRONG_PASSWORD, MSG.loginFailed);
    }
  }
  await succeeded();
  const { token, hash } = newToken();
  const now = deps.clock.now().getTime();
  await deps.db.transaction(async (tx) => {
    await tx.insert(operatorSessions).values({
      tokenHash: hash,
      operatorId: operator.id,
      expiresAt: new Date(now + Math.min(deps.idleMs, OPERATOR_SESSION_MS)),
      createdAt: new Date(now),
    });
    await tx
      .insert(operatorSignIns)
      .values({ operatorId: operator.id, ...signInEvidence(deps, meta), at: new Date(now) });
    await audit(tx, entry('operator.login'));
  });
  return { token, role: operator.role, username: operator.username };
}

export async function operatorLogout(deps: AdminDeps, operator: AuthedOperator, requestId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(operatorSessions).where(eq(operatorSessions.tokenHash, operator.sessionHash));
    await audit(tx, {
      operatorId: operator.id,
      action: 'operator.logout',
      target: `operator:${operator.username}`,
      requestId,
    });
  });
}

const operatorQuery = (db: DbOrTx) =>
  db
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      state: operators.state,
      totpEnabled: sql<boolean>`${operators.totpSecret} IS NOT NULL`,
      createdAt: operators.createdAt,
    })
    .from(operators);

export async function listOperators(db: Db) {
  return operatorQuery(db).orderBy(asc(operators.id));
}

/**
 * Records a pending change of an operator account for a second admin (docs/operators.md "Two people, judged by person"): one
 * per account at a time, whatever the name's case (409).
 */
async function proposeOperatorChange(
  tx: Tx,
  by: AuthedOperator,
  target: OperatorAccount | undefined,
  change: {
    username: string;
    action: 'create' | 'role' | 'enable' | 'totp_reset';
    before: Record<string, string> | null;
    after: Record<string, string>;
  },
  requestId: string,
): Promise<IntegrationChangeView> {
  const [pending] = await tx
    .select({ id: integrationChanges.id })
    .from(integrationChanges)
    .where(
      and(
        eq(integrationChanges.targetKind, 'operator'),
        eq(integrationChanges.state, INTEGRATION_CHANGE_STATES.pending),
        sql`lower(${integrationChanges.target}) = lower(${change.username})`,
      ),
    );
  if (pending) throw new AppError(BizCode.CONFLICT, MSG.operatorChangeExists);
  return propose(
    tx,
    by,
    {
      kind: 'operator',
      target: change.username,
      action: change.action,
      before: change.before,
      after: change.after,
      secret: '',
      print: operatorPrint(target),
    },
    requestId,
  );
}

/** Disables an operator at once: it only takes power away. Every session of that operator ends with it. */
export async function disableOperator(deps: AdminDeps, by: AuthedOperator, id: number, requestId: string) {
  // An admin locking themselves out could leave the site with no admin at all.
  if (id === by.id) throw new AppError(BizCode.FORBIDDEN, MSG.operatorSelfDisable);
  await deps.db.transaction(async (tx) => {
    const target = await lockOperator(tx, id, (seen) => seen?.role === 'admin');
    await tx.update(operators).set({ state: 0 }).where(eq(operators.id, id));
    await endOperatorSessions(tx, id);
    await audit(tx, {
      operatorId: by.id,
      action: 'operator.state',
      target: `operator:${target.username}`,
      before: { state: target.state },
      after: { state: 0 },
      requestId,
    });
  });
  return { state: 0 };
}

/** Enabling a disabled operator again gives power back: a pending change for a second admin. */
export async function proposeOperatorEnable(deps: AdminDeps, by: AuthedOperator, id: number, requestId: string) {
  return deps.db.transaction(async (tx) => {
    const target = await lockOperator(tx, id);
    if (target.state === 1) throw badInput(MSG.operatorNothingChanged);
    return proposeOperatorChange(
      tx,
      by,
      target,
      { username: target.username, action: 'enable', before: { state: String(target.state) }, after: { state: '1' } },
      requestId,
    );
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
  if (input.new_password.length < OPERATOR_PASSWORD_MIN)
    throw new AppError(BizCode.BAD_INPUT, MSG.operatorPasswordTooShort);
  const succeeded = await admitLogin(deps.loginFailures, meta.ip, operator.username);
  const [row] = await deps.db
    .select({ passwordHash: operators.passwordHash })
    .from(operators)
    .where(eq(operators.id, operator.id));
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

/**
 * Resolves a back-office token. A session ends after `idleMs` without use (each use pushes that forward) and 12
 * hours after sign-in whatever happens; an expired one is deleted and answers 401.
 */
export async function authenticateOperator(deps: AdminDeps, token: string | null): Promise<AuthedOperator> {
  if (!token) throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  const sessionHash = hashToken(token);
  const [row] = await deps.db
    .select({
      id: operators.id,
      username: operators.username,
      role: operators.role,
      state: operators.state,
      totpSecret: operators.totpSecret,
      expiresAt: operatorSessions.expiresAt,
      createdAt: operatorSessions.createdAt,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, sessionHash));
  const now = deps.clock.now().getTime();
  if (!row) throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  if (row.expiresAt.getTime() <= now) {
    await deps.db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, sessionHash));
    throw new AppError(BizCode.UNAUTHORIZED, MSG.notLoggedIn);
  }
  if (row.state !== 1) throw new AppError(BizCode.FORBIDDEN, MSG.accountDisabled);
  const renewed = Math.min(now + deps.idleMs, row.createdAt.getTime() + OPERATOR_SESSION_MS);
  if (renewed - row.expiresAt.getTime() > EXPIRY_BUMP_MS) {
    await deps.db
      .update(operatorSessions)
      .set({ expiresAt: new Date(renewed) })
      .where(eq(operatorSessions.tokenHash, sessionHash));
  }
  const totpEnabled = row.totpSecret !== null;
  const mustEnroll =
    !totpEnabled && (await readSettings(deps.db, ['operator_totp_required'])).operator_totp_required === 1;
  return { id: row.id, username: row.username, role: row.role, sessionHash, totpEnabled, mustEnroll };
}

/** An operator as the console lists it. */
export function operatorView(o: {
  id: number;
  username: string;
  role: OperatorRole;
  state: number;
  totpEnabled: boolean;
  createdAt: Date;
}) {
  return {
    id: o.id,
    username: o.username,
    role: o.role,
    state: o.state,
    totp_enabled: o.totpEnabled,
    created_at: formatBeijing(o.createdAt),
  };
}

/**
 * POST /admin/api/operators: a new operator is a pending change; its password is generated when a second admin
 * approves it, and answered once to that admin. A name taken in any case is refused (409).
 */
export async function proposeOperatorCreation(
  deps: AdminDeps,
  by: AuthedOperator,
  input: { username: string; role: OperatorRole },
  requestId: string,
) {
  return deps.db.transaction(async (tx) => {
    if (await operatorNamed(tx, input.username)) throw new AppError(BizCode.CONFLICT, MSG.operatorNameTaken);
    return proposeOperatorChange(
      tx,
      by,
      undefined,
      {
        username: input.username,
        action: 'create',
        before: null,
        after: { username: input.username, role: input.role },
      },
      requestId,
    );
  });
}

/**
 * PUT /admin/api/operators/{id}: a new role, as a pending change; never one's own, never leaving the site without an
 * enabled admin (checked again when applied).
 */
export async function proposeOperatorRole(
  deps: AdminDeps,
  by: AuthedOperator,
  id: number,
  role: OperatorRole,
  requestId: string,
) {
  if (id === by.id) throw new AppError(BizCode.FORBIDDEN, MSG.operatorSelfRole);
  return deps.db.transaction(async (tx) => {
    const target = await lockOperator(tx, id, (seen) => seen?.role === 'admin' && role !== 'admin');
    if (target.role === role) throw badInput(MSG.operatorNothingChanged);
    return proposeOperatorChange(
      tx,
      by,
      target,
      { username: target.username, action: 'role', before: { role: target.role }, after: { role } },
      requestId,
    );
  });
}

/** Starts enrolment: a new pending secret (replacing an unconfirmed one) and its otpauth URI for the QR code. */
export async function startTotp(deps: AdminDeps, operator: AuthedOperator, requestId: string) {
  if (operator.totpEnabled) throw new AppError(BizCode.CONFLICT, MSG.otpAlreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.transaction(async (tx) => {
    await tx.update(operators).set({ totpPendingSecret: secret }).where(eq(operators.id, operator.id));
    await audit(tx, {
      operatorId: operator.id,
      action: 'operator.totp_setup',
      target: `operator:${operator.username}`,
      requestId,
    });
  });
  return { uri: totpOf(secret, operator.username).toString(), secret };
}

/** Finishes enrolment: a right code from the pending secret makes it the operator's secret. */
export async function confirmTotp(deps: AdminDeps, operator: AuthedOperator, code: string, meta: RequestMeta) {
  if (operator.totpEnabled) throw new AppError(BizCode.CONFLICT, MSG.otpAlreadyEnabled);
  if (!code.trim()) throw new AppError(BizCode.OTP_REQUIRED, MSG.otpRequired);
  const [row] = await deps.db
    .select({ pending: operators.totpPendingSecret })
    .from(operators)
    .where(eq(operators.id, operator.id));
  if (!row?.pending) throw new AppError(BizCode.CONFLICT, MSG.otpNotPending);
  // Wrong codes count with the sign-in limits: this is a guess at a code like any other.
  const succeeded = await admitLogin(deps.loginFailures, meta.ip, operator.username);
  const step = codeStep(row.pending, operator.username, code, deps.clock.now());
  if (step === null) throw new AppError(BizCode.OTP_WRONG, MSG.otpWrong);
  await succeeded();
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(operators)
      .set({ totpSecret: row.pending, totpPendingSecret: null, totpLastStep: step })
      .where(
        and(
          eq(operators.id, operator.id),
          eq(operators.totpPendingSecret, row.pending ?? ''),
          isNull(operators.totpSecret),
        ),
      )
      .returning({ id: operators.id });
    if (!done) throw new AppError(BizCode.CONFLICT, MSG.alreadyProcessed);
    await audit(tx, {
      operatorId: operator.id,
      action: 'operator.totp_enable',
      target: `operator:${operator.username}`,
      before: { totp_enabled: false },
      after: { totp_enabled: true, ip: meta.ip },
      requestId: meta.requestId,
    });
  });
}

/**
 * An operator's two factors cleared (a lost phone), as a pending change; once applied, that operator signs in with the
 * password and enrols again.
 */
export async function proposeTotpReset(deps: AdminDeps, by: AuthedOperator, id: number, requestId: string) {
  return deps.db.transaction(async (tx) => {
    const target = await lockOperator(tx, id);
    if (target.totpSecret === null) throw badInput(MSG.operatorNothingChanged);
    return proposeOperatorChange(
      tx,
      by,
      target,
      {
        username: target.username,
        action: 'totp_reset',
        before: { totp_enabled: 'true' },
        after: { totp_enabled: 'false' },
      },
      requestId,
    );
  });
}
