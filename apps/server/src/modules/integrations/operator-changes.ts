import { BizCode, MSG } from '@h5/contract';
import type { Tx } from '../../db/client';
import type { AuthedOperator } from '../../http/admin-route';
import { AppError } from '../../http/errors';
import { hashSecret } from '../../lib/passwords';
import { audit } from '../backoffice/audit';
import { type Applied, type ChangeRow, fingerprint } from '../backoffice/pending-changes';
import {
  createVouchedOperator,
  endOperatorSessions,
  generatedPassword,
  lockOperator,
  type OperatorAccount,
  operatorNamed,
  type OperatorRole,
  setVouchedOperator,
} from '../backoffice/operator-accounts';

/**
 * Operator changes (docs/operators.md "Two people, judged by person"): an operator's creation, a new role, enabling again and a
 * two-factor reset are pending changes a second admin approves; applied here. The account then names who vouched
 * for it as it is (the change's maker and approver) and since when, which the two-person rule reads.
 */

const ROLES: readonly OperatorRole[] = ['admin', 'finance', 'content', 'support'];

/**
 * A digest of what the change was made over: the account's role, state and whether it has two factors (none for a
 * creation). An approval applies only over the account as the maker saw it; otherwise the change is stale.
 */
export const operatorPrint = (o: Pick<OperatorAccount, 'id' | 'role' | 'state' | 'totpSecret'> | undefined): string =>
  fingerprint(o ? [o.id, o.role, o.state, o.totpSecret !== null] : null);

function roleOf(value: string | undefined): OperatorRole {
  const role = ROLES.find((r) => r === value);
  if (!role) throw new Error(`operator change with an unknown role: ${value}`);
  return role;
}

/**
 * Applies an approved operator change in the approval's transaction, or answers false when the account is no longer
 * as the maker saw it (stale). The approver may not approve a change about their own account (403). A creation
 * generates the password, answered once to the approver; a new role or a two-factor reset ends the operator's
 * sessions, so what it held before ends with them.
 */
export async function applyOperatorChange(
  tx: Tx,
  row: ChangeRow,
  approver: AuthedOperator,
  at: { now: Date; requestId: string },
): Promise<Applied> {
  const after = JSON.parse(row.after) as Record<string, string>;
  const seen = await operatorNamed(tx, row.target);
  if (seen?.id === approver.id) throw new AppError(BizCode.FORBIDDEN, MSG.operatorChangeOwnAccount);
  const vouching = { vouchedBy: [row.makerId, approver.id], vouchedAt: at.now };
  const record = (action: string, target: string, before: unknown, next: Record<string, unknown>) =>
    audit(tx, {
      operatorId: approver.id,
      action,
      target: `operator:${target}`,
      before,
      after: { ...next, change: row.id, made_by: row.madeBy },
      requestId: at.requestId,
    });

  if (row.action === 'create') {
    if (seen || row.fingerprint !== operatorPrint(undefined)) return false;
    const role = roleOf(after.role);
    const password = generatedPassword();
    // A name taken since, in another case, by a creation approved at the same time: the unique index decides.
    const created = await createVouchedOperator(tx, {
      username: row.target,
      role,
      passwordHash: await hashSecret(password),
      ...vouching,
    });
    if (!created) return false;
    await record('operator.create', created.username, null, { id: created.id, username: created.username, role });
    return { shown: { password } };
  }

  if (!seen) return false;
  const nextRole = row.action === 'role' ? roleOf(after.role) : undefined;
  const target = await lockOperator(
    tx,
    seen.id,
    nextRole ? (o) => o?.role === 'admin' && nextRole !== 'admin' : undefined,
  );
  if (operatorPrint(target) !== row.fingerprint) return false;
  if (nextRole) {
    await setVouchedOperator(tx, target.id, { role: nextRole, ...vouching });
    await endOperatorSessions(tx, target.id);
    await record('operator.role', target.username, { role: target.role }, { role: nextRole });
  } else if (row.action === 'enable') {
    await setVouchedOperator(tx, target.id, { state: 1, ...vouching });
    await record('operator.state', target.username, { state: target.state }, { state: 1 });
  } else if (row.action === 'totp_reset') {
    await setVouchedOperator(tx, target.id, {
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      ...vouching,
    });
    await endOperatorSessions(tx, target.id);
    await record('operator.totp_reset', target.username, { totp_enabled: true }, { totp_enabled: false });
  } else {
    throw new Error(`operator change with an unknown action: ${row.action}`);
  }
  return {};
}
