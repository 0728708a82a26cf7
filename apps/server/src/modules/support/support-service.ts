import {
  BizCode,
  MSG,
  type SupportConversation,
  type SupportMessage,
  type SupportQueueRow,
  type SupportThread,
} from '@h5/contract';
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import { SUPPORT_RATING_DAYS, type SupportDeskStats, type SupportMemberContext } from '@h5/contract';
import type { Db, DbOrTx } from '../../db/client';
import { supportConversations, supportMessages } from '../../db/tables/support';
import { AppError } from '../../http/errors';
import { type Clock, formatBeijing } from '../../lib/time';
import { newestRows, rowsOf } from '../../db/rows';
import { memberRow } from '../accounts/member-profile';
import { usernamesOf } from '../accounts/member-records';
import { walletBalanceNumeric } from '../ledger/ledger-service';
import { depositedBetween } from '../payments/deposit-totals';
import { latestDepositsOf, latestWithdrawalsOf } from '../payments/member-money-rows';
import { rgInfo } from '../responsible/responsible-service';
import { openFlagsOfMember } from '../risk/risk-service';
import { latestTransfersOf } from '../wallet/member-transfer-rows';
import { numericToMoney } from '../../lib/money';
import { FILES_PREFIX } from '../files/files-service';
import { memberOwner, operatorOwner, ownAttachments } from '../files/member-image';
import type { SupportBus } from './support-live';

/**
 * 在线客服 (docs/member-app.md "在线客服", docs/operators.md "The support desk"): a member's conversation with the
 * desk. Rows first, pushes second: every message is a row before it is published, so a client that missed a push
 * reads it after its last id.
 */
export interface SupportDeps {
  db: Db;
  clock: Clock;
  bus: SupportBus;
}

type ConversationRow = typeof supportConversations.$inferSelect;

/**
 * Whose side of a conversation a caller is: a member by id, or a visitor by the key of their device (the SHA-256 of
 * the device id, so the rows and the pushes never carry the id itself).
 */
export type ChatOwner = { memberId: number; visitorId: null } | { memberId: null; visitorId: string };

export const memberSide = (memberId: number): ChatOwner => ({ memberId, visitorId: null });
export const visitorSide = (device: string): ChatOwner => ({
  memberId: null,
  visitorId: createHash('sha256').update(device).digest('hex'),
});

const ownedBy = (owner: ChatOwner) =>
  owner.memberId !== null
    ? eq(supportConversations.memberId, owner.memberId)
    : and(eq(supportConversations.visitorId, owner.visitorId), isNull(supportConversations.memberId));

const ownerOf = (row: ConversationRow): ChatOwner | null =>
  row.memberId !== null
    ? memberSide(row.memberId)
    : row.visitorId
      ? { memberId: null, visitorId: row.visitorId }
      : null;
type MessageRow = typeof supportMessages.$inferSelect;

/** At most this many messages come in one answer (the thread's latest, or those after an id). */
const PAGE = 200;
const WELCOME = '您好，欢迎咨询在线客服，请问有什么可以帮您？客服专员接入后会立即回复您。';
const CLOSED_BY_MEMBER = '您已结束本次会话，欢迎对本次服务进行评价。';
const CLOSED_BY_DESK = '客服已结束本次会话，欢迎对本次服务进行评价。';
const REOPENED = '会话已重新打开，客服将继续为您服务。';

/** The queue's last line when it was an image alone. */
const IMAGE_LINE = '[图片]';

const notFound = () => new AppError(BizCode.NOT_FOUND, MSG.supportNotFound);

export function messageView(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender: row.sender as SupportMessage['sender'],
    text: row.text,
    image: row.image ? `${FILES_PREFIX}${row.image}` : '',
    created_at: formatBeijing(row.createdAt),
  };
}

function conversationView(row: ConversationRow): SupportConversation {
  return {
    id: row.id,
    state: row.state === 'closed' ? 'closed' : 'open',
    claimed: row.operator !== '',
    created_at: formatBeijing(row.createdAt),
    closed_at: row.closedAt ? formatBeijing(row.closedAt) : null,
    rating: row.rating,
    rating_note: row.ratingNote,
  };
}

/** Who hears a conversation's pushes besides the desk: its member, or its visitor's device. */
const audience = (row: ConversationRow) => ({ memberId: row.memberId, visitorId: row.visitorId });

