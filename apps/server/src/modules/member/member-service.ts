import {
  BizCode,
  MSG,
  validateAgentApplication,
  validatePasswordChange,
  validateProfile,
  type InboxMessage,
  type Paginator,
} from '@h5/contract';
import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryPage } from '../../db/query-page';
import { AppError, badInput, unauthorized } from '../../http/errors';
import type { AttemptLimiter } from '../../http/rate-limit';
import { cleanHtml } from '../../lib/clean-html';
import { type PageWindow } from '../../lib/paging';
import { type Clock, formatBeijing } from '../../lib/time';
import { hashSecret, verifySecret } from '../../lib/passwords';
import { invitedCount, makePartner } from '../accounts/member-downlines';
import {
  endMemberSessions,
  lockMemberAvatar,
  memberRow,
  setLoginPasswordHash,
  setMemberAvatar,
  setMemberContact,
  setPayPasswordHash,
} from '../accounts/member-profile';
import { memberExists } from '../accounts/member-records';
import { audit } from '../backoffice/audit';
import { decidePending } from '../backoffice/pending-review';
import { countMoneyAttempt } from '../payments/payments-common';
import { storeAvatar, type UploadedFile } from './avatar-upload';
import { removeFile } from '../files/files-service';
import { agentApplications, memberMessages } from '../../db/tables/member';

export interface MemberDeps {
  db: Db;
  clock: Clock;
  /** The per-member limiter of withdrawals and card binds: wrong old passwords count against it too. */
  moneyAttempts: AttemptLimiter;
}

/** The operator behind a back-office action, for the audit row. */
export interface Reviewer {
  operatorId: number;
  name: string;
  requestId: string;
}

export const MESSAGE_KIND = { announcement: 1, inbox: 2 } as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

async function findMember(db: Db, memberId: number) {
  const member = await memberRow(db, memberId);
  if (!member) throw unauthorized();
  return member;
}

/** docs/member-app.md "Profile rules": the same rule function as the form. */
export async function updateProfile(
  deps: Pick<MemberDeps, 'db'>,
  memberId: number,
  input: { email: string; mobile: string; birthday: string },
): Promise<void> {
  const message = validateProfile(input);
  if (message) throw badInput(message);
  await setMemberContact(deps.db, memberId, {
    email: input.email.trim(),
    mobile: input.mobile.trim(),
    birthday: input.birthday.trim(),
  });
}

/** `password` is the old secret, `paypassword` the new one (docs/wire-rules.md "Accounts"). */
type PasswordChange = { password: string; paypassword: string };
type PasswordDeps = Pick<MemberDeps, 'db' | 'moneyAttempts'>;

/**
 * The member whose password changes, once the change passes docs/member-app.md "Validation rules" in order; 401 for
 * a member no longer there.
 */
async function memberChangingPassword(db: Db, memberId: number, input: PasswordChange) {
  // The client checks the confirmation; the server has only the new secret, so it stands in for it.
  const message = validatePasswordChange({
    oldPassword: input.password,
    newPassword: input.paypassword,
    confirmPassword: input.paypassword,
  });
  if (message) throw badInput(message);
  return findMember(db, memberId);
}

/**
 * The old password a change names: 205 with `wrong` when it does not match `hash`. Counted before the check on the
 * same limiter as withdrawals and card binds (which check the pay password too), so guesses add up across them and a
 * stolen session cannot guess in parallel; a right one is forgiven.
 */
async function checkOldPassword(
  deps: Pick<MemberDeps, 'moneyAttempts'>,
  memberId: number,
  password: string,
  hash: string,
  wrong: string,
): Promise<void> {
  const succeeded = await countMoneyAttempt(deps, memberId);
  if (!(await verifySecret(password, hash))) throw new AppError(BizCode.WRONG_OLD_PASSWORD, wrong);
  await succeeded();
}

/**
 * Login password change: 205 when the old one is wrong. Every session of the member ends in the same
 * transaction (docs/member-app.md "States and transitions": the client clears its session and logs in again), so a stolen token dies with it.
 */
