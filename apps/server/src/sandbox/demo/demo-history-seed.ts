import { asc, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { members } from '../../db/tables/accounts';
import { vipLevels } from '../../db/tables/vip';
import { bets } from '../../db/tables/bets';
import { venueReconciliationDifferences } from '../../db/tables/venue-wallet';
import { HUB88_DEMO_VENUE } from './content-seed';
import { accountCode, type DatedMovement, postDated } from '../../modules/ledger/ledger-service';
import { commissionPlans, partnerPlans, partnerStatements } from '../../db/tables/partners';
import { beijingMonth, previousMonth, settleMonth } from '../../modules/partners/partners-service';
import { deposits, memberCards, withdrawals } from '../../db/tables/payments';
import { rebates } from '../../db/tables/rebates';
import { rebateCents } from '../../modules/rebates/rebates-service';
import { redpacketGrabs } from '../../db/tables/redpackets';
import { beijingDay } from '../../lib/time';
import { onRegistered, onWithdrawal } from '../../modules/risk/risk-service';
import { siteSettings } from '../../db/tables/site';
import { vipRises } from '../../db/tables/vip';
import { hashSecret } from '../../lib/passwords';
import { centsToNumeric, numericToCents } from '../../lib/money';
import { rowsOf } from '../../db/rows';

/**
 * The embedded demo's month of history (docs/operations.md "Demo history"): members registered over the last 30 days, their
 * deposits (approved, rejected, pending), bets at the demo's seamless venue settled with wins and losses, red
 * packets, rebates, withdrawals in every state, a partner with a downline and a paid statement of last month, and
 * risk flags raised by the product's own checks, and VIP levels risen by the product's rule as the month went. Every cent moves through ledger_post with the time it happened
 * (sealed like any movement), so the ledger check balances and the reports' kept days are recomputed as stale days.
 */

/** The site setting that says the history is there: a restart seeds nothing twice. */
export const DEMO_HISTORY_MARKER = 'demo_history_seeded_at';
/** The seamless venue the history's bets are played at (the sandbox aggregator's, AGGREGATOR_DEMO_VENUES). */
export const DEMO_HISTORY_VENUE = { code: 'JHQP', category: 'joker' } as const;
export const DEMO_HISTORY_DAYS = 30;
const MEMBERS = 320;
const DOWNLINE = 40;
/** The password of every history member (they are the demo's, and sign in like any member). */
const DEMO_PASSWORD = 'demo123456';
const PARTNER_NAME = 'demoagent';
/** Four registrations from one address within hours: the product's same-IP check flags them. */
const SHARED_IP = '203.0.113.77';

/** The history belongs to the embedded demo only: demo content on, sandbox on, no DATABASE_URL (a production install). */
export function wantsDemoHistory(config: Pick<AppConfig, 'seedDemo' | 'sandbox' | 'databaseUrl'>): boolean {
  return config.seedDemo && config.sandbox && !config.databaseUrl;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A small seeded generator (mulberry32): the same history shape at every seeding. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '吴',
  '周',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '林',
  '罗',
  '高',
];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '小龙',
  '建华',
  '丽娟',
  '志强',
];
const NAME_WORDS = [
  'lucky',
  'tiger',
  'dragon',
  'panda',
  'star',
  'king',
  'ace',
  'fox',
  'wind',
  'moon',
  'sky',
  'gold',
  'jade',
  'rain',
];
const BANKS = ['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行'];
const STAKES = [1000, 2000, 5000, 5000, 10000, 10000, 20000, 50000];
const DEPOSITS = [10000, 20000, 30000, 50000, 50000, 100000, 200000, 500000];
const PAY_WAYS = ['bank', 'alipay', 'wechat', 'ebpay', 'usdt'] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
function tradeNo(prefix: string, at: Date, seq: number): string {
  const d = new Date(at.getTime() + 8 * HOUR);
  return `${prefix}${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${pad(seq, 6)}`;
}

type Event = { at: number; order: number; movement: (ids: number[]) => DatedMovement };

/**
 * Seeds the history once, in one transaction (a marker setting keeps a restart from seeding it again). Answers
 * whether it seeded. The caller decides whether the install wants it (wantsDemoHistory).
 */