async function publishMessages(deps: SupportDeps, conversation: ConversationRow, rows: MessageRow[]) {
  for (const row of rows)
    await deps.bus.publish({ ...audience(conversation), push: { type: 'message', message: messageView(row) } });
}

async function publishState(deps: SupportDeps, row: ConversationRow) {
  await deps.bus.publish({
    ...audience(row),
    push: {
      type: 'conversation',
      conversation_id: row.id,
      state: row.state === 'closed' ? 'closed' : 'open',
      claimed: row.operator !== '',
    },
  });
}

async function insertMessage(
  tx: DbOrTx,
  conversationId: number,
  sender: SupportMessage['sender'],
  text: string,
  operator = '',
  image = '',
): Promise<MessageRow> {
  const [row] = await tx.insert(supportMessages).values({ conversationId, sender, text, operator, image }).returning();
  return row!;
}

async function openConversationOf(tx: DbOrTx, owner: ChatOwner): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(supportConversations)
    .where(and(ownedBy(owner), eq(supportConversations.state, 'open')))
    .limit(1);
  return row;
}

/** Whether the member or visitor has an open conversation (a visitor's first open is counted per address). */
export async function hasOpenConversation(db: DbOrTx, owner: ChatOwner): Promise<boolean> {
  return (await openConversationOf(db, owner)) !== undefined;
}

/**
 * The member's open conversation, or a new one with its welcome line. Two first calls at once meet at the unique
 * index of open conversations: the loser reads the winner's.
 */
async function openOrCreate(
  deps: SupportDeps,
  owner: ChatOwner,
): Promise<{ row: ConversationRow; made: MessageRow[] }> {
  const existing = await openConversationOf(deps.db, owner);
  if (existing) return { row: existing, made: [] };
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(supportConversations)
        .values({ memberId: owner.memberId, visitorId: owner.visitorId, state: 'open' })
        .returning();
      const welcome = await insertMessage(tx, row!.id, 'system', WELCOME);
      return { row: row!, made: [welcome] };
    });
  } catch (error) {
    const raced = await openConversationOf(deps.db, owner);
    if (raced) return { row: raced, made: [] };
    throw error;
  }
}

async function latestMessages(db: DbOrTx, conversationId: number): Promise<SupportMessage[]> {
  const rows = await newestRows(db, supportMessages, eq(supportMessages.conversationId, conversationId), PAGE);
  return rows.reverse().map(messageView);
}

async function messagesAfter(db: DbOrTx, conversationId: number, afterId: number): Promise<SupportMessage[]> {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.conversationId, conversationId), gt(supportMessages.id, afterId)))
    .orderBy(asc(supportMessages.id))
    .limit(PAGE);
  return rows.map(messageView);
}

/**
 * A conversation of this member or visitor, or 会话不存在: another member's or visitor's is answered as missing, never
 * shown, so guessing an id or another device tells nothing.
 */
