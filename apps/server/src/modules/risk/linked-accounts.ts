import { BizCode, centsToMoney, MSG, type MemberLinkKind, type MemberLinks } from '@h5/contract';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { numericToCents } from '../../lib/money';
import { formatBeijing } from '../../lib/time';
import { members } from '../../db/tables/accounts';
import { maskCard } from './risk-service';
import { rowsOf } from '../../db/rows';

/**
 * Linked accounts (docs/responsible-and-risk.md "Linked accounts"): the other members who share an IP (registration or sign-in), a device
 * (the User-Agent of a sign-in) or a bound card or USDT address with one member, each with the evidence and their
 * deposits and withdrawals, for finance reviewing a withdrawal.
 */

/** At most this many linked members are listed; the rest are counted. */
export const LINKED_LIST_MAX = 50;
/** A value held by more than this many other members is too common to link anyone (listed apart). */
export const LINK_COMMON_ABOVE = 50;
/** The member's own values looked at per kind: the most recently used ones. */
export const LINK_VALUES_MAX = 100;

/** Loopback and empty addresses are no evidence: every local request (the demo, the tests, a proxy) comes from them. */
export function isEvidenceIp(ip: string): boolean {
  const v = ip.trim().toLowerCase();
  if (!v || v === 'unknown' || v === '::1' || v === '0:0:0:0:0:0:0:1') return false;
  return !(v.startsWith('127.') || v.startsWith('::ffff:127.'));
}

/** The device as the console shows it: the platform in the User-Agent's first brackets, or its beginning, shortened. */
export function shortDevice(ua: string): string {
  const platform = /\(([^)]+)\)/.exec(ua)?.[1]?.trim();
  const text = platform || ua.trim();
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
}

type Holder = { value: string; member_id: number; seen: number | string | null };
const valuesList = (values: string[]) =>
  sql.join(
    values.map((v) => sql`(${v}::varchar)`),
    sql`, `,
  );