export async function seedDemoHistory(db: Db, nowAt: Date): Promise<boolean> {
  const now = nowAt.getTime();
  const start = now - DEMO_HISTORY_DAYS * DAY;
  const [marked] = await db
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(eq(siteSettings.key, DEMO_HISTORY_MARKER));
  if (marked) return false;
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(siteSettings)
      .values({ key: DEMO_HISTORY_MARKER, value: JSON.stringify(nowAt.toISOString()) })
      .onConflictDoNothing()
      .returning({ key: siteSettings.key });
    if (!claimed.length) return false;
    await writeHistory(tx, start, now, passwordHash);
    return true;
  });
}

async function writeHistory(tx: Tx, start: number, now: number, passwordHash: string): Promise<void> {
  const rnd = generator(20261126);
  const asDb = tx as unknown as Db;
  const venue = DEMO_HISTORY_VENUE;

  // Members: a partner from the first day, the rest over the month (a few more each week), four from one address.
  const regTimes = Array.from({ length: MEMBERS }, (_, i) =>
    i === 0 ? start + 2 * HOUR : start + Math.floor(rnd.next() ** 0.7 * (now - start - 2 * HOUR)),
  ).sort((a, b) => a - b);
  const sharedFrom = now - 6 * DAY;
  const memberRows = regTimes.map((at, i) => ({
    username: i === 0 ? PARTNER_NAME : `${rnd.pick(NAME_WORDS)}${pad(i, 3)}${rnd.int(10, 99)}`,
    passwordHash,
    realname: `${rnd.pick(SURNAMES)}${rnd.pick(GIVEN)}`,
    mobile: `1${rnd.pick(['3', '5', '8'])}${rnd.int(100000000, 999999999)}`,
    isagent: i === 0 ? 1 : 0,
    registerIp: `10.${rnd.int(0, 255)}.${rnd.int(0, 255)}.${rnd.int(1, 254)}`,
    createdAt: new Date(at),
  }));
  // The same-IP cluster: four members registered within hours of each other, six days ago.
  const cluster = [MEMBERS - 40, MEMBERS - 39, MEMBERS - 38, MEMBERS - 37];
  for (const [k, i] of cluster.entries()) {
    const row = memberRows[i]!;
    row.registerIp = SHARED_IP;
    row.createdAt = new Date(sharedFrom + k * 40 * MIN);
  }
  // A demo database of an earlier version may hold members of its own: a name already taken gets a suffix.
  const taken = new Set(
    rowsOf<{ name: string }>(
      await tx.execute(
        sql`SELECT lower(username) AS name FROM members WHERE lower(username) = ANY (${`{${memberRows.map((r) => r.username.toLowerCase()).join(',')}}`}::text[])`,
      ),
    ).map((r) => r.name),
  );
  for (const row of memberRows)
    if (taken.has(row.username.toLowerCase())) row.username = `${row.username.slice(0, 24)}h${rnd.int(1000, 9999)}`;
  const ids = (await tx.insert(members).values(memberRows).returning({ id: members.id })).map((r) => r.id);
  const partnerId = ids[0]!;
  // A downline: the first members after the partner registered through the partner's link.
  await tx.execute(
    sql`UPDATE members SET inviter_id = ${partnerId} WHERE id = ANY (${`{${ids.slice(1, DOWNLINE + 1).join(',')}}`}::integer[])`,
  );
  const [plan] = await tx
    .insert(commissionPlans)
    .values({
      name: '标准代理方案',
      feeShareBp: 100,
      tiers: [
        { minNetCents: 0, minActive: 1, rateBp: 3000 },
        { minNetCents: 5_000_000, minActive: 10, rateBp: 4000 },
      ],
    })
    .returning({ id: commissionPlans.id });
  await tx.insert(partnerPlans).values({ memberId: partnerId, planId: plan!.id });

  // The month simulated member by member in time order; the balance in cents decides what a member can stake or
  // withdraw, so no movement is ever refused.
  const events: Event[] = [];
  let order = 0;
  const depositRows: (typeof deposits.$inferInsert)[] = [];
  const withdrawalPlans: { member: number; at: number; cents: number; state: 1 | 2 | 3; reviewedAt: number }[] = [];
  const betRows: (typeof bets.$inferInsert)[] = [];
  const rebatePlans: {
    member: number;
    betId: string;
    at: number;
    validCents: number;
    level: number;
    rate: string;
    cents: number;
    claimAt: number | null;
  }[] = [];
  const grabPlans: { member: number; at: number; depositCents: number; prize: number }[] = [];
  const paysum = new Map<number, number>();
  const turnover = new Map<number, number>();
  const vip = await vipTimeline(tx, paysum, turnover);
  let seq = 0;

  for (let i = 1; i < MEMBERS; i++) {
    const m = i;
    // The quick withdrawal's member (below) does nothing else.
    if (i === cluster[0]) continue;
    if (!rnd.chance(i <= DOWNLINE ? 0.85 : 0.7)) continue;
    let balance = 0;
    // One member in nine is a regular, who plays long sessions (and so reaches the VIP levels above the first).
    const regular = i % 9 === 4;
    let t = regTimes[i]! + rnd.int(5, 240) * MIN;
    if (cluster.includes(i)) t = memberRows[i]!.createdAt.getTime() + rnd.int(10, 30) * MIN;
    const visits = rnd.int(1, 6);
    for (let v = 0; v < visits && t < now - 20 * MIN; v++) {
      // A deposit: most approved by finance within minutes, some rejected, the last hour's still pending.
      const cents = rnd.pick(DEPOSITS);
      const depositAt = t;
      const depositNo = tradeNo('D', new Date(depositAt), ++seq);
      const recent = now - depositAt < 90 * MIN;
      const state = recent ? 1 : rnd.chance(0.1) ? 3 : 2;
      const reviewedAt = depositAt + rnd.int(2, 25) * MIN;
      const payWay = rnd.pick(PAY_WAYS);
      depositRows.push({
        depositNo,
        memberId: m, // mapped to the id below
        payWay,
        amount: centsToNumeric(cents),
        state,
        depositorName: payWay === 'bank' ? memberRows[i]!.realname : '',
        note: state === 3 ? '未收到款项' : '',
        reviewedBy: state === 1 ? '' : 'finance',
        reviewedAt: state === 1 ? null : new Date(reviewedAt),
        createdAt: new Date(depositAt),
      });
      if (state !== 2 || reviewedAt >= now) {
        t = depositAt + rnd.int(6, 72) * HOUR;
        continue;
      }
      balance += cents;
      paysum.set(m, (paysum.get(m) ?? 0) + cents);
      vip.rise(m, reviewedAt);
      events.push({
        at: reviewedAt,
        order: order++,
        movement: (id) => ({
          reference: `deposit:${depositNo}`,
          kind: 'deposit',
          memberId: id[m]!,
          memo: depositNo,
          at: new Date(reviewedAt),
          legs: [
            { account: accountCode.house('deposits', id[m]!), cents: -cents },
            { account: accountCode.wallet(id[m]!), cents },
          ],
        }),
      });
      t = reviewedAt + rnd.int(1, 10) * MIN;
      // A red packet now and then on a deposit day.
      if (cents >= 10000 && rnd.chance(0.25)) {
        const prize = rnd.int(100, Math.min(8800, Math.floor(cents * 0.03)));
        grabPlans.push({ member: m, at: t, depositCents: cents, prize });
        balance += prize;
        t += rnd.int(1, 5) * MIN;
      }
      // A session of rounds at the seamless venue: the stake leaves the central wallet, a win pays 1.95x.
      const rounds = rnd.int(1, regular ? 30 : 5);
      for (let r = 0; r < rounds && t < now - 5 * MIN; r++) {
        const stake = Math.min(rnd.pick(STAKES), balance);
        if (stake < 1000) break;
        const won = rnd.chance(0.47);
        const payout = won ? Math.round(stake * 1.95) : 0;
        const betAt = t;
        const settledAt = t + rnd.int(1, 3) * MIN;
        const txId = `H${pad(++seq, 7)}`;
        const betId = `${venue.code}:${txId}`;
        balance += payout - stake;
        turnover.set(m, (turnover.get(m) ?? 0) + stake);
        betRows.push({
          betId,
          memberId: m,
          venueCode: venue.code,
          category: venue.category,
          gameCode: 'dice',
          betAmount: centsToNumeric(stake),
          validAmount: centsToNumeric(stake),
          winLoss: centsToNumeric(payout - stake),
          status: 1,
          createdAt: new Date(betAt),
          settledAt: new Date(settledAt),
        });
        events.push({
          at: betAt,
          order: order++,
          movement: (id) => ({
            reference: `seamless:${venue.code}:${txId}`,
            kind: 'bet_stake',
            memberId: id[m]!,
            memo: venue.code,
            at: new Date(betAt),
            legs: [
              { account: accountCode.wallet(id[m]!), cents: -stake },
              { account: accountCode.venueFloat(venue.code, id[m]!), cents: stake },
            ],
          }),
        });
        if (payout > 0) {
          events.push({
            at: settledAt,
            order: order++,
            movement: (id) => ({
              reference: `seamless:${venue.code}:${txId}W`,
              kind: 'bet_payout',
              memberId: id[m]!,
              memo: venue.code,
              at: new Date(settledAt),
              legs: [
                { account: accountCode.venueFloat(venue.code, id[m]!), cents: -payout },
                { account: accountCode.wallet(id[m]!), cents: payout },
              ],
            }),
          });
        }
        // A rebate at the member's level rate for the venue's category, claimed the next day (unless that is still
        // to come); then the level rises with the turnover, as a settlement does (rebates-service onBetSettled).
        const { level, rate } = vip.rateOf(m);
        const rebate = rebateCents(stake, rate);
        const claimAt = settledAt + rnd.int(12, 36) * HOUR;
        rebatePlans.push({
          member: m,
          betId,
          at: settledAt,
          validCents: stake,
          level,
          rate,
          cents: rebate,
          claimAt: claimAt < now ? claimAt : null,
        });
        vip.rise(m, settledAt);
        t = settledAt + rnd.int(1, 4) * MIN;
      }
      // A withdrawal of most of what is left, now and then: paid, rejected (returned), or still waiting.
      if (balance >= 20000 && rnd.chance(0.35)) {
        const cents = Math.floor((balance * 0.8) / 10000) * 10000;
        const at = t + rnd.int(5, 60) * MIN;
        if (cents > 0 && at < now - 10 * MIN) {
          const waiting = now - at < 3 * HOUR || rnd.chance(0.08);
          const state = waiting ? 1 : rnd.chance(0.12) ? 3 : 2;
          const reviewedAt = at + rnd.int(10, 90) * MIN;
          withdrawalPlans.push({
            member: m,
            at,
            cents,
            state: state === 1 || reviewedAt >= now ? 1 : state,
            reviewedAt,
          });
          balance -= cents;
          if (state === 3 && reviewedAt < now) balance += cents;
          t = at;
        }
      }
      t += rnd.int(8, 96) * HOUR;
    }
  }

  // Deposits of the last two hours still waiting: bank transfers and USDT for finance to review.
  for (let k = 0; k < 8; k++) {
    const m = rnd.int(1, MEMBERS - 41);
    const at = now - rnd.int(5, 120) * MIN;
    const payWay = rnd.pick(['bank', 'usdt'] as const);
    depositRows.push({
      depositNo: tradeNo('D', new Date(at), ++seq),
      memberId: m,
      payWay,
      amount: centsToNumeric(rnd.pick(DEPOSITS)),
      state: 1,
      depositorName: payWay === 'bank' ? memberRows[m]!.realname : '',
      createdAt: new Date(at),
    });
  }

  // A member of the same-IP cluster grabs a red packet and withdraws it at once: the quick-withdrawal check flags it.
  const quick = cluster[0]!;

  // Rows of the other tables, with the members' ids.
  const idOf = (m: number) => ids[m]!;
  for (const d of depositRows) d.memberId = idOf(d.memberId);
  for (const b of betRows) b.memberId = idOf(b.memberId);
  if (depositRows.length) await insertChunked(tx, deposits, depositRows);
  if (betRows.length) await insertChunked(tx, bets, betRows);

  // Red packets: their references name the grab's id.
  const grabIds = grabPlans.length
    ? (
        await tx
          .insert(redpacketGrabs)
          .values(
            grabPlans.map((g) => ({
              memberId: idOf(g.member),
              day: beijingDay(new Date(g.at)),
              depositMoney: centsToNumeric(g.depositCents),
              prize: centsToNumeric(g.prize),
              createdAt: new Date(g.at),
              usedAt: new Date(g.at),
            })),
          )
          .returning({ id: redpacketGrabs.id })
      ).map((r) => r.id)
    : [];
  grabPlans.forEach((g, k) => {
    const grabId = grabIds[k]!;
    events.push({
      at: g.at,
      order: order++,
      movement: (id) => ({
        reference: `redpacket:${grabId}`,
        kind: 'redpacket',
        memberId: id[g.member]!,
        at: new Date(g.at),
        legs: [
          { account: accountCode.house('redpackets', id[g.member]!), cents: -g.prize },
          { account: accountCode.wallet(id[g.member]!), cents: g.prize },
        ],
      }),
    });
  });

  // Rebates: one row per bet; a member's rows claimed together at the claim time of the last of them.
  const rebateIds: number[] = [];
  for (let k = 0; k < rebatePlans.length; k += 1000) {
    const chunk = rebatePlans.slice(k, k + 1000);
    const rows = await tx
      .insert(rebates)
      .values(
        chunk.map((r) => ({
          memberId: idOf(r.member),
          betId: r.betId,
          venueCode: venue.code,
          category: venue.category,
          validAmount: centsToNumeric(r.validCents),
          vipLevel: r.level,
          rate: r.rate,
          money: centsToNumeric(r.cents),
          state: r.claimAt === null ? 0 : 1,
          createdAt: new Date(r.at),
          claimedAt: r.claimAt === null ? null : new Date(r.claimAt),
        })),
      )
      .returning({ id: rebates.id });
    rebateIds.push(...rows.map((r) => r.id));
  }
  // Claims: a member's claimed rows grouped by week, one movement each, at the latest claim time of the week.
  const claimKey = (member: number, at: number) => `${member}:${Math.floor((at - start) / (7 * DAY))}`;
  const claims = new Map<string, { member: number; at: number; cents: number; lastId: number; count: number }>();
  rebatePlans.forEach((r, k) => {
    if (r.claimAt === null || r.cents <= 0) return;
    const key = claimKey(r.member, r.claimAt);
    const c = claims.get(key) ?? { member: r.member, at: 0, cents: 0, lastId: 0, count: 0 };
    c.at = Math.max(c.at, r.claimAt);
    c.cents += r.cents;
    c.lastId = Math.max(c.lastId, rebateIds[k]!);
    c.count += 1;
    claims.set(key, c);
  });
  for (const c of claims.values()) {
    events.push({
      at: c.at,
      order: order++,
      movement: (id) => ({
        reference: `rebate-claim:${id[c.member]!}:${c.lastId}`,
        kind: 'rebate',
        memberId: id[c.member]!,
        memo: `${c.count}`,
        at: new Date(c.at),
        legs: [
          { account: accountCode.house('rebates', id[c.member]!), cents: -c.cents },
          { account: accountCode.wallet(id[c.member]!), cents: c.cents },
        ],
      }),
    });
  }
  // Claimed rows carry their claim's time.
  for (const r of rebatePlans) {
    if (r.claimAt === null) continue;
    const c = claims.get(claimKey(r.member, r.claimAt));
    if (c) r.claimAt = c.at;
  }
  await tx.execute(sql`
    UPDATE rebates r SET claimed_at = c.at
      FROM jsonb_to_recordset(${JSON.stringify(rebatePlans.flatMap((r, k) => (r.claimAt === null ? [] : [{ id: rebateIds[k], at: new Date(r.claimAt).toISOString() }])))}::jsonb)
           AS c(id int, at timestamptz)
     WHERE r.id = c.id`);

  // Withdrawals: a card per member who withdraws, the order's hold, then its payout or return.
  const withdrawers = [...new Set(withdrawalPlans.map((w) => w.member))];
  const cardIds = new Map<number, number>();
  if (withdrawers.length) {
    const cards = await tx
      .insert(memberCards)
      .values(
        withdrawers.map((m) => ({
          memberId: idOf(m),
          type: 1,
          bank: rnd.pick(BANKS),
          bankOwner: memberRows[m]!.realname,
          bankNo: `62${rnd.int(10000000, 99999999)}${rnd.int(100000000, 999999999)}`,
          createdAt: new Date(regTimes[m]! + 30 * MIN),
        })),
      )
      .returning({ id: memberCards.id, memberId: memberCards.memberId });
    for (const c of cards) cardIds.set(c.memberId, c.id);
  }
  const cardOf = new Map<number, { bank: string; bankOwner: string; bankNo: string }>();
  if (withdrawers.length) {
    const rows = await tx.select().from(memberCards);
    for (const r of rows) cardOf.set(r.memberId, { bank: r.bank, bankOwner: r.bankOwner, bankNo: r.bankNo });
  }
  const withdrawalRows = withdrawalPlans.map((w) => {
    const memberId = idOf(w.member);
    const card = cardOf.get(memberId)!;
    const orderNo = tradeNo('W', new Date(w.at), ++seq);
    events.push({
      at: w.at,
      order: order++,
      movement: (id) => ({
        reference: `withdrawal:${orderNo}`,
        kind: 'withdrawal',
        memberId: id[w.member]!,
        memo: orderNo,
        at: new Date(w.at),
        legs: [
          { account: accountCode.wallet(id[w.member]!), cents: -w.cents },
          { account: accountCode.house('withdrawals_in_flight', id[w.member]!), cents: w.cents },
        ],
      }),
    });
    if (w.state !== 1) {
      events.push({
        at: w.reviewedAt,
        order: order++,
        movement: (id) => ({
          reference: `withdrawal-${w.state === 2 ? 'paid' : 'returned'}:${orderNo}`,
          kind: w.state === 2 ? 'withdrawal_paid' : 'withdrawal_returned',
          memberId: id[w.member]!,
          memo: orderNo,
          at: new Date(w.reviewedAt),
          legs: [
            { account: accountCode.house('withdrawals_in_flight', id[w.member]!), cents: -w.cents },
            w.state === 2
              ? { account: accountCode.house('withdrawals_paid', id[w.member]!), cents: w.cents }
              : { account: accountCode.wallet(id[w.member]!), cents: w.cents },
          ],
        }),
      });
    }
    return {
      orderNo,
      memberId,
      cardId: cardIds.get(memberId)!,
      cardType: 1,
      bank: card.bank,
      bankOwner: card.bankOwner,
      bankNo: card.bankNo,
      amount: centsToNumeric(w.cents),
      state: w.state,
      note: w.state === 3 ? '银行卡信息有误，请核对后重新提交' : '',
      reviewedBy: w.state === 1 ? '' : 'finance',
      reviewedAt: w.state === 1 ? null : new Date(w.reviewedAt),
      createdAt: new Date(w.at),
    };
  });
  if (withdrawalRows.length) await insertChunked(tx, withdrawals, withdrawalRows);

  // The quick withdrawal: a deposit, a red packet on it, and the whole wallet asked out within the hour, unplayed.
  const quickId = idOf(quick);
  const quickAt = now - 30 * HOUR;
  const quickDepositNo = tradeNo('D', new Date(quickAt - 15 * MIN), ++seq);
  await tx.insert(deposits).values({
    depositNo: quickDepositNo,
    memberId: quickId,
    payWay: 'alipay',
    amount: '200.00',
    state: 2,
    reviewedBy: 'finance',
    reviewedAt: new Date(quickAt - 5 * MIN),
    createdAt: new Date(quickAt - 15 * MIN),
  });
  paysum.set(quick, 20000);
  events.push({
    at: quickAt - 5 * MIN,
    order: order++,
    movement: (id) => ({
      reference: `deposit:${quickDepositNo}`,
      kind: 'deposit',
      memberId: id[quick]!,
      memo: quickDepositNo,
      at: new Date(quickAt - 5 * MIN),
      legs: [
        { account: accountCode.house('deposits', id[quick]!), cents: -20000 },
        { account: accountCode.wallet(id[quick]!), cents: 20000 },
      ],
    }),
  });
  const [quickGrab] = await tx
    .insert(redpacketGrabs)
    .values({
      memberId: quickId,
      day: beijingDay(new Date(quickAt)),
      depositMoney: '200.00',
      prize: '58.00',
      createdAt: new Date(quickAt),
      usedAt: new Date(quickAt),
    })
    .returning({ id: redpacketGrabs.id });
  events.push({
    at: quickAt,
    order: order++,
    movement: (id) => ({
      reference: `redpacket:${quickGrab!.id}`,
      kind: 'redpacket',
      memberId: id[quick]!,
      at: new Date(quickAt),
      legs: [
        { account: accountCode.house('redpackets', id[quick]!), cents: -5800 },
        { account: accountCode.wallet(id[quick]!), cents: 5800 },
      ],
    }),
  });

  // Every movement in time order, through ledger_post with its own time.
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  await postDated(
    tx,
    events.map((e) => e.movement(ids)),
  );

  // What members' rows keep of it: lifetime deposits and turnover.
  const totals = [...new Set([...paysum.keys(), ...turnover.keys()])].map((m) => ({
    id: idOf(m),
    paysum: centsToNumeric(paysum.get(m) ?? 0),
    turnover: centsToNumeric(turnover.get(m) ?? 0),
  }));
  if (totals.length) {
    await tx.execute(sql`
      UPDATE members m SET paysum = t.paysum, turnover = t.turnover
        FROM jsonb_to_recordset(${JSON.stringify(totals)}::jsonb) AS t(id int, paysum numeric, turnover numeric)
       WHERE m.id = t.id`);
  }

  // The levels members rose to, and the day of each one's last rise (a member rises at most one level a day).
  const risen = vip
    .risen()
    .map((r) => ({ id: idOf(r.member), level: r.level, day: r.day, at: new Date(r.at).toISOString() }));
  if (risen.length) {
    await tx.execute(sql`
      UPDATE members m SET vip = r.level
        FROM jsonb_to_recordset(${JSON.stringify(risen)}::jsonb) AS r(id int, level int)
       WHERE m.id = r.id`);
    await tx
      .insert(vipRises)
      .values(
        risen.map((r) => ({ memberId: r.id, day: r.day, updatedAt: new Date(r.at), levelSince: new Date(r.at) })),
      );
  }

  // Risk: the product's own checks, as the registrations and withdrawals happened.
  const last = cluster[cluster.length - 1]!;
  await onRegistered(asDb, SHARED_IP, '', memberRows[last]!.createdAt);
  const [quickWallet] = rowsOf<{ balance: string }>(
    await tx.execute(sql`SELECT balance FROM ledger_accounts WHERE code = ${accountCode.wallet(quickId)}`),
  );
  const quickCents = Math.round(Number(quickWallet?.balance ?? '0') * 100);
  if (quickCents >= 5800) {
    const quickOrder = tradeNo('W', new Date(quickAt + 20 * MIN), ++seq);
    const quickCard = await tx
      .insert(memberCards)
      .values({
        memberId: quickId,
        type: 1,
        bank: BANKS[0]!,
        bankOwner: memberRows[quick]!.realname,
        bankNo: '6222020200112233445',
      })
      .returning({ id: memberCards.id });
    await tx.insert(withdrawals).values({
      orderNo: quickOrder,
      memberId: quickId,
      cardId: quickCard[0]!.id,
      cardType: 1,
      bank: BANKS[0]!,
      bankOwner: memberRows[quick]!.realname,
      bankNo: '6222020200112233445',
      amount: centsToNumeric(quickCents),
      state: 1,
      createdAt: new Date(quickAt + 20 * MIN),
    });
    await postDated(tx, [
      {
        reference: `withdrawal:${quickOrder}`,
        kind: 'withdrawal',
        memberId: quickId,
        memo: quickOrder,
        at: new Date(quickAt + 20 * MIN),
        legs: [
          { account: accountCode.wallet(quickId), cents: -quickCents },
          { account: accountCode.house('withdrawals_in_flight', quickId), cents: quickCents },
        ],
      },
    ]);
    await onWithdrawal(asDb, quickId, quickOrder, quickCents, new Date(quickAt + 20 * MIN));
  }

  // The partner's statement of last month, settled by the product's monthly settlement and paid on the 1st.
  const month = previousMonth(beijingMonth(new Date(now)));
  await settleMonth({ db: asDb, clock: { now: () => new Date(now) } }, month);
  const [statement] = await tx.select().from(partnerStatements).where(eq(partnerStatements.partnerId, partnerId));
  if (statement) {
    const paidAt = Math.min(Date.parse(`${beijingMonth(new Date(now))}-01T03:00:00Z`), now - HOUR);
    const cents = Math.round(Number(statement.commission) * 100);
    await tx
      .update(partnerStatements)
      .set({ state: 2, paidBy: 'finance', paidAt: new Date(paidAt), createdAt: new Date(Math.min(paidAt - HOUR, now)) })
      .where(eq(partnerStatements.id, statement.id));
    if (cents > 0) {
      await postDated(tx, [
        {
          reference: `commission:${statement.id}`,
          kind: 'commission',
          memberId: partnerId,
          memo: `${month} 代理佣金`,
          at: new Date(paidAt),
          legs: [
            { account: accountCode.house('commissions', partnerId), cents: -cents },
            { account: accountCode.wallet(partnerId), cents },
          ],
        },
      ]);
    }
  }

  // 场馆对账: one finding of yesterday's comparison with 环球电子's aggregator, a bet its list names that never reached
  // us, so finance sees what the screen is for before a real day has been compared.
  await tx
    .insert(venueReconciliationDifferences)
    .values({
      day: beijingDay(new Date(now - DAY)),
      venueCode: HUB88_DEMO_VENUE.code,
      transactionId: 'demo-recon-0001',
      difference: 'missing_ours',
      roundId: 'demo-round-0001',
      theirsKind: 'bet',
      theirsAmount: '20.00',
      theirsStatus: 'TS_SUCCESS',
      theirsAt: new Date(now - DAY).toISOString(),
      theirsPlayer: memberRows.at(-1)!.username,
    })
    .onConflictDoNothing();
}

