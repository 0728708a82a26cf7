import {
  type AdminTicket,
  type AdminTicketDetail,
  BizCode,
  MSG,
  type Paginator,
  type Ticket,
  type TicketDetail,
  type TicketRecordKind,
  type TicketState,
} from '@h5/contract';
import { INBOX_NOTES, type InboxNote } from '@h5/contract/inbox-notes';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { ticketReplies, tickets } from '../../db/tables/tickets';
import { AppError } from '../../http/errors';
import { pageWindow, toPaginator } from '../../lib/paging';
import { type Clock, formatBeijing } from '../../lib/time';
import { usernamesOf } from '../accounts/member-records';
import { isMembersDeposit, isMembersWithdrawal } from '../payments/member-money-rows';
import { FILES_PREFIX } from '../files/files-service';
import { memberOwner, ownAttachments } from '../files/member-image';
import { memberContext } from '../support/support-service';
import { isMembersTransfer } from '../wallet/member-transfer-rows';

/**
 * 意见反馈 (docs/member-app.md "意见反馈", docs/operators.md "Tickets"): a member files a ticket, the desk replies,
 * resolves or closes it. A reply and a resolution write the member a 站内信 in the same transaction.
 */
export interface TicketDeps {
  db: Db;
  clock: Clock;
  /** Writes a 站内信 in the caller's transaction (app.ts hands the member area's function). */
  tellMember: (tx: DbOrTx, memberId: number, note: InboxNote) => Promise<void>;
}

type TicketRow = typeof tickets.$inferSelect;
type ReplyRow = typeof ticketReplies.$inferSelect;

const DESK_PER_PAGE = 50;

const notFound = () => new AppError(BizCode.NOT_FOUND, MSG.ticketNotFound);
const stamp = (d: Date | null) => (d ? formatBeijing(d) : null);

function ticketView(row: TicketRow): Ticket {
  return {
    id: row.id,
    category: row.category as Ticket['category'],
    text: row.text,
    record_kind: row.recordKind as Ticket['record_kind'],
    record_no: row.recordNo,
    images: row.images.map((name) => `${FILES_PREFIX}${name}`),
    state: row.state as TicketState,
    created_at: formatBeijing(row.createdAt),
    first_reply_at: stamp(row.firstReplyAt),
    resolved_at: stamp(row.resolvedAt),
    closed_at: stamp(row.closedAt),
  };
}

async function repliesOf(db: DbOrTx, ticketId: number): Promise<ReplyRow[]> {
  return db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticketId)).orderBy(asc(ticketReplies.id));
}

const RECORD_OWNED: Record<TicketRecordKind, (db: DbOrTx, memberId: number, no: string) => Promise<boolean>> = {
  deposit: isMembersDeposit,
  withdrawal: isMembersWithdrawal,
  transfer: isMembersTransfer,
};

// ---------------------------------------------------------------------------------------------------------------
// The member's side

export async function createTicket(
  deps: Pick<TicketDeps, 'db'>,
  memberId: number,
  input: {
    category: Ticket['category'];
    text: string;
    record_kind: Ticket['record_kind'];
    record_no: string;
    images: string[];
  },
): Promise<TicketDetail> {
  // Each image must be the member's own upload (POST /api/support/upload): never an outside URL or another's image.
  const images = await ownAttachments(deps.db, memberOwner(memberId), input.images, MSG.supportImageInvalid);
  // Only the member's own record may be named: another's number is answered as not found, and nothing is written.
  if (input.record_kind && !(await RECORD_OWNED[input.record_kind](deps.db, memberId, input.record_no)))
    throw new AppError(BizCode.BAD_INPUT, MSG.ticketRecordNotYours);
  const [row] = await deps.db
    .insert(tickets)
    .values({
      memberId,
      category: input.category,
      text: input.text,
      recordKind: input.record_kind,
      recordNo: input.record_kind ? input.record_no : '',
      images,
    })
    .returning();
  return { ...ticketView(row!), replies: [] };
}

export async function memberTickets(db: DbOrTx, memberId: number, page: number): Promise<Paginator<Ticket>> {
  const window = pageWindow({ page });
  const rows = await db
    .select()
    .from(tickets)
    .where(eq(tickets.memberId, memberId))
    .orderBy(desc(tickets.id))
    .limit(window.perPage)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(tickets).where(eq(tickets.memberId, memberId));
  return toPaginator(rows.map(ticketView), Number(total?.n ?? 0), window);
}

