import { BizCode, centsToMoney, MSG, RISK_FLAG_LABELS, type RiskFlagKind, type RiskFlagRow } from '@h5/contract';
import { and, count, desc, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { numericToCents } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { memberLogins, memberSessions, members } from '../../db/tables/accounts';
import { audit } from '../backoffice/audit';
import { bets } from '../../db/tables/bets';
import { deposits, memberCards } from '../../db/tables/payments';
import { redpacketGrabs } from '../../db/tables/redpackets';
import { riskFlagMembers, riskFlags } from '../../db/tables/risk';

const DAY = 24 * 3_600_000;

/** Registrations from one IP or one device within 24 hours that raise a flag (the one that makes it this many). */
export const RISK_SAME_SOURCE_MIN = 3;
/** A withdrawal within this long after a bonus (red packet, deposit bonus) is looked at. */
export const RISK_BONUS_WINDOW_MS = DAY;
/** ...and flagged when the valid turnover since the bonus is below this multiple of the bonus. */
export const RISK_BONUS_PLAY_MULTIPLE = 3;

/** Kinds that make a member "flagged" for the claim check (a claim flag itself does not). */
const LINK_KINDS: RiskFlagKind[] = ['same_ip', 'same_device', 'shared_card', 'quick_withdrawal'];

/**
 * Raises a flag, or adds members to the open flag of the same kind and subject: at most one open flag per subject
 * (a partial unique index), so two events at once end on one flag.
 */
export async function raiseFlag(
  db: Db,
  kind: RiskFlagKind,
  subject: string,
  detail: string,
  memberIds: number[],
  now: Date,
) {
  await db.transaction(async (tx) => {
    await tx.insert(riskFlags).values({ kind, subject, detail, createdAt: now }).onConflictDoNothing();
    const [flag] = await tx
      .select({ id: riskFlags.id })
      .from(riskFlags)
      .where(and(eq(riskFlags.kind, kind), eq(riskFlags.subject, subject), eq(riskFlags.state, 0)));
    if (!flag) return;
    await tx
      .update(riskFlags)
      .set({ detail: detail.slice(0, 500) })
      .where(eq(riskFlags.id, flag.id));
    if (memberIds.length > 0) {
      await tx
        .insert(riskFlagMembers)
        .values(memberIds.map((memberId) => ({ flagId: flag.id, memberId })))
        .onConflictDoNothing();
    }
  });
}

/** A new registration: several members from one IP, or one device (User-Agent), within 24 hours. */
export async function onRegistered(db: Db, ip: string, device: string, now: Date) {
  const since = new Date(now.getTime() - DAY);
  if (ip) {
    const same = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.registerIp, ip.slice(0, 64)), gte(members.createdAt, since)));
    if (same.length >= RISK_SAME_SOURCE_MIN) {
      await raiseFlag(
        db,
        'same_ip',
        ip,
        `24小时内同一IP注册${same.length}个账号`,
        same.map((r) => r.id),
        now,
      );
    }
  }
  const ua = device.slice(0, 255);
  if (ua) {
    // The first sign-in of a member is its registration.
    const same = await db
      .selectDistinct({ id: members.id })
      .from(members)
      .innerJoin(memberLogins, eq(memberLogins.memberId, members.id))
      .where(
        and(
          gte(members.createdAt, since),
          eq(memberLogins.device, ua),
          sql`${memberLogins.createdAt} <= ${members.createdAt} + interval '1 minute'`,
        ),
      );
    if (same.length >= RISK_SAME_SOURCE_MIN) {
      await raiseFlag(
        db,
        'same_device',
        ua,
        `24小时内同一设备注册${same.length}个账号`,
        same.map((r) => r.id),
        now,
      );
    }
  }
}

/** A card or USDT address as the console shows it: the first and last 4 characters (the last 4 when short). */
export const maskCard = (no: string) =>
  no.length > 8 ? `${no.slice(0, 4)}****${no.slice(-4)}` : `****${no.slice(-4)}`;