export async function changeLoginPassword(deps: PasswordDeps, memberId: number, input: PasswordChange) {
  const member = await memberChangingPassword(deps.db, memberId, input);
  await checkOldPassword(deps, memberId, input.password, member.passwordHash, MSG.wrongOldPassword);
  const passwordHash = await hashSecret(input.paypassword);
  await deps.db.transaction(async (tx) => {
    await setLoginPasswordHash(tx, memberId, passwordHash);
    await endMemberSessions(tx, memberId);
  });
}

/** Pay (withdrawal) password change: 205 when the old pay password is wrong, 251 when none was ever set. */
export async function changePayPassword(deps: PasswordDeps, memberId: number, input: PasswordChange) {
  const member = await memberChangingPassword(deps.db, memberId, input);
  if (!member.payPasswordHash) throw new AppError(BizCode.PAY_PASSWORD_UNSET, MSG.payPasswordUnset);
  await checkOldPassword(deps, memberId, input.password, member.payPasswordHash, MSG.wrongPayPassword);
  await setPayPasswordHash(deps.db, memberId, await hashSecret(input.paypassword));
}

/**
 * Keeps an uploaded avatar and makes it the member's, removing the one it replaces, in one transaction: the member
 * never points at a file that is not there.
 */
export async function replaceAvatar(deps: MemberDeps, memberId: number, file: UploadedFile | null): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const stored = await storeAvatar(tx, file);
    const before = await lockMemberAvatar(tx, memberId);
    await setMemberAvatar(tx, memberId, stored);
    if (before && before !== stored) await removeFile(tx, before, 'avatar');
    return stored;
  });
}

const messageView = (m: typeof memberMessages.$inferSelect): InboxMessage => ({
  id: m.id,
  title: m.title,
  content: m.content,
  created_at: formatBeijing(m.createdAt),
});

/**
 * docs/member-app.md "Screens by route" /message: type 1 the announcements (公告), type 2 the member's inbox (站内信): messages sent to the member
 * or to all members. Newest first, in the paginator shape.
 */
export async function listMessages(
  deps: Pick<MemberDeps, 'db'>,
  memberId: number,
  type: number,
  window: PageWindow,
): Promise<Paginator<InboxMessage>> {
  const where: SQL | undefined =
    type === MESSAGE_KIND.announcement
      ? eq(memberMessages.kind, MESSAGE_KIND.announcement)
      : and(
          eq(memberMessages.kind, MESSAGE_KIND.inbox),
          or(eq(memberMessages.memberId, memberId), isNull(memberMessages.memberId)),
        );
  const rows = deps.db.select().from(memberMessages).orderBy(desc(memberMessages.id)).$dynamic();
  return queryPage(deps.db, memberMessages, where, window, rows, messageView);
}

/** docs/member-app.md "Partner application rules"; one application per member whatever its state (226 on any later one). */
export async function applyAgent(
  deps: Pick<MemberDeps, 'db' | 'clock'>,
  memberId: number,
  input: { mobile: string; apply_info: string },
): Promise<void> {
  const message = validateAgentApplication(input);
  if (message) throw badInput(message);
  const member = await findMember(deps.db, memberId);
  const [existing] = await deps.db
    .select({ id: agentApplications.id })
    .from(agentApplications)
    .where(eq(agentApplications.memberId, memberId))
    .limit(1);
  // A member an operator already made an agent has nothing to apply for either.
  if (existing || member.isagent === 1) throw new AppError(BizCode.AGENT_APPLIED, MSG.agentAlreadyApplied);
  try {
    await deps.db.insert(agentApplications).values({
      memberId,
      mobile: input.mobile.trim(),
      applyInfo: input.apply_info.trim(),
      state: 1,
      createdAt: deps.clock.now(),
    });
  } catch (error) {
    // Two applications racing: the unique index decides, the loser hears the same 226.
    if (isUniqueViolation(error)) throw new AppError(BizCode.AGENT_APPLIED, MSG.agentAlreadyApplied);
    throw error;
  }
}