async function ownConversation(db: DbOrTx, owner: ChatOwner, id: number): Promise<ConversationRow> {
  // Past a serial's range nothing can match: answered as missing, never asked of the database.
  if (id < 1 || id > 2_147_483_647) throw notFound();
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(and(eq(supportConversations.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// The member's side

export async function openThread(deps: SupportDeps, owner: ChatOwner): Promise<SupportThread> {
  const { row, made } = await openOrCreate(deps, owner);
  await publishMessages(deps, row, made);
  return { conversation: conversationView(row), messages: await latestMessages(deps.db, row.id) };
}

/**
 * A line from the member into their open conversation (one is opened when none is): text, an image, or both. The
 * image must be the member's own upload (POST /api/support/upload); any other address is refused before anything
 * is written, so a member can never make the desk load an outside URL.
 */
export async function memberSend(
  deps: SupportDeps,
  owner: ChatOwner,
  input: { text: string; image?: string },
): Promise<SupportMessage> {
  // A visitor has no uploads: their lines are text only (docs/member-app.md "在线客服").
  const [image = ''] =
    input.image && owner.memberId !== null
      ? await ownAttachments(deps.db, memberOwner(owner.memberId), [input.image], MSG.supportImageInvalid)
      : [];
  const { row, made } = await openOrCreate(deps, owner);
  const message = await insertMessage(
    deps.db,
    row.id,
    owner.memberId !== null ? 'member' : 'visitor',
    input.text,
    '',
    image,
  );
  await publishMessages(deps, row, [...made, message]);
  return messageView(message);
}

export async function memberMessagesAfter(
  db: DbOrTx,
  owner: ChatOwner,
  conversationId: number,
  afterId: number,
): Promise<SupportMessage[]> {
  await ownConversation(db, owner, conversationId);
  return messagesAfter(db, conversationId, afterId);
}

async function closeConversation(
  deps: SupportDeps,
  row: ConversationRow,
  line: string,
  after?: (tx: DbOrTx, closed: ConversationRow) => Promise<void>,
): Promise<ConversationRow> {
  const { closed, message } = await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(supportConversations)
      .set({ state: 'closed', closedAt: deps.clock.now() })
      .where(and(eq(supportConversations.id, row.id), eq(supportConversations.state, 'open')))
      .returning();
    if (!closed) throw new AppError(BizCode.BAD_INPUT, MSG.supportClosed);
    const message = await insertMessage(tx, row.id, 'system', line);
    await after?.(tx, closed);
    return { closed, message };
  });
  await publishMessages(deps, closed, [message]);
  await publishState(deps, closed);
  return closed;
}

export async function memberClose(deps: SupportDeps, owner: ChatOwner, id: number): Promise<SupportConversation> {
  const row = await ownConversation(deps.db, owner, id);
  if (row.state !== 'open') throw new AppError(BizCode.BAD_INPUT, MSG.supportClosed);
  return conversationView(await closeConversation(deps, row, CLOSED_BY_MEMBER));
}

export async function memberRate(
  deps: SupportDeps,
  owner: ChatOwner,
  input: { conversation_id: number; rating: number; note: string },
): Promise<SupportConversation> {
  const row = await ownConversation(deps.db, owner, input.conversation_id);
  if (row.state !== 'closed') throw new AppError(BizCode.BAD_INPUT, MSG.supportRateOpen);
  const [rated] = await deps.db
    .update(supportConversations)
    .set({ rating: input.rating, ratingNote: input.note.trim() })
    .where(and(eq(supportConversations.id, row.id), sql`${supportConversations.rating} is null`))
    .returning();
  if (!rated) throw new AppError(BizCode.BAD_INPUT, MSG.supportAlreadyRated);
  return conversationView(rated);
}

// ---------------------------------------------------------------------------------------------------------------
// The desk

const MEMBER_SENDERS = ['member', 'visitor'];

async function queueRows(deps: SupportDeps, rows: ConversationRow[]): Promise<SupportQueueRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const names = await usernamesOf(
    deps.db,
    rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId])),
  );
  const unread = await deps.db
    .select({ id: supportConversations.id, n: count() })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.id, supportMessages.conversationId))
    .where(
      and(
        inArray(supportMessages.conversationId, ids),
        inArray(supportMessages.sender, MEMBER_SENDERS),
        gt(supportMessages.id, supportConversations.deskReadId),
      ),
    )
    .groupBy(supportConversations.id);
  const unreadOf = new Map(unread.map((u) => [u.id, Number(u.n)]));
  const last = await deps.db
    .selectDistinctOn([supportMessages.conversationId], {
      id: supportMessages.conversationId,
      text: supportMessages.text,
      image: supportMessages.image,
    })
    .from(supportMessages)
    .where(inArray(supportMessages.conversationId, ids))
    .orderBy(supportMessages.conversationId, desc(supportMessages.id));
  const lastOf = new Map(last.map((l) => [l.id, l.text || (l.image ? IMAGE_LINE : '')]));
  const now = deps.clock.now().getTime();
  return rows.map((r) => ({
    id: r.id,
    member_id: r.memberId,
    username: r.memberId === null ? '访客' : (names.get(r.memberId) ?? ''),
    state: r.state === 'closed' ? 'closed' : 'open',
    operator: r.operator,
    created_at: formatBeijing(r.createdAt),
    first_reply_at: r.firstReplyAt ? formatBeijing(r.firstReplyAt) : null,
    closed_at: r.closedAt ? formatBeijing(r.closedAt) : null,
    waiting_seconds:
      r.state === 'open' && !r.firstReplyAt ? Math.max(0, Math.floor((now - r.createdAt.getTime()) / 1000)) : 0,
    unread: unreadOf.get(r.id) ?? 0,
    last_text: lastOf.get(r.id) ?? '',
    rating: r.rating,
    rating_note: r.ratingNote,
  }));
}