/** A card or USDT address bound: flagged when another member has the same number bound. */
export async function onCardBound(db: Db, memberId: number, bankNo: string, now: Date) {
  const no = bankNo.trim();
  if (!no) return;
  const holders = await db
    .selectDistinct({ id: memberCards.memberId })
    .from(memberCards)
    .where(and(eq(memberCards.bankNo, no), isNull(memberCards.deletedAt)));
  if (holders.length < 2 || !holders.some((h) => h.id === memberId)) return;
  await raiseFlag(
    db,
    'shared_card',
    no,
    `${maskCard(no)} 被${holders.length}个会员绑定`,
    holders.map((h) => h.id),
    now,
  );
}

/** Whether the member is on an open flag that links accounts. */
export async function isFlagged(db: DbOrTx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(riskFlagMembers)
    .innerJoin(riskFlags, eq(riskFlags.id, riskFlagMembers.flagId))
    .where(and(eq(riskFlagMembers.memberId, memberId), eq(riskFlags.state, 0), inArray(riskFlags.kind, LINK_KINDS)));
  return (row?.n ?? 0) > 0;
}

/**
 * The open flags naming a member, newest first: only their kind and when they were raised (the support desk's view,
 * docs/operators.md "The support desk"; what links the member to others stays in 风控).
 */
export async function openFlagsOfMember(db: DbOrTx, memberId: number) {
  const rows = await db
    .select({ kind: riskFlags.kind, createdAt: riskFlags.createdAt })
    .from(riskFlagMembers)
    .innerJoin(riskFlags, eq(riskFlags.id, riskFlagMembers.flagId))
    .where(and(eq(riskFlagMembers.memberId, memberId), eq(riskFlags.state, 0)))
    .orderBy(desc(riskFlags.id));
  return rows.map((r) => ({
    kind: r.kind as RiskFlagKind,
    label: RISK_FLAG_LABELS[r.kind as RiskFlagKind] ?? r.kind,
    created_at: formatBeijing(r.createdAt),
  }));
}

/** A red-packet grab or promotion application by a flagged member. */
export async function onClaim(db: Db, memberId: number, what: string, now: Date) {
  if (!(await isFlagged(db, memberId))) return;
  await raiseFlag(db, 'flagged_claim', `member:${memberId}`, `风险会员${what}`, [memberId], now);
}

/**
 * A withdrawal: flagged when a bonus (red packet, deposit bonus) came within the last 24 hours and the valid
 * turnover of bets settled since is below RISK_BONUS_PLAY_MULTIPLE times those bonuses.
 */
export async function onWithdrawal(db: Db, memberId: number, orderNo: string, amountCents: number, now: Date) {
  const since = new Date(now.getTime() - RISK_BONUS_WINDOW_MS);
  const [grabs, bonuses] = await Promise.all([
    db
      .select({ prize: redpacketGrabs.prize, at: redpacketGrabs.createdAt })
      .from(redpacketGrabs)
      .where(and(eq(redpacketGrabs.memberId, memberId), gte(redpacketGrabs.createdAt, since))),
    db
      .select({ prize: deposits.bonus, at: deposits.reviewedAt })
      .from(deposits)
      .where(
        and(
          eq(deposits.memberId, memberId),
          eq(deposits.state, 2),
          gt(deposits.bonus, '0'),
          gte(deposits.reviewedAt, since),
        ),
      ),
  ]);
  const all = [...grabs, ...bonuses].filter((b): b is { prize: string; at: Date } => b.at !== null);
  if (all.length === 0) return;
  const bonusCents = all.reduce((sum, b) => sum + numericToCents(b.prize), 0);
  const first = new Date(Math.min(...all.map((b) => b.at.getTime())));
  const [played] = await db
    .select({ total: sql<string>`coalesce(sum(${bets.validAmount}), 0)` })
    .from(bets)
    .where(and(eq(bets.memberId, memberId), eq(bets.status, 1), gte(bets.settledAt, first)));
  const turnover = numericToCents(String(played?.total ?? '0'));
  if (turnover >= bonusCents * RISK_BONUS_PLAY_MULTIPLE) return;
  await raiseFlag(
    db,
    'quick_withdrawal',
    `member:${memberId}`,
    `提现${orderNo} ${centsToMoney(amountCents)}元：24小时内领取奖金${centsToMoney(bonusCents)}元，其后有效投注仅${centsToMoney(turnover)}元`,
    [memberId],
    now,
  );
}

/**
 * Runs a risk check after the member's call succeeded: a failing check is logged and never turns the member's
 * answer into an error (the money call has already happened).
 */