/**
 * Where the member's partner application stands (AGENT_APPLY_STATE): its review state, 0 when there is none; a
 * member an operator made a partner without one counts as approved.
 */
export async function agentApplyState(deps: Pick<MemberDeps, 'db'>, memberId: number): Promise<{ state: number }> {
  const [row] = await deps.db
    .select({ state: agentApplications.state })
    .from(agentApplications)
    .where(eq(agentApplications.memberId, memberId))
    .limit(1);
  if (row) return { state: row.state };
  return { state: (await findMember(deps.db, memberId)).isagent === 1 ? 2 : 0 };
}

/** /referral: the member's id is the referral code register accepts as `pid` (docs/wire-rules.md "Accounts"). */
export async function referralInfo(deps: Pick<MemberDeps, 'db'>, memberId: number, origin: string) {
  const invited = await invitedCount(deps.db, memberId);
  return { pid: memberId, link: `${origin}/#/login?type=1&pid=${memberId}`, invited };
}

// Back office

export interface NewMessage {
  title: string;
  content: string;
  /** Absent: every member. */
  member_id?: number | undefined;
  /** 1 an announcement (always to everyone), 2 an inbox message (default). */
  type: number;
}

export async function sendMessage(deps: Pick<MemberDeps, 'db' | 'clock'>, input: NewMessage, reviewer: Reviewer) {
  if (input.type === MESSAGE_KIND.announcement && input.member_id !== undefined) throw badInput();
  return deps.db.transaction(async (tx) => {
    if (input.member_id !== undefined) {
      if (!(await memberExists(tx, input.member_id))) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    }
    const [row] = await tx
      .insert(memberMessages)
      .values({
        kind: input.type,
        memberId: input.member_id ?? null,
        title: input.title,
        // Operator HTML, cleaned before it is stored (lib/clean-html).
        content: cleanHtml(input.content),
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('message insert returned nothing');
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: 'message.send',
      target: `message:${row.id}`,
      after: { kind: row.kind, member_id: row.memberId, title: row.title },
      requestId: reviewer.requestId,
    });
    return { ...messageView(row), type: row.kind, member_id: row.memberId };
  });
}

export async function deleteMessage(deps: Pick<MemberDeps, 'db'>, id: number, reviewer: Reviewer) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(memberMessages).where(eq(memberMessages.id, id)).returning();
    if (!row) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    await audit(tx, {
      operatorId: reviewer.operatorId,
      action: 'message.delete',
      target: `message:${id}`,
      before: { kind: row.kind, member_id: row.memberId, title: row.title },
      requestId: reviewer.requestId,
    });
  });
}

export function applicationView(a: typeof agentApplications.$inferSelect, username?: string) {
  return {
    id: a.id,
    member_id: a.memberId,
    ...(username === undefined ? {} : { username }),
    mobile: a.mobile,
    apply_info: a.applyInfo,
    state: a.state,
    note: a.note,
    reviewed_by: a.reviewedBy,
    reviewed_at: a.reviewedAt ? formatBeijing(a.reviewedAt) : null,
    created_at: formatBeijing(a.createdAt),
  };
}

/**
 * Approve (state 2, the member becomes an agent: isagent 1) or reject (state 3) a pending application, once:
 * the guarded UPDATE ... WHERE state = 1 lets only one of two racing reviews through (409 for the other).
 */
export async function reviewAgentApplication(
  deps: Pick<MemberDeps, 'db' | 'clock'>,
  id: number,
  decision: 'approve' | 'reject',
  reviewer: Reviewer,
  note: string,
) {
  return deps.db.transaction(async (tx) => {
    const { found, updated } = await decidePending(tx, agentApplications, id, decision, {
      reviewer,
      note,
      at: deps.clock.now(),
      action: 'agent-application',
      after: { isagent: decision === 'approve' ? 1 : undefined },
    });
    if (decision === 'approve') await makePartner(tx, found.memberId);
    return applicationView(updated);
  });
}