async function queueRow(deps: SupportDeps, row: ConversationRow): Promise<SupportQueueRow> {
  return (await queueRows(deps, [row]))[0]!;
}

/**
 * The queue: open conversations oldest first (who waits longest is served first), closed ones newest first; only
 * those where the member has written.
 */
export async function deskQueue(
  deps: SupportDeps,
  input: { state: 'open' | 'closed'; page: number },
): Promise<{ list: SupportQueueRow[]; total: number }> {
  const perPage = 50;
  // A conversation the member opened without writing a line waits for nobody: the queue shows it once they write.
  const where = and(eq(supportConversations.state, input.state), memberWrote);
  const rows = await deps.db
    .select()
    .from(supportConversations)
    .where(where)
    .orderBy(input.state === 'open' ? asc(supportConversations.id) : desc(supportConversations.id))
    .limit(perPage)
    .offset((input.page - 1) * perPage);
  const [total] = await deps.db.select({ n: count() }).from(supportConversations).where(where);
  return { list: await queueRows(deps, rows), total: Number(total?.n ?? 0) };
}

/** A member's line in the conversation: the queue shows only these. */
const memberWrote = sql`exists (select 1 from ${supportMessages} where ${supportMessages.conversationId} = ${supportConversations.id} and ${supportMessages.sender} in ('member', 'visitor'))`;

/**
 * The conversations waiting for an answer, one row each with `since` (docs/operators.md "Service targets"): open ones
 * whose member's (or visitor's) latest line no operator has answered yet, whether or not an operator holds them, each
 * waiting from the first unanswered line. Opening the chat without writing waits for nobody. 仪表盘's desk card and
 * the metrics read this one definition, so the card and the alert agree.
 */
export const WAITING_FOR_AN_ANSWER = sql`SELECT since FROM (
  SELECT (
    SELECT min(m.created_at) FROM support_messages m
    WHERE m.conversation_id = c.id AND m.sender IN ('member', 'visitor')
      AND m.id > coalesce(
        (SELECT max(o.id) FROM support_messages o WHERE o.conversation_id = c.id AND o.sender = 'operator'),
        0
      )
  ) AS since
  FROM support_conversations c WHERE c.state = 'open'
) AS lines
WHERE since IS NOT NULL`;

/** 仪表盘's desk card: the ratings of conversations ended in the last 7 days, and who waits now. */
export async function deskStats(deps: Pick<SupportDeps, 'db' | 'clock'>): Promise<SupportDeskStats> {
  const now = deps.clock.now();
  const since = new Date(now.getTime() - SUPPORT_RATING_DAYS * 24 * 3_600_000);
  const [rated] = await deps.db
    .select({
      n: count(supportConversations.rating),
      average: sql<string | null>`round(avg(${supportConversations.rating})::numeric, 2)::text`,
    })
    .from(supportConversations)
    .where(and(eq(supportConversations.state, 'closed'), gte(supportConversations.closedAt, since)));
  const [waiting] = rowsOf<{ n: number; oldest: Date | string | null }>(
    await deps.db.execute(
      sql`WITH waiting AS (${WAITING_FOR_AN_ANSWER}) SELECT count(*)::int AS n, min(since) AS oldest FROM waiting`,
    ),
  );
  const n = Number(rated?.n ?? 0);
  const oldest = waiting?.oldest ? new Date(waiting.oldest) : null;
  return {
    rating_average: n > 0 && rated?.average ? Number(rated.average).toFixed(2) : null,
    rating_count: n,
    waiting: Number(waiting?.n ?? 0),
    oldest_waiting_seconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : 0,
  };
}

