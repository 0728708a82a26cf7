import { adminEndpoints, BizCode, centsToMoney, MSG } from '@h5/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { adminPublicRoute, adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { memberSessions, members } from '../../db/tables/accounts';
import { bearerToken } from '../../lib/tokens';
import { checkLedger } from '../ledger/ledger-service';
import { checkSeal, sealDigests, type SealKeys } from '../ledger/ledger-seal';
import { accountOnWire, checkMemberLedger } from '../ledger/ledger-member-check';
import { formatBeijing } from '../../lib/time';
import { transAll, type WalletDeps } from '../wallet/wallet-service';
import { audit } from '../backoffice/audit';
import * as admin from './admin-service';
import type { AdminDeps } from './admin-service';
import { auditPage } from './admin-audit';
import { adminAdjustmentRoutes } from './admin-adjustments';
import { adminDashboardRoutes } from './admin-dashboard';
import { adminMembersRoutes } from './admin-members';

/** The console's device id header, at sign-in (one value; a repeated header counts as none). */
const deviceOf = (header: string | string[] | undefined): string | undefined =>
  typeof header === 'string' ? header : undefined;

async function memberExists(db: Db, id: number) {
  const [member] = await db.select().from(members).where(eq(members.id, id));
  if (!member) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
  return member;
}