/**
 * Members' VIP levels through the simulated month, by the product's rule (vip-service recomputeVip): after a deposit
 * is approved or a bet settles, a member below the highest enabled level their lifetime deposits and turnover reach
 * rises to the next enabled level, once per Beijing day. Every member starts at level 1, as registration gives.
 */
async function vipTimeline(tx: Tx, paysum: Map<number, number>, turnover: Map<number, number>) {
  const levels = (
    await tx
      .select({ level: vipLevels.level, recharge: vipLevels.recharge, flow: vipLevels.flow, rate: vipLevels.joker })
      .from(vipLevels)
      .where(eq(vipLevels.enabled, 1))
      .orderBy(asc(vipLevels.level))
  ).map((l) => ({
    level: l.level,
    rechargeCents: numericToCents(l.recharge),
    flowCents: numericToCents(l.flow),
    rate: l.rate,
  }));
  const current = new Map<number, { level: number; day: string; at: number }>();
  const levelOf = (m: number) => current.get(m)?.level ?? 1;
  return {
    /** The member's level now and its rate for the history's venue (a seamless 'joker' venue). */
    rateOf(m: number) {
      const level = levelOf(m);
      return { level, rate: levels.find((l) => l.level === level)?.rate ?? '0.00' };
    },
    rise(m: number, at: number) {
      const level = levelOf(m);
      const pay = paysum.get(m) ?? 0;
      const flow = turnover.get(m) ?? 0;
      const target = Math.max(
        0,
        ...levels.filter((l) => l.rechargeCents <= pay && l.flowCents <= flow).map((l) => l.level),
      );
      const day = beijingDay(new Date(at));
      if (target <= level || current.get(m)?.day === day) return;
      const next = levels.find((l) => l.level > level);
      if (next && next.level <= target) current.set(m, { level: next.level, day, at });
    },
    risen: () => [...current.entries()].map(([member, r]) => ({ member, ...r })),
  };
}

/** Inserts many rows a thousand at a time (a statement's parameters are limited). */
async function insertChunked<T extends typeof deposits | typeof bets | typeof withdrawals>(
  tx: Tx,
  table: T,
  rows: T['$inferInsert'][],
) {
  for (let k = 0; k < rows.length; k += 1000) await tx.insert(table).values(rows.slice(k, k + 1000) as never);
}