const seenOf = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000)::float8`;

/** Where each kind of value is held: the table and column, each with a (column, member_id, created_at) index. */
const HELD_IN = {
  login_ip: { table: 'member_logins', column: 'ip' },
  device: { table: 'member_logins', column: 'device' },
  card: { table: 'member_cards', column: 'bank_no' },
} as const;

/**
 * The other members holding each value, with the last time each was seen with it: at most LINK_COMMON_ABOVE + 1 per
 * value. The members are walked one index probe at a time (the next member id above the last), so a value shared by
 * a million sign-ins costs 51 probes, as a rare one costs a few: a plain GROUP BY would read every row of a common
 * value first.
 */
async function holders(db: DbOrTx, source: keyof typeof HELD_IN | 'register_ip', values: string[], memberId: number) {
  if (values.length === 0) return [];
  const limit = LINK_COMMON_ABOVE + 1;
  let query: SQL;
  if (source === 'register_ip') {
    // Each member registers once: any 51 of them, through the registration-address index.
    query = sql`SELECT v.value, h.member_id, h.seen FROM (VALUES ${valuesList(values)}) AS v(value)
      CROSS JOIN LATERAL (SELECT m.id AS member_id, ${seenOf(sql`m.created_at`)} AS seen FROM members m
        WHERE m.register_ip = v.value AND m.id <> ${memberId} LIMIT ${limit}) h`;
  } else {
    const table = sql.raw(HELD_IN[source].table);
    const column = sql.raw(HELD_IN[source].column);
    const next = (value: SQL, after: SQL) =>
      sql`(SELECT min(x.member_id) FROM ${table} x WHERE x.${column} = ${value} AND x.member_id > ${after} AND x.member_id <> ${memberId})`;
    query = sql`WITH RECURSIVE s(value, member_id, n) AS (
        SELECT v.value, ${next(sql`v.value`, sql`0`)}, 1 FROM (VALUES ${valuesList(values)}) AS v(value)
        UNION ALL
        SELECT s.value, ${next(sql`s.value`, sql`s.member_id`)}, s.n + 1 FROM s WHERE s.member_id IS NOT NULL AND s.n < ${limit}
      )
      SELECT s.value, s.member_id,
        (SELECT ${seenOf(sql`max(x.created_at)`)} FROM ${table} x WHERE x.${column} = s.value AND x.member_id = s.member_id) AS seen
      FROM s WHERE s.member_id IS NOT NULL`;
  }
  const result = await db.execute(query);
  return rowsOf<Holder>(result).map((r) => ({
    value: r.value,
    memberId: Number(r.member_id),
    seen: r.seen === null ? null : Number(r.seen),
  }));
}

/** The member's own values of each kind, most recently used first. */
async function ownValues(db: DbOrTx, memberId: number, registerIp: string) {
  const [ips, devices, cards] = await Promise.all([
    db.execute(sql`SELECT ip AS value FROM member_logins WHERE member_id = ${memberId} AND ip <> ''
      GROUP BY ip ORDER BY max(id) DESC LIMIT ${LINK_VALUES_MAX}`),
    db.execute(sql`SELECT device AS value FROM member_logins WHERE member_id = ${memberId} AND device <> ''
      GROUP BY device ORDER BY max(id) DESC LIMIT ${LINK_VALUES_MAX}`),
    // Removed cards count too: a number bound and removed again still ties the two members.
    db.execute(sql`SELECT bank_no AS value, min(type) AS type FROM member_cards WHERE member_id = ${memberId} AND bank_no <> ''
      GROUP BY bank_no ORDER BY max(id) DESC LIMIT ${LINK_VALUES_MAX}`),
  ]);
  const ipSet = new Set(rowsOf<{ value: string }>(ips).map((r) => r.value));
  ipSet.add(registerIp);
  return {
    ips: [...ipSet].filter(isEvidenceIp),
    devices: rowsOf<{ value: string }>(devices)
      .map((r) => r.value)
      .filter((v) => v.trim() !== ''),
    cards: rowsOf<{ value: string; type: number | string }>(cards).map((r) => ({
      value: r.value,
      kind: (Number(r.type) === 2 ? 'usdt_address' : 'bank_card') as MemberLinkKind,
    })),
  };
}

/** Deposits credited and withdrawals paid per member, in cents: the house leg of each movement, as the reports count. */
async function figures(db: DbOrTx, ids: number[]) {
  const out = new Map<number, { deposits: number; withdrawals: number }>(
    ids.map((id) => [id, { deposits: 0, withdrawals: 0 }]),
  );
  if (ids.length === 0) return out;
  const result = await db.execute(sql`SELECT t.member_id, t.kind, sum(e.amount) AS amount
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.member_id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND t.kind IN ('deposit', 'withdrawal_paid')
      AND a.kind = 'house'
      AND split_part(a.code, ':', 2) = (CASE t.kind WHEN 'deposit' THEN 'deposits' ELSE 'withdrawals_paid' END)
    GROUP BY t.member_id, t.kind`);
  for (const r of rowsOf<{ member_id: number; kind: string; amount: string | number }>(result)) {
    const f = out.get(Number(r.member_id));
    if (!f) continue;
    // The deposits account pays with a debit; the withdrawals_paid account receives what was paid out.
    if (r.kind === 'deposit') f.deposits = -numericToCents(r.amount);
    else f.withdrawals = numericToCents(r.amount);
  }
  return out;
}

const money = (f: { deposits: number; withdrawals: number }) => ({
  deposits: centsToMoney(f.deposits),
  withdrawals: centsToMoney(f.withdrawals),
  net: centsToMoney(f.deposits - f.withdrawals),
});

type Link = { kind: MemberLinkKind; value: string; shown: string; seen: number | null };

/** The members linked to one member (404 for an unknown one), strongest links first. */
export async function memberLinks(db: DbOrTx, memberId: number): Promise<MemberLinks> {
  const [member] = await db
    .select({ id: members.id, username: members.username, state: members.state, registerIp: members.registerIp })
    .from(members)
    .where(eq(members.id, memberId));
  if (!member) throw new AppError(BizCode.NOT_FOUND, MSG.notFound);

  const own = await ownValues(db, member.id, member.registerIp);
  const [loginIps, registerIps, devices, cards] = await Promise.all([
    holders(db, 'login_ip', own.ips, member.id),
    holders(db, 'register_ip', own.ips, member.id),
    holders(db, 'device', own.devices, member.id),
    holders(
      db,
      'card',
      own.cards.map((c) => c.value),
      member.id,
    ),
  ]);
  const cardKind = new Map(own.cards.map((c) => [c.value, c.kind]));
  const sources: {
    kind: (value: string) => MemberLinkKind;
    shown: (value: string) => string;
    rows: typeof loginIps;
  }[] = [
    { kind: () => 'ip', shown: (v) => v, rows: [...loginIps, ...registerIps] },
    { kind: () => 'device', shown: shortDevice, rows: devices },
    { kind: (v) => cardKind.get(v) ?? 'bank_card', shown: maskCard, rows: cards },
  ];

  // Per value: its holders (the latest time each was seen with it); a value with too many is common, not evidence.
  const linked = new Map<number, Map<string, Link>>();
  const common: MemberLinks['common'] = [];
  for (const source of sources) {
    const byValue = new Map<string, Map<number, number | null>>();
    for (const r of source.rows) {
      const seen = byValue.get(r.value) ?? new Map<number, number | null>();
      byValue.set(r.value, seen);
      const before = seen.get(r.memberId) ?? null;
      seen.set(r.memberId, before === null ? r.seen : r.seen === null ? before : Math.max(before, r.seen));
    }
    for (const [value, seen] of byValue) {
      const kind = source.kind(value);
      if (seen.size > LINK_COMMON_ABOVE) {
        common.push({ kind, value: source.shown(value) });
        continue;
      }
      for (const [id, at] of seen) {
        const links = linked.get(id) ?? new Map<string, Link>();
        linked.set(id, links);
        links.set(`${kind}:${value}`, { kind, value, shown: source.shown(value), seen: at });
      }
    }
  }

  // Strongest first: more kinds of evidence, then more values, then the most recent sighting, then the older member.
  const ranked = [...linked.entries()]
    .map(([id, links]) => {
      const list = [...links.values()].sort((a, b) => (b.seen ?? 0) - (a.seen ?? 0));
      return { id, links: list, kinds: new Set(list.map((l) => l.kind)).size, latest: list[0]?.seen ?? 0 };
    })
    .sort((a, b) => b.kinds - a.kinds || b.links.length - a.links.length || b.latest - a.latest || a.id - b.id);
  const listed = ranked.slice(0, LINKED_LIST_MAX);

  const ids = listed.map((l) => l.id);
  const [people, sums] = await Promise.all([
    ids.length
      ? db
          .select({ id: members.id, username: members.username, state: members.state })
          .from(members)
          .where(inArray(members.id, ids))
      : [],
    figures(db, [member.id, ...ids]),
  ]);
  const byId = new Map(people.map((p) => [p.id, p]));
  const zero = { deposits: 0, withdrawals: 0 };
  const total = { ...zero };
  for (const f of sums.values()) {
    total.deposits += f.deposits;
    total.withdrawals += f.withdrawals;
  }
  return {
    member: { id: member.id, username: member.username, state: member.state, ...money(sums.get(member.id) ?? zero) },
    linked: listed.map((l) => ({
      id: l.id,
      username: byId.get(l.id)?.username ?? '',
      state: byId.get(l.id)?.state ?? 1,
      links: l.links.map((k) => ({
        kind: k.kind,
        value: k.shown,
        seen_at: k.seen === null ? null : formatBeijing(new Date(k.seen)),
      })),
      ...money(sums.get(l.id) ?? zero),
    })),
    more: ranked.length - listed.length,
    common,
    total: { members: 1 + listed.length, ...money(total) },
  };
}
