import type { z } from 'zod';
import type { adminEndpoints } from '@h5/contract';
import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { beijingDayRange } from '../../http/date-filter';
import { pageWindow } from '../../lib/paging';
import { formatBeijing } from '../../lib/time';
import { auditLog, operators } from '../../db/tables/backoffice';

type AuditQuery = z.output<typeof adminEndpoints.audit.input>;

/** A LIKE pattern matching values that start with `text` (its own % and _ taken literally). */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The audit log, newest first, filtered by operator (an id, or a username in any case), exact action, target
 * prefix and a Beijing date range; before/after are answered as the JSON they were written as.
 */
export async function auditPage(db: DbOrTx, input: AuditQuery) {
  const window = pageWindow(input);
  const filters: SQL[] = beijingDayRange(auditLog.createdAt, input);
  if (input.operator) {
    filters.push(
      /^\d{1,9}$/.test(input.operator)
        ? eq(auditLog.operatorId, Number(input.operator))
        : sql`${auditLog.operatorId} IN (SELECT ${operators.id} FROM ${operators} WHERE lower(${operators.username}) = lower(${input.operator}))`,
    );
  }
  if (input.action) filters.push(eq(auditLog.action, input.action));
  if (input.target) filters.push(like(auditLog.target, startsWith(input.target)));
  const rows = db
    .select({ row: auditLog, operator: operators.username })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .orderBy(desc(auditLog.id))
    .$dynamic();
  return queryPage(db, auditLog, and(...filters), window, rows, ({ row: r, operator }) => ({
    id: r.id,
    operator_id: r.operatorId,
    operator,
    action: r.action,
    target: r.target,
    before: JSON.parse(r.before) as unknown,
    after: JSON.parse(r.after) as unknown,
    request_id: r.requestId,
    created_at: formatBeijing(r.createdAt),
  }));
}
