import { adminEndpoints, type OperatorRoleName } from '@h5/contract';
import { count, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { adminRoute, type AuthenticateOperator } from '../../http/admin-route';
import { agentApplications } from '../../db/tables/member';
import { deposits, withdrawals } from '../../db/tables/payments';
import { promotionApplications } from '../../db/tables/promotions';
import { integrationChanges } from '../../db/tables/backoffice';
import { adjustmentReviews } from '../../db/tables/admin';
import { formatBeijing } from '../../lib/time';
import { ledgerWatch } from '../ops/ledger-watch';

/** Pending (state 1) items of a queue and the newest one's id: one indexed read each, polled every 15 s. */
async function pendingOf(db: Db, table: PgTable & { id: PgColumn; state: PgColumn }) {
  const [row] = await db
    .select({ pending: count(), newest: max(table.id) })
    .from(table as PgTable)
    .where(eq(table.state, 1));
  return { pending: row?.pending ?? 0, newest_id: (row?.newest as number | null | undefined) ?? null };
}

/** Each queue is shown to the roles that may review it (the same roles as its approve call). */
const sees = (role: OperatorRoleName, roles: readonly OperatorRoleName[]) => roles.includes(role);

/** GET /admin/api/dashboard/pending: the console's 仪表盘 counts, so it can sound when a newest id goes up. */
export function adminDashboardRoutes(app: FastifyInstance, db: Db, authenticate: AuthenticateOperator) {
  adminRoute(app, authenticate, adminEndpoints.dashboardPending, async ({ operator }) => {
    const { role } = operator;
    const [dep, wd, act, agent, adj, changes, ledger] = await Promise.all([
      sees(role, adminEndpoints.depositApprove.roles) ? pendingOf(db, deposits) : null,
      sees(role, adminEndpoints.withdrawalApprove.roles) ? pendingOf(db, withdrawals) : null,
      sees(role, adminEndpoints.activityApplicationApprove.roles) ? pendingOf(db, promotionApplications) : null,
      sees(role, adminEndpoints.agentApplicationApprove.roles) ? pendingOf(db, agentApplications) : null,
      sees(role, adminEndpoints.adjustmentApprove.roles) ? pendingOf(db, adjustmentReviews) : null,
      sees(role, adminEndpoints.integrationChangeApprove.roles) ? pendingOf(db, integrationChanges) : null,
      // An unbalanced ledger must reach finance without anyone opening 账务核对.
      sees(role, adminEndpoints.ledgerCheck.roles) ? ledgerWatch(db) : null,
    ]);
    return {
      data: {
        deposits: dep,
        withdrawals: wd,
        activity_applications: act,
        agent_applications: agent,
        adjustments: adj,
        integration_changes: changes,
        ledger: ledger && {
          balanced: ledger.balanced,
          mismatched: ledger.mismatched,
          checked_at: ledger.checkedAt && formatBeijing(ledger.checkedAt),
        },
      },
    };
  });
}