/**
 * The back-office API (docs/architecture.md "Operators"): sign-in with two factors, operators, members, balance adjustments,
 * recycling, audit, ledger check; the member pages and the dashboard live beside it (admin-members, admin-dashboard).
 */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps & { wallet: WalletDeps; seal?: SealKeys }) {
  const { db } = deps;
  const authenticate: AuthenticateOperator = (req) =>
    admin.authenticateOperator(deps, bearerToken(req.headers.authorization));

  adminPublicRoute(app, adminEndpoints.login, async ({ input, req }) => ({
    data: await admin.operatorLogin(deps, input, {
      ip: req.ip,
      requestId: req.id,
      device: deviceOf(req.headers['x-console-device']),
    }),
    message: MSG.loginOk,
  }));

  adminRoute(app, authenticate, adminEndpoints.logout, async ({ operator, req }) => {
    await admin.operatorLogout(deps, operator, req.id);
    return { data: null, message: MSG.logoffOk };
  });

  const me = (operator: admin.AuthedOperator) => ({
    id: operator.id,
    username: operator.username,
    role: operator.role,
    totp_enabled: operator.totpEnabled,
    must_enroll: operator.mustEnroll,
    idle_minutes: Math.round(deps.idleMs / 60_000),
  });

  adminRoute(app, authenticate, adminEndpoints.me, async ({ operator }) => ({ data: me(operator) }));

  adminRoute(app, authenticate, adminEndpoints.password, async ({ input, operator, req }) => {
    await admin.changeOperatorPassword(deps, operator, input, { ip: req.ip, requestId: req.id });
    return { data: null, message: MSG.passwordChanged };
  });

  adminRoute(app, authenticate, adminEndpoints.totpSetup, async ({ operator, req }) => ({
    data: await admin.startTotp(deps, operator, req.id),
  }));

  adminRoute(app, authenticate, adminEndpoints.totpConfirm, async ({ input, operator, req }) => {
    await admin.confirmTotp(deps, operator, input.code, { ip: req.ip, requestId: req.id });
    return { data: me({ ...operator, totpEnabled: true, mustEnroll: false }), message: MSG.otpEnabled };
  });

  adminRoute(app, authenticate, adminEndpoints.operators, async () => ({
    data: (await admin.listOperators(db)).map(admin.operatorView),
  }));

  // What gives an account power waits for a second admin (docs/operators.md "Two people, judged by person"); disabling does not.
  adminRoute(app, authenticate, adminEndpoints.operatorCreate, async ({ input, operator, req }) => ({
    data: await admin.proposeOperatorCreation(deps, operator, input, req.id),
    message: MSG.integrationChangePending,
  }));

  adminRoute(app, authenticate, adminEndpoints.operatorUpdate, async ({ input, params, operator, req }) => ({
    data: await admin.proposeOperatorRole(deps, operator, idParam(params), input.role, req.id),
    message: MSG.integrationChangePending,
  }));

  adminRoute(app, authenticate, adminEndpoints.operatorState, async ({ input, params, operator, req }) =>
    input.state === 0
      ? { data: await admin.disableOperator(deps, operator, idParam(params), req.id), message: MSG.ok }
      : {
          data: await admin.proposeOperatorEnable(deps, operator, idParam(params), req.id),
          message: MSG.integrationChangePending,
        },
  );

  adminRoute(app, authenticate, adminEndpoints.operatorTotpReset, async ({ params, operator, req }) => ({
    data: await admin.proposeTotpReset(deps, operator, idParam(params), req.id),
    message: MSG.integrationChangePending,
  }));

  adminMembersRoutes(app, db, authenticate, deps.wallet, deps.readDb);
  adminDashboardRoutes(app, db, authenticate);

  adminAdjustmentRoutes(app, deps, authenticate);

  adminRoute(app, authenticate, adminEndpoints.memberRecycle, async ({ params, operator, req }) => {
    const memberId = idParam(params);
    await memberExists(db, memberId);
    // The venues are asked over HTTP first, outside any transaction; the audit records what came back.
    const done = await transAll(deps.wallet, memberId, 'admin-recycle');
    const result = { recycled: centsToMoney(done.recycled), balance: done.balance };
    await db.transaction((tx) =>
      audit(tx, {
        operatorId: operator.id,
        action: 'member.recycle',
        target: `member:${memberId}`,
        after: result,
        requestId: req.id,
      }),
    );
    return { data: result, message: Number(result.recycled) > 0 ? MSG.recycleOk : MSG.nothingToRecycle };
  });

  adminRoute(app, authenticate, adminEndpoints.memberState, async ({ input, params, operator, req }) => {
    const memberId = idParam(params);
    const member = await memberExists(db, memberId);
    await db.transaction(async (tx) => {
      await tx.update(members).set({ state: input.state }).where(eq(members.id, memberId));
      // A disabled member's sessions end at once, and with them (by cascade) every game ticket they launched.
      if (input.state === 0) await tx.delete(memberSessions).where(eq(memberSessions.memberId, memberId));
      await audit(tx, {
        operatorId: operator.id,
        action: 'member.state',
        target: `member:${memberId}`,
        before: { state: member.state },
        after: { state: input.state },
        requestId: req.id,
      });
    });
    return { data: { state: input.state }, message: MSG.ok };
  });

  adminRoute(app, authenticate, adminEndpoints.audit, async ({ input }) => ({ data: await auditPage(db, input) }));

  adminRoute(app, authenticate, adminEndpoints.ledgerCheck, async () => {
    // The balances and the seal read apart from each other: side by side, on connections of their own.
    const [check, seal] = await Promise.all([
      checkLedger(db),
      checkSeal(db, deps.seal ?? { current: undefined, retired: [] }),
    ]);
    const last = seal.lastSealed;
    return { data: { ...check, seal: { ...seal, lastSealed: last ? { ...last, at: formatBeijing(last.at) } : null } } };
  });

  adminRoute(app, authenticate, adminEndpoints.ledgerMemberCheck, async ({ input }) => {
    const [member] = await db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(sql`lower(${members.username}) = lower(${input.username})`);
    if (!member) throw new AppError(BizCode.NOT_FOUND, MSG.ledgerMemberUnknown);
    const check = await checkMemberLedger(db, deps.seal ?? { current: undefined, retired: [] }, member.id);
    const first = check.first;
    return {
      data: {
        member,
        ok: check.state === 'sealed' && check.problems === 0,
        state: check.state,
        movements: check.movements,
        verified: check.verified,
        legacy: check.legacy,
        unchained: check.unchained,
        problems: check.problems,
        first: first ? { ...first, at: formatBeijing(first.at) } : null,
        accounts: check.accounts.map(accountOnWire),
      },
    };
  });

  adminRoute(app, authenticate, adminEndpoints.ledgerDigests, async () => ({
    data: (await sealDigests(db)).map((d) => ({ ...d, recordedAt: formatBeijing(d.recordedAt) })),
  }));

  return { authenticate };
}