export async function observe(log: { error(obj: unknown, msg: string): void }, check: () => Promise<void>) {
  try {
    await check();
  } catch (error) {
    log.error({ err: error }, 'risk check failed');
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Back office

type Flag = typeof riskFlags.$inferSelect;
type Evidence = { evidence: string; at: Date | null };
const linkKey = (flagId: number, memberId: number) => `${flagId}:${memberId}`;

/**
 * What links each member to each flag, read from the member's own record: the IP or device they registered with,
 * the card or USDT address they bound (masked) and when; a claim or withdrawal flag is its own evidence. The admin
 * freezes one member at a time from it, so a member pulled in by a stranger's address is not frozen with them.
 */
async function evidenceOf(db: DbOrTx, flags: Flag[], memberIds: number[]): Promise<Map<string, Evidence>> {
  const out = new Map<string, Evidence>();
  if (memberIds.length === 0) return out;
  const subjects = (kind: RiskFlagKind) => [...new Set(flags.filter((f) => f.kind === kind).map((f) => f.subject))];
  const ips = subjects('same_ip');
  const devices = subjects('same_device');
  const cards = subjects('shared_card');
  const [registered, logins, bound] = await Promise.all([
    ips.length
      ? db
          .select({ id: members.id, ip: members.registerIp, at: members.createdAt })
          .from(members)
          .where(inArray(members.id, memberIds))
      : [],
    devices.length
      ? db
          .select({
            id: memberLogins.memberId,
            device: memberLogins.device,
            at: sql<Date>`min(${memberLogins.createdAt})`.mapWith(memberLogins.createdAt),
          })
          .from(memberLogins)
          .where(and(inArray(memberLogins.memberId, memberIds), inArray(memberLogins.device, devices)))
          .groupBy(memberLogins.memberId, memberLogins.device)
      : [],
    cards.length
      ? db
          .select({
            id: memberCards.memberId,
            no: memberCards.bankNo,
            bank: memberCards.bank,
            at: memberCards.createdAt,
            deletedAt: memberCards.deletedAt,
          })
          .from(memberCards)
          .where(and(inArray(memberCards.memberId, memberIds), inArray(memberCards.bankNo, cards)))
          .orderBy(memberCards.id)
      : [],
  ]);
  for (const f of flags) {
    const put = (memberId: number, evidence: string, at: Date | null) => {
      if (!out.has(linkKey(f.id, memberId))) out.set(linkKey(f.id, memberId), { evidence, at });
    };
    if (f.kind === 'same_ip') for (const r of registered) if (r.ip === f.subject) put(r.id, `注册IP ${r.ip}`, r.at);
    if (f.kind === 'same_device')
      for (const r of logins) if (r.device === f.subject) put(r.id, `注册设备 ${r.device}`, r.at);
    if (f.kind === 'shared_card') {
      for (const r of bound)
        if (r.no === f.subject) put(r.id, `绑定${r.bank} ${maskCard(r.no)}${r.deletedAt ? '（已删除）' : ''}`, r.at);
    }
    if (f.kind === 'flagged_claim' || f.kind === 'quick_withdrawal')
      for (const id of memberIds) put(id, f.detail, f.createdAt);
  }
  return out;
}

async function rowsOf(db: DbOrTx, flags: Flag[]): Promise<RiskFlagRow[]> {
  const ids = flags.map((f) => f.id);
  const links = ids.length
    ? await db
        .select({ flagId: riskFlagMembers.flagId, id: members.id, username: members.username, state: members.state })
        .from(riskFlagMembers)
        .innerJoin(members, eq(members.id, riskFlagMembers.memberId))
        .where(inArray(riskFlagMembers.flagId, ids))
        .orderBy(members.id)
    : [];
  const evidence = await evidenceOf(db, flags, [...new Set(links.map((l) => l.id))]);
  return flags.map((f) => ({
    id: f.id,
    kind: f.kind as RiskFlagKind,
    subject: f.kind === 'shared_card' ? maskCard(f.subject) : f.subject,
    detail: f.detail,
    state: f.state,
    members: links
      .filter((l) => l.flagId === f.id)
      .map(({ id, username, state }) => {
        const link = evidence.get(linkKey(f.id, id));
        return {
          id,
          username,
          state,
          evidence: link?.evidence ?? '',
          linked_at: link?.at ? formatBeijing(link.at) : null,
        };
      }),
    handled_by: f.handledBy,
    handled_at: f.handledAt ? formatBeijing(f.handledAt) : null,
    created_at: formatBeijing(f.createdAt),
  }));
}

export async function flagPage(db: Db, input: { state: 'open' | 'all'; page: number; pagesize?: number }) {
  const perPage = input.pagesize ?? 20;
  const where = input.state === 'open' ? eq(riskFlags.state, 0) : undefined;
  const [total] = await db.select({ n: count() }).from(riskFlags).where(where);
  const n = total?.n ?? 0;
  const flags = await db
    .select()
    .from(riskFlags)
    .where(where)
    .orderBy(desc(riskFlags.id))
    .limit(perPage)
    .offset((input.page - 1) * perPage);
  const data = await rowsOf(db, flags);
  const from = data.length ? (input.page - 1) * perPage + 1 : null;
  return {
    current_page: input.page,
    data,
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
    from,
    to: from === null ? null : from + data.length - 1,
  };
}

/** Clears a flag (state 1), once: a handled flag answers 409. Its members are left as they are. Audited. */
export async function clearFlag(
  db: Db,
  id: number,
  operator: { id: number; username: string },
  note: string,
  requestId: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [flag] = await tx
      .update(riskFlags)
      .set({ state: 1, handledBy: operator.username.slice(0, 32), handledAt: now })
      .where(and(eq(riskFlags.id, id), eq(riskFlags.state, 0)))
      .returning();
    if (!flag) {
      const [exists] = await tx.select({ id: riskFlags.id }).from(riskFlags).where(eq(riskFlags.id, id));
      throw exists
        ? new AppError(BizCode.CONFLICT, MSG.riskFlagHandled)
        : new AppError(BizCode.NOT_FOUND, MSG.notFound);
    }
    const linked = await tx
      .select({ memberId: riskFlagMembers.memberId })
      .from(riskFlagMembers)
      .where(eq(riskFlagMembers.flagId, id));
    await audit(tx, {
      operatorId: operator.id,
      action: 'risk.clear',
      target: `risk-flag:${id}`,
      before: { state: 0 },
      after: { state: 1, members: linked.map((l) => l.memberId), note: note.slice(0, 200) },
      requestId,
    });
    const [row] = await rowsOf(tx, [flag]);
    return row!;
  });
}