/** One of the member's tickets; another member's is answered as missing, never shown. */
export async function memberTicket(db: DbOrTx, memberId: number, id: number): Promise<TicketDetail> {
  // Past a serial's range nothing can match: answered as missing, never asked of the database.
  if (id < 1 || id > 2_147_483_647) throw notFound();
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound();
  const replies = await repliesOf(db, id);
  return {
    ...ticketView(row),
    replies: replies.map((r) => ({ id: r.id, text: r.text, created_at: formatBeijing(r.createdAt) })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The desk

async function deskRows(deps: Pick<TicketDeps, 'db' | 'clock'>, rows: TicketRow[]): Promise<AdminTicket[]> {
  const names = await usernamesOf(
    deps.db,
    rows.map((r) => r.memberId),
  );
  const now = deps.clock.now().getTime();
  return rows.map((r) => ({
    ...ticketView(r),
    member_id: r.memberId,
    username: names.get(r.memberId) ?? '',
    operator: r.operator,
    age_seconds: Math.max(0, Math.floor((now - r.createdAt.getTime()) / 1000)),
  }));
}

/** The desk's list of one state, oldest first: who has waited longest is served first. */
export async function deskTickets(
  deps: Pick<TicketDeps, 'db' | 'clock'>,
  input: { state: TicketState; page: number },
): Promise<{ list: AdminTicket[]; total: number }> {
  const rows = await deps.db
    .select()
    .from(tickets)
    .where(eq(tickets.state, input.state))
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(DESK_PER_PAGE)
    .offset((input.page - 1) * DESK_PER_PAGE);
  const [total] = await deps.db.select({ n: count() }).from(tickets).where(eq(tickets.state, input.state));
  return { list: await deskRows(deps, rows), total: Number(total?.n ?? 0) };
}

export async function ticketById(db: DbOrTx, id: number): Promise<TicketRow> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** A ticket for the desk: its replies and the member context the chat desk shows. */
export async function deskTicket(deps: Pick<TicketDeps, 'db' | 'clock'>, id: number): Promise<AdminTicketDetail> {
  const row = await ticketById(deps.db, id);
  const [[ticket], member, replies] = await Promise.all([
    deskRows(deps, [row]),
    memberContext(deps, row.memberId),
    repliesOf(deps.db, id),
  ]);
  return {
    ticket: ticket!,
    member,
    replies: replies.map((r) => ({
      id: r.id,
      text: r.text,
      operator: r.operator,
      created_at: formatBeijing(r.createdAt),
    })),
  };
}

/** What the states allow: a closed ticket takes nothing more; a resolved one may still be answered or closed. */
function refuseClosed(row: TicketRow) {
  if (row.state === 'closed') throw new AppError(BizCode.BAD_INPUT, MSG.ticketClosed);
}

/**
 * Changes the ticket over its state as read (a concurrent change makes this one find nothing and refuse), in the
 * caller's transaction.
 */
async function changeTicket(tx: DbOrTx, row: TicketRow, set: Partial<typeof tickets.$inferInsert>): Promise<TicketRow> {
  const [updated] = await tx
    .update(tickets)
    .set(set)
    .where(and(eq(tickets.id, row.id), eq(tickets.state, row.state)))
    .returning();
  if (!updated) throw new AppError(BizCode.CONFLICT, MSG.ticketChanged);
  return updated;
}

export interface TicketActor {
  username: string;
}

/** The desk's reply: 处理中, the first reply's time kept, a 站内信 to the member; in the caller's transaction. */
export async function replyToTicket(
  tx: DbOrTx,
  deps: Pick<TicketDeps, 'clock' | 'tellMember'>,
  row: TicketRow,
  actor: TicketActor,
  text: string,
): Promise<{ row: TicketRow; reply: ReplyRow }> {
  refuseClosed(row);
  const now = deps.clock.now();
  const updated = await changeTicket(tx, row, {
    state: 'processing',
    operator: actor.username,
    firstReplyAt: row.firstReplyAt ?? now,
    resolvedAt: null,
  });
  const [reply] = await tx
    .insert(ticketReplies)
    .values({ ticketId: row.id, operator: actor.username, text, createdAt: now })
    .returning();
  await deps.tellMember(tx, row.memberId, INBOX_NOTES.ticketReplied(row.id, row.category));
  return { row: updated, reply: reply! };
}

export async function resolveTicket(
  tx: DbOrTx,
  deps: Pick<TicketDeps, 'clock' | 'tellMember'>,
  row: TicketRow,
  actor: TicketActor,
): Promise<TicketRow> {
  refuseClosed(row);
  if (row.state === 'resolved') throw new AppError(BizCode.BAD_INPUT, MSG.ticketResolved);
  const updated = await changeTicket(tx, row, {
    state: 'resolved',
    operator: actor.username,
    resolvedAt: deps.clock.now(),
  });
  await deps.tellMember(tx, row.memberId, INBOX_NOTES.ticketResolved(row.id, row.category));
  return updated;
}

export async function closeTicket(
  tx: DbOrTx,
  deps: Pick<TicketDeps, 'clock'>,
  row: TicketRow,
  actor: TicketActor,
): Promise<TicketRow> {
  refuseClosed(row);
  return changeTicket(tx, row, { state: 'closed', operator: actor.username, closedAt: deps.clock.now() });
}
