/**
 * Integration changes (docs/operators.md "Operators and the back-office API"): what lets a venue or a gateway move money, made by one admin and applied
 * when another approves it. Secrets are shown as ******** (set) or '' (none), never as they are.
 */
import { z, type ZodType } from 'zod';
import { paginator, Timestamp } from '../common';
import { MSG } from '../messages';
import { ADMIN, def, NoteInput, queueFilters, reasonInput, resource } from './atoms';
import { type AdminEndpointDef, type OperatorRoleName } from './define';

export const INTEGRATION_CHANGE_STATES = { pending: 1, applied: 2, rejected: 3, withdrawn: 4, stale: 5 } as const;
export const IntegrationChange = z.object({
  id: z.number().int(),
  /** venue, gateway: an integration; operator: an operator account; setting: a setting that moves money. */
  target_kind: z.enum(['venue', 'gateway', 'operator', 'setting']),
  /** The venue's or gateway's code, the operator's name, or the setting's name (docs/operators.md "Two people, judged by person"). */
  target: z.string(),
  /**
   * create: a new gateway or operator; update: a venue's or gateway's integration fields; role, enable, totp_reset:
   * an operator's role, its enabling again, its two factors cleared; set: a setting's new values.
   */
  action: z.enum(['create', 'update', 'role', 'enable', 'totp_reset', 'set']),
  /** The integration fields before (null for a creation) and as proposed. */
  before: z.record(z.string(), z.string()).nullable(),
  after: z.record(z.string(), z.string()),
  /** 1 pending, 2 applied, 3 rejected, 4 withdrawn by its maker, 5 refused as stale. */
  state: z.number().int(),
  maker_id: z.number().int(),
  made_by: z.string(),
  checked_by: z.string(),
  /** The reason of a rejection or withdrawal, or the approver's note. */
  note: z.string(),
  decided_at: Timestamp.nullable(),
  created_at: Timestamp,
  /** Only in the approval's answer of an operator's creation: the new operator's generated password, shown once. */
  password: z.string().optional(),
});
export type IntegrationChange = z.infer<typeof IntegrationChange>;
/**
 * A list/create/update/delete resource whose items move money (docs/operators.md "Who may move money"): POST proposes the new
 * item (answered as the pending change, created when a second admin approves); PUT writes names and switches at
 * once and proposes the money fields, answering the item with `pending_change`.
 */
export function proposedResource<
  const P extends string,
  const R extends readonly OperatorRoleName[],
  I extends ZodType,
  D extends ZodType,
>(path: P, roles: R, input: I, item: D, what: string, name: string) {
  const plain = resource(path, roles, input, item, what, name);
  return {
    ...plain,
    create: def(
      'POST',
      path,
      roles,
      input,
      IntegrationChange,
      `Propose one of ${what}: created when a second admin approves`,
    ),
    update: def(
      'PUT',
      `${path}/:id`,
      roles,
      input,
      item,
      `Replace one of ${what}: names and switches at once, money fields when a second admin approves`,
    ),
  };
}

export const IntegrationChangeQueryInput = z.object(queueFilters(5));
export const RejectReasonInput = reasonInput(MSG.integrationRejectReasonRequired, 200);

/** Integration changes: what lets a venue or a gateway move money takes two admins. */
export const adminIntegrationCalls = {
  integrationChanges: def(
    'GET',
    '/admin/api/integration-changes',
    ADMIN,
    IntegrationChangeQueryInput,
    paginator(IntegrationChange),
    'Integration changes, pending first',
  ),
  integrationChangeApprove: def(
    'POST',
    '/admin/api/integration-changes/:id/approve',
    ADMIN,
    NoteInput,
    IntegrationChange,
    'Apply a pending change (another admin than its maker; refused as stale when the target changed since)',
  ),
  integrationChangeReject: def(
    'POST',
    '/admin/api/integration-changes/:id/reject',
    ADMIN,
    RejectReasonInput,
    IntegrationChange,
    'Reject a pending change with a reason (its maker withdraws it)',
  ),
} as const satisfies Record<string, AdminEndpointDef>;