/**
 * Freezes one member of an open flag (state 0, sessions ended), as the member page's 停用 does; the other members
 * and the flag stay as they are, so the admin judges each link on its own evidence. A member not on the flag
 * answers 404, an already disabled one 409. Audited as `risk.freeze-member` and `member.state`.
 */
export async function freezeFlagMember(
  db: Db,
  id: number,
  memberId: number,
  operator: { id: number; username: string },
  note: string,
  requestId: string,
) {
  return db.transaction(async (tx) => {
    const [flag] = await tx.select().from(riskFlags).where(eq(riskFlags.id, id)).for('update');
    if (!flag) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);
    if (flag.state !== 0) throw new AppError(BizCode.CONFLICT, MSG.riskFlagHandled);
    const [link] = await tx
      .select({ memberId: riskFlagMembers.memberId })
      .from(riskFlagMembers)
      .where(and(eq(riskFlagMembers.flagId, id), eq(riskFlagMembers.memberId, memberId)));
    if (!link) throw new AppError(BizCode.NOT_FOUND, MSG.riskMemberNotLinked);
    const [frozen] = await tx
      .update(members)
      .set({ state: 0 })
      .where(and(eq(members.id, memberId), ne(members.state, 0)))
      .returning({ id: members.id });
    if (!frozen) throw new AppError(BizCode.CONFLICT, MSG.riskMemberAlreadyFrozen);
    await tx.delete(memberSessions).where(eq(memberSessions.memberId, memberId));
    const after = { state: 0, risk_flag: id, note: note.slice(0, 200) };
    await audit(tx, {
      operatorId: operator.id,
      action: 'member.state',
      target: `member:${memberId}`,
      after,
      requestId,
    });
    await audit(tx, {
      operatorId: operator.id,
      action: 'risk.freeze-member',
      target: `risk-flag:${id}`,
      after: { member: memberId, note: after.note },
      requestId,
    });
    const [row] = await rowsOf(tx, [flag]);
    return row!;
  });
}