export async function conversationById(db: DbOrTx, id: number): Promise<ConversationRow> {
  const [row] = await db.select().from(supportConversations).where(eq(supportConversations.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** How many of each kind of money row the desk is shown. */
export const CONTEXT_ROWS = 5;

/**
 * What the desk may know of the member (docs/operators.md "The support desk"): VIP level, balance, the latest
 * deposits, withdrawals and venue transfers, open risk flags, responsible-gambling standing and earlier
 * conversations, each read through the function its area exports; never a card number, contact detail or password.
 * The ticket desk shows the same (docs/operators.md "Tickets"): `conversationId` is the one not counted as earlier.
 */
export async function memberContext(
  deps: Pick<SupportDeps, 'db' | 'clock'>,
  memberId: number | null,
  conversationId = 0,
): Promise<SupportMemberContext | null> {
  const { db } = deps;
  if (memberId === null) return null;
  const member = await memberRow(db, memberId);
  if (!member) return null;
  const now = deps.clock.now();
  const [balance, deposits, withdrawals, transfers, riskFlags, rg, earlier] = await Promise.all([
    walletBalanceNumeric(db, memberId),
    latestDepositsOf(db, memberId, CONTEXT_ROWS, now),
    latestWithdrawalsOf(db, memberId, CONTEXT_ROWS),
    latestTransfersOf(db, memberId, CONTEXT_ROWS),
    openFlagsOfMember(db, memberId),
    rgInfo(db, memberId, now, depositedBetween),
    db
      .select({
        id: supportConversations.id,
        createdAt: supportConversations.createdAt,
        rating: supportConversations.rating,
      })
      .from(supportConversations)
      .where(and(eq(supportConversations.memberId, memberId), sql`${supportConversations.id} <> ${conversationId}`))
      .orderBy(desc(supportConversations.id))
      .limit(10),
  ]);
  return {
    username: member.username,
    vip: member.vip,
    registered_at: formatBeijing(member.createdAt),
    balance: numericToMoney(balance ?? '0'),
    deposits,
    withdrawals,
    transfers,
    risk_flags: riskFlags,
    responsible: { limits: rg.limits, break: rg.break },
    earlier: earlier.map((e) => ({ id: e.id, created_at: formatBeijing(e.createdAt), rating: e.rating })),
  };
}

/** A conversation for the desk; reading it marks the member's messages read. */
export async function deskThread(deps: SupportDeps, id: number) {
  const row = await conversationById(deps.db, id);
  const messages = await latestMessages(deps.db, id);
  const lastId = messages.at(-1)?.id ?? 0;
  if (lastId > row.deskReadId)
    await deps.db
      .update(supportConversations)
      .set({ deskReadId: sql`greatest(${supportConversations.deskReadId}, ${lastId})` })
      .where(eq(supportConversations.id, id));
  const fresh = await conversationById(deps.db, id);
  return {
    conversation: await queueRow(deps, fresh),
    member: await memberContext(deps, fresh.memberId, fresh.id),
    messages,
  };
}

export async function deskMessagesAfter(deps: SupportDeps, id: number, afterId: number): Promise<SupportMessage[]> {
  await conversationById(deps.db, id);
  const messages = await messagesAfter(deps.db, id, afterId);
  const lastId = messages.at(-1)?.id ?? 0;
  if (lastId)
    await deps.db
      .update(supportConversations)
      .set({ deskReadId: sql`greatest(${supportConversations.deskReadId}, ${lastId})` })
      .where(eq(supportConversations.id, id));
  return messages;
}

export interface DeskActor {
  username: string;
  role: string;
}

/** The conversation's operator may be changed by its holder, by anyone while it waits, and by an admin. */
function mayHandle(row: ConversationRow, actor: DeskActor) {
  return row.operator === '' || row.operator.toLowerCase() === actor.username.toLowerCase() || actor.role === 'admin';
}

/**
 * Sets the conversation's operator in the caller's transaction, over the row as read (a concurrent claim makes this
 * one find nothing): the updated row, or 已由其他客服接待.
 */
export async function setOperator(
  tx: DbOrTx,
  row: ConversationRow,
  actor: DeskActor,
  operator: string,
): Promise<ConversationRow> {
  if (row.state !== 'open') throw new AppError(BizCode.BAD_INPUT, MSG.supportClosed);
  if (!mayHandle(row, actor)) throw new AppError(BizCode.CONFLICT, MSG.supportClaimedByOther);
  const [updated] = await tx
    .update(supportConversations)
    .set({ operator })
    .where(and(eq(supportConversations.id, row.id), eq(supportConversations.operator, row.operator)))
    .returning();
  if (!updated) throw new AppError(BizCode.CONFLICT, MSG.supportClaimedByOther);
  return updated;
}

export async function afterOperatorChange(deps: SupportDeps, row: ConversationRow): Promise<SupportQueueRow> {
  await publishState(deps, row);
  return queueRow(deps, row);
}

/**
 * The stored name of a picture an operator names in a reply: their own upload (POST /admin/api/support/upload) or
 * 图片无效, so a reply never shows the member an address typed in.
 */
export async function deskImage(db: DbOrTx, operatorId: number, image: string): Promise<string> {
  if (!image) return '';
  const [name = ''] = await ownAttachments(db, operatorOwner(operatorId), [image], MSG.supportImageInvalid);
  return name;
}

/** The desk's answer: claims a waiting conversation for the operator; written in the caller's transaction. */
export async function deskReply(
  tx: DbOrTx,
  deps: Pick<SupportDeps, 'clock'>,
  row: ConversationRow,
  actor: DeskActor,
  text: string,
  image = '',
): Promise<{ row: ConversationRow; message: MessageRow }> {
  if (row.state !== 'open') throw new AppError(BizCode.BAD_INPUT, MSG.supportClosed);
  if (row.operator && row.operator.toLowerCase() !== actor.username.toLowerCase() && actor.role !== 'admin')
    throw new AppError(BizCode.CONFLICT, MSG.supportNotYours);
  const held = row.operator ? row : await setOperator(tx, row, actor, actor.username);
  const message = await insertMessage(tx, row.id, 'operator', text, actor.username, image);
  const [updated] = await tx
    .update(supportConversations)
    .set({
      firstReplyAt: held.firstReplyAt ?? deps.clock.now(),
      deskReadId: sql`greatest(${supportConversations.deskReadId}, ${message.id})`,
    })
    .where(eq(supportConversations.id, row.id))
    .returning();
  return { row: updated!, message };
}

/**
 * The desk is typing: allowed where a reply would be (open, and waiting or the caller's, or admin's), pushed to the
 * conversation's member or visitor alone. Nothing is written, so nothing is audited.
 */
export async function deskTyping(
  deps: SupportDeps,
  row: ConversationRow,
  actor: DeskActor,
  publish = true,
): Promise<void> {
  if (row.state !== 'open') throw new AppError(BizCode.BAD_INPUT, MSG.supportClosed);
  if (row.operator && row.operator.toLowerCase() !== actor.username.toLowerCase() && actor.role !== 'admin')
    throw new AppError(BizCode.CONFLICT, MSG.supportNotYours);
  if (publish) await deps.bus.publish({ ...audience(row), push: { type: 'typing', conversation_id: row.id } });
}

export async function afterDeskReply(
  deps: SupportDeps,
  previous: ConversationRow,
  done: { row: ConversationRow; message: MessageRow },
): Promise<SupportMessage> {
  await publishMessages(deps, done.row, [done.message]);
  if (previous.operator !== done.row.operator) await publishState(deps, done.row);
  return messageView(done.message);
}

export async function deskClose(
  deps: SupportDeps,
  row: ConversationRow,
  audited: (tx: DbOrTx, closed: ConversationRow) => Promise<void>,
): Promise<SupportQueueRow> {
  if (row.state !== 'open') throw new AppError(BizCode.BAD_INPUT, MSG.supportClosed);
  return queueRow(deps, await closeConversation(deps, row, CLOSED_BY_DESK, audited));
}

export async function deskReopen(
  deps: SupportDeps,
  row: ConversationRow,
  audited: (tx: DbOrTx, opened: ConversationRow) => Promise<void>,
): Promise<SupportQueueRow> {
  if (row.state === 'open') throw new AppError(BizCode.BAD_INPUT, MSG.supportAlreadyOpen);
  let done: { opened: ConversationRow; message: MessageRow };
  try {
    done = await deps.db.transaction(async (tx) => {
      const [opened] = await tx
        .update(supportConversations)
        .set({ state: 'open', closedAt: null })
        .where(and(eq(supportConversations.id, row.id), eq(supportConversations.state, 'closed')))
        .returning();
      if (!opened) throw new AppError(BizCode.BAD_INPUT, MSG.supportAlreadyOpen);
      const message = await insertMessage(tx, row.id, 'system', REOPENED);
      await audited(tx, opened);
      return { opened, message };
    });
  } catch (error) {
    // The member has opened another conversation since: the unique index of open conversations refused this one.
    if (error instanceof AppError) throw error;
    const owner = ownerOf(row);
    if (owner && (await openConversationOf(deps.db, owner)))
      throw new AppError(BizCode.BAD_INPUT, MSG.supportAlreadyOpen);
    throw error;
  }
  await publishMessages(deps, done.opened, [done.message]);
  await publishState(deps, done.opened);
  return queueRow(deps, done.opened);
}
