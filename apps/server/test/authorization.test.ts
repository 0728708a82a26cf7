import { BizCode, endpointList, MSG } from '@h5/contract';
import { count, eq, getTableColumns, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { paymentsKit } from '../src/modules/payments/payments-test-kit';
import { hashToken, newToken } from '../src/lib/tokens';
import { addVenue, adminCall, call, creditedMember, manualClock, transferIn, useOperators, useTestApp } from './helper';

// Authorisation over every member endpoint of the registry: without a live session of its own a request is
// answered code 401 and changes nothing, and a member never reaches, changes or sees another member's rows.

type Endpoint = ReturnType<typeof endpointList>[number];
type Member = Awaited<ReturnType<typeof creditedMember>>;

const clock = manualClock();
const VENUE = 'AZV';
const t = useTestApp({ clock });
const ops = useOperators(t, ['admin']);
/** The member whose rows the unauthenticated requests aim at. */
let victim: Member & { card: number; deposit: string };
let promoId: number;

const memberEndpoints = endpointList().filter((ep) => ep.auth === 'member');
const UNAUTHENTICATED = { code: BizCode.UNAUTHORIZED, message: MSG.notLoggedIn, data: null };

async function login(m: { name: string; password: string }): Promise<string> {
  const answer = await call<{ api_token: string }>(t.app, '/api/login_pc', { name: m.name, password: m.password });
  if (answer.code !== 200) throw new Error(`login failed: ${answer.message}`);
  return answer.data.api_token;
}

/** Binds a bank card of the member (asserted), answering its id. */
const bindCard = (token: string, bankNo: string) => paymentsKit(t, () => ops.admin).bindBank(token, bankNo);

async function recharge(token: string, amount = '100'): Promise<string> {
  const made = await call<{ deposit_no: string }>(t.app, '/api/recharge', { paytype: 'alipay', amount }, { token });
  expect(made.code).toBe(200);
  return made.data.deposit_no;
}

/** A body that would do something real if the request were let through (so a hole shows as a change). */
function sampleBody(key: string): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    updateUserInfo: { email: 'hacker@example.com', mobile: '13800138000', birthday: '1990-01-01' },
    editPassword: { password: 'secret123', paypassword: 'hacked123' },
    editPayPassword: { password: 'pay123456', paypassword: 'hacked123' },
    applyAgentDo: { mobile: '13800138000', apply_info: '我想成为合作伙伴' },
    noticeList: { type: 2 },
    getGameUrl: { plat_name: VENUE, game_type: '0', game_code: '' },
    transfer: { amount: '10', sourcetype: 'userbalance', targettype: VENUE },
    upTransferStatus: { transferstatus: 1 },
    doActivityApply: { activityid: promoId },
    delCard: { id: victim.card },
    bindCard: {
      bank: '招商银行',
      bank_owner: '张三',
      bank_address: '上海分行',
      bank_no: '6222020200556677889',
      pay_pass: 'pay123456',
    },
    getPayRange: { type: 'alipay' },
    recharge: { paytype: 'alipay', amount: '100' },
    payInfo: { deposit_no: victim.deposit },
    withdraw: { amount: '100', bank: victim.card, password: 'pay123456' },
    supportSend: { text: '你好' },
    ticketCreate: { category: '存款问题', text: '查询', record_kind: 'deposit', record_no: victim.deposit },
  };
  return bodies[key] ?? {};
}

async function send(
  ep: Pick<Endpoint, 'method' | 'path'>,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  if (ep.method === 'GET') {
    const qs = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method: 'GET', url: `${ep.path}?${qs}`, headers });
  }
  return t.app.inject({
    method: 'POST',
    url: ep.path,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

function expectUnauthenticated(res: { statusCode: number; body: string }, label: string) {
  // docs/wire-rules.md "Wire details": HTTP 200, code 401 in the body (the client's expiry dialog keys on the body).
  expect(res.statusCode, label).toBe(200);
  expect(JSON.parse(res.body), label).toEqual(UNAUTHENTICATED);
}

// ---- What "changes nothing" compares -------------------------------------------------------------------------

const TABLES = Object.entries(schema as Record<string, unknown>).filter((entry): entry is [string, PgTable] =>
  is(entry[1], PgTable),
);
/** Sessions are left out: an expired one is deleted when it is presented, which is the expiry working. */
const SKIPPED_TABLES = new Set<PgTable>([schema.memberSessions]);
/**
 * Written on the scheduled jobs' timers, not by any request: a job's first run (report days and venue bet pulls
 * every minute) lands in the middle of this file whenever it runs long, as it does on a loaded machine.
 */
const JOB_TABLES = new Set<PgTable>([schema.scheduledRuns, schema.venueBetCursors]);
const sortRows = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

/** Every row that belongs to a member: its member row, every table with a member_id, its ledger entries. */
async function memberState(id: number) {
  const { db } = t.database;
  const state: Record<string, string[]> = {};
  for (const [name, table] of TABLES) {
    const column = (getTableColumns(table) as Record<string, PgColumn | undefined>).memberId;
    if (!column || SKIPPED_TABLES.has(table)) continue;
    state[name] = sortRows(await db.select().from(table).where(eq(column, id)));
  }
  state.member = sortRows(await db.select().from(schema.members).where(eq(schema.members.id, id)));
  state.entries = sortRows(
    await db
      .select({ entry: schema.ledgerEntries })
      .from(schema.ledgerEntries)
      .innerJoin(schema.ledgerAccounts, eq(schema.ledgerAccounts.id, schema.ledgerEntries.accountId))
      .where(eq(schema.ledgerAccounts.memberId, id)),
  );
  return state;
}

/** Row counts of every table: nothing was written anywhere (not only to the victim). */
async function tableCounts() {
  const counts: Record<string, number> = {};
  for (const [name, table] of TABLES) {
    if (SKIPPED_TABLES.has(table) || JOB_TABLES.has(table)) continue;
    const [row] = await t.database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

async function uploadedFiles(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(schema.storedFiles);
  return row?.n ?? 0;
}

beforeAll(async () => {
  await addVenue(t, VENUE, 'realbet');
  const promos = await call<{ data: Array<{ id: number }> }>(t.app, '/api/activitylist', {});
  const first = promos.data.data[0];
  if (!first) throw new Error('no seeded promotion');
  promoId = first.id;
  const v = await creditedMember(t, ops.admin, '500');
  victim = { ...v, card: await bindCard(v.token, '6222020200112233445'), deposit: await recharge(v.token) };
});

describe('member endpoints refuse requests without a live session', () => {
  it('compares real rows: the victim has a card, a deposit, ledger entries and a wallet', async () => {
    const state = await memberState(victim.id);
    expect(state.memberCards).toHaveLength(1);
    expect(state.deposits).toHaveLength(1);
    expect(state.ledgerAccounts?.length).toBeGreaterThan(0);
    expect(state.entries?.length).toBeGreaterThan(0);
    expect(state.member).toHaveLength(1);
  });

  it('covers a non-empty registry, every member endpoint served', () => {
    expect(memberEndpoints.length).toBeGreaterThan(30);
    for (const ep of memberEndpoints) expect(t.app.hasRoute({ method: ep.method, url: ep.path }), ep.path).toBe(true);
  });

  it('answers 401 to no token, malformed, unknown or revoked tokens, and changes nothing', async () => {
    const live = victim.token;
    const revoked = await login(victim);
    expect((await call(t.app, '/api/logoff', {}, { token: revoked })).code).toBe(200);
    const variants: Array<[string, Record<string, string>, Record<string, unknown>?]> = [
      ['no token', {}],
      [
        'token in the body or other headers only',
        { token: live, 'api-token': live, 'x-token': live, cookie: `api_token=${live}` },
        { api_token: live, token: live },
      ],
      ['empty bearer', { authorization: 'Bearer' }],
      ['bearer and a space', { authorization: 'Bearer ' }],
      ['live token without a scheme', { authorization: live }],
      ['live token under another scheme', { authorization: `Basic ${live}` }],
      ['live token with trailing words', { authorization: `Bearer ${live} extra` }],
      ['live token twice', { authorization: `Bearer ${live}, Bearer ${live}` }],
      ['over-long token', { authorization: `Bearer ${'A'.repeat(129)}` }],
      ['garbage', { authorization: 'Bearer <script>%E2%98%83' }],
      ['truncated live token', { authorization: `Bearer ${live.slice(0, -1)}` }],
      ['unknown well-formed token', { authorization: `Bearer ${newToken().token}` }],
      ['the stored hash of a live token', { authorization: `Bearer ${hashToken(live)}` }],
      ['a logged-off token', { authorization: `Bearer ${revoked}` }],
      ['a back-office operator token', { authorization: `Bearer ${ops.admin}` }],
    ];
    const countsBefore = await tableCounts();
    const filesBefore = await uploadedFiles();
    for (const ep of memberEndpoints) {
      const before = await memberState(victim.id);
      for (const [label, headers, extra] of variants) {
        expectUnauthenticated(await send(ep, { ...sampleBody(ep.key), ...extra }, headers), `${ep.path}: ${label}`);
      }
      expect(await memberState(victim.id), `${ep.path} changed the victim's rows`).toEqual(before);
    }
    expect(await tableCounts()).toEqual(countsBefore);
    expect(await uploadedFiles()).toBe(filesBefore);
    // The live token itself still works: the refusals were about the requests, not a dead session.
    expect((await call<{ balance: string }>(t.app, '/api/balance', {}, { token: live })).data.balance).toBe('500.00');
  });

  it('refuses an avatar upload without a session before reading the file', async () => {
    const boundary = '----authz';
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = await memberState(victim.id);
    for (const authorization of [undefined, `Bearer ${newToken().token}`, victim.token.slice(1)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/uploadimg',
        payload,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(authorization ? { authorization } : {}),
        },
      });
      expectUnauthenticated(res, `upload with ${authorization ?? 'no token'}`);
    }
    expect(await uploadedFiles()).toBe(0);
    expect(await memberState(victim.id)).toEqual(before);
  });
});

// ---- Another member's rows ------------------------------------------------------------------------------------

describe("a member cannot reach another member's rows", () => {
  let a: Member;
  let b: Member & { card: number; pendingDeposit: string; approvedDeposit: string };

  /** Read endpoints answering only the caller's own rows: A's answers must not move when B does things. */
  const SCOPED_READS: Record<string, Record<string, unknown>> = {
    user: {},
    refreshUserMoney: {},
    balance: {},
    balanceList: {},
    noticeList: { type: 2 },
    getCard: {},
    redpacket: {},
    userRedpacket: {},
    activityApplyLog: {},
    getFanshui: {},
    betRecord: {},
    getTransRecord: {},
    getBetAmount: {},
    referralInfo: {},
    agentApplyState: {},
    ticketList: {},
  };
  /** Actions on the caller's own rows without naming one: A doing them leaves B's rows as they were. */
  const SCOPED_ACTIONS = [
    'doFanshui',
    'transAll',
    'doUserRedpacket',
    'upTransferStatus',
    'updateUserInfo',
    'applyAgentDo',
    // 在线客服: the conversation is the caller's own open one.
    'supportOpen',
    'supportSend',
    'logoff',
  ];
  /** Endpoints taking an id or number of a member-owned row (or an account name): each has its own test below. */
  const FOREIGN_ID_CASES = [
    'delCard',
    'payInfo',
    'withdraw',
    'doActivityApply',
    'transfer',
    'supportMessages',
    'supportClose',
    'supportRate',
    'ticketCreate',
    'ticketDetail',
  ];
  /** Endpoints with no field that could name another member's row. */
  const NO_FOREIGN_ID: Record<string, string> = {
    uploadImg: 'multipart file only; the avatar is stored on the caller',
    supportUpload: "multipart file only; the image is kept as the caller's own (support.test.ts: another's is refused)",
    editPassword: "password/paypassword are the caller's own old and new passwords; no member is named",
    editPayPassword: "password/paypassword are the caller's own old and new pay passwords; no member is named",
    getGameUrl: 'plat_name/game_code name a venue and a game, site rows, not member rows',
    getAgentLoginUrl: 'site setting, no input',
    bankList: 'site list of banks, no input',
    bindCard: 'bank/bank_no/bank_owner/bank_address describe the new card, bound to the caller; bank is a bank name',
    getPayWay: 'site pay ways, no input',
    getPayRange: 'type is a pay way, a site row',
    getPayBank: "site's receiving accounts, no input",
    recharge: "bank/bank_no/bank_owner/bank_address describe the payer's own bank; the deposit is the caller's",
    // The agent centre: 403 for a member who is not a partner; one partner against another in partners.test.ts.
    agentSummary: "no input; the partner is the caller and the figures are the caller's own downline",
    agentDownline: "page only; the downline is the caller's own",
    agentStatements: "page only; the statements are the caller's own",
    // 理性娱乐: the member comes from the token; no field names a member or a row.
    responsible: "no input; the caller's own limits, break and history",
    responsibleSet: "kind/value describe one of the caller's own limits",
    responsibleBreak: "period is the length of the caller's own break",
  };
  const ID_LIKE = /(^|_)(id|no|bank|pid|member|order|uid|user)(_|$)|id$/i;
  const bodyFields = (ep: Endpoint) =>
    Object.keys((ep.body as unknown as { shape?: Record<string, unknown> }).shape ?? {});

  it('classifies every member endpoint exactly once', () => {
    const classified = [
      ...Object.keys(SCOPED_READS),
      ...SCOPED_ACTIONS,
      ...FOREIGN_ID_CASES,
      ...Object.keys(NO_FOREIGN_ID),
    ];
    expect(new Set(classified).size, 'an endpoint is listed twice').toBe(classified.length);
    expect([...classified].sort()).toEqual(memberEndpoints.map((ep) => ep.key).sort());
  });

  it('lists every endpoint with an id-like field as a foreign-id case, or says why the field names no member row', () => {
    for (const ep of memberEndpoints) {
      for (const field of bodyFields(ep).filter((f) => ID_LIKE.test(f))) {
        if (FOREIGN_ID_CASES.includes(ep.key)) continue;
        expect(
          NO_FOREIGN_ID[ep.key] ?? '',
          `${ep.key}.${field} takes an id: add a foreign-id test or a reason naming it`,
        ).toContain(field);
      }
    }
  });

  const views = async (token: string) => {
    const out: Record<string, unknown> = {};
    for (const ep of memberEndpoints) {
      const body = SCOPED_READS[ep.key];
      if (!body) continue;
      const res = await send(ep, body, { authorization: `Bearer ${token}` });
      expect(res.statusCode, ep.path).toBe(200);
      out[ep.key] = JSON.parse(res.body);
      expect((out[ep.key] as { code: number }).code, `${ep.path}: ${res.body}`).toBe(200);
    }
    return out;
  };

  let aViewsBefore: Record<string, unknown>;

  beforeAll(async () => {
    a = await creditedMember(t, ops.admin, '500');
    aViewsBefore = await views(a.token);

    // B does a bit of everything: card, deposits, venue transfer, promotion, and gets a message, bets, rebates, a grab.
    const bm = await creditedMember(t, ops.admin, '500');
    const card = await bindCard(bm.token, '6222020200998877665');
    // Credited by the sandbox gateway's signed notify, as only a gateway credits a gateway deposit.
    const approvedDeposit = await paymentsKit(t, () => ops.admin).deposit(bm.token, '200');
    const pendingDeposit = await recharge(bm.token, '150');
    b = { ...bm, card, approvedDeposit, pendingDeposit };
    expect((await transferIn(t, b.token, VENUE, '50')).code).toBe(200);
    expect((await call(t.app, '/api/doactivityapply', { activityid: promoId }, { token: b.token })).code).toBe(200);
    expect(
      (await call(t.app, '/api/applyagentdo', { mobile: '13900139000', apply_info: '乙的申请' }, { token: b.token }))
        .code,
    ).toBe(200);
    expect((await call(t.app, '/api/uptransferstatus', { transferstatus: 1 }, { token: b.token })).code).toBe(200);
    const sent = await adminCall(t, ops.admin, 'POST', '/admin/api/messages', {
      title: '仅致乙',
      content: '<p>乙的私信</p>',
      member_id: b.id,
    });
    expect(sent.code).toBe(200);
    const { db } = t.database;
    const now = clock.now();
    await db.insert(schema.bets).values({
      betId: `authz-b-${b.id}`,
      memberId: b.id,
      venueCode: VENUE,
      category: 'realbet',
      betAmount: '80.00',
      validAmount: '80.00',
      winLoss: '-80.00',
      status: 1,
      createdAt: now,
      settledAt: now,
    });
    await db.insert(schema.rebates).values({
      memberId: b.id,
      betId: `authz-b-${b.id}`,
      venueCode: VENUE,
      category: 'realbet',
      validAmount: '80.00',
      vipLevel: 0,
      rate: '1.00',
      money: '0.80',
      state: 0,
      createdAt: now,
    });
    await db.insert(schema.redpacketGrabs).values({
      memberId: b.id,
      ruleId: null,
      day: '2026-06-01',
      depositMoney: '200.00',
      prize: '8.88',
      createdAt: now,
      usedAt: now,
    });
  });

  it("shows A none of B's rows: A's answers are the same before and after B's activity", async () => {
    expect(await views(a.token)).toEqual(aViewsBefore);
    // ... while B does see them (the rows exist and the endpoints would show them).
    const bViews = JSON.stringify(await views(b.token));
    for (const seen of ['仅致乙', b.pendingDeposit, b.approvedDeposit, '8.88', '0.80', '80.00', '7665'])
      expect(bViews).toContain(seen);
    // Announcements are not a way round it either.
    const announcements = await call(t.app, '/api/noticeList', { type: 1 }, { token: a.token });
    expect(JSON.stringify(announcements)).not.toContain('仅致乙');
  });

  it("leaves B's rows alone when A does its own-row actions (claim, recycle, grab, settings, profile, log off)", async () => {
    const before = await memberState(b.id);
    for (const key of SCOPED_ACTIONS) {
      const ep = memberEndpoints.find((e) => e.key === key);
      if (!ep) throw new Error(`${key} not in the registry`);
      const res = await send(
        ep,
        { ...sampleBody(key), member_id: b.id, id: b.id, uid: b.id },
        { authorization: `Bearer ${a.token}` },
      );
      expect(JSON.parse(res.body).code, `${key}: ${res.body}`).not.toBe(500);
      expect(await memberState(b.id), `${key} by A changed B's rows`).toEqual(before);
    }
    // A logged off its own session only: B's still works, A's is gone.
    expect((await call(t.app, '/api/user', {}, { token: b.token })).code).toBe(200);
    expect(await call(t.app, '/api/user', {}, { token: a.token })).toEqual(UNAUTHENTICATED);
    a = { ...a, token: await login(a) };
  });

  describe('endpoints taking an id', () => {
    it("delCard: A cannot unbind B's card", async () => {
      const before = await memberState(b.id);
      expect(await call(t.app, '/api/delcard', { id: b.card }, { token: a.token })).toEqual({
        code: BizCode.NOT_FOUND,
        message: MSG.cardNotFound,
        data: null,
      });
      expect(await memberState(b.id)).toEqual(before);
      const cards = await call<Array<{ id: number }>>(t.app, '/api/getcard', {}, { token: b.token });
      expect(cards.data.map((c) => c.id)).toContain(b.card);
    });

    it("payInfo: A cannot read B's deposit, pending or paid", async () => {
      for (const depositNo of [
        b.pendingDeposit,
        b.approvedDeposit,
        ` ${b.pendingDeposit} `,
        b.pendingDeposit.toLowerCase(),
      ]) {
        const answer = await call(t.app, '/api/payinfo', { deposit_no: depositNo }, { token: a.token });
        expect(answer).toEqual({ code: BizCode.NOT_FOUND, message: MSG.notFound, data: null });
      }
      // B reads it (the number is real), and A's refusal carried none of it.
      const own = await call<{ deposit_no: string }>(
        t.app,
        '/api/payinfo',
        { deposit_no: b.pendingDeposit },
        { token: b.token },
      );
      expect(own.code).toBe(200);
      expect(own.data.deposit_no).toBe(b.pendingDeposit);
    });

    it("withdraw: A cannot withdraw to B's card; A's own card works", async () => {
      const bBefore = await memberState(b.id);
      const aBefore = await memberState(a.id);
      const answer = await call(
        t.app,
        '/api/withdraw',
        { amount: '100', bank: b.card, password: 'pay123456' },
        { token: a.token },
      );
      expect(answer).toEqual({ code: BizCode.NOT_FOUND, message: MSG.cardNotFound, data: null });
      expect(await memberState(a.id)).toEqual(aBefore);
      expect(await memberState(b.id)).toEqual(bBefore);
      // The refusal was the card's owner: the same request to A's own card goes through.
      const aCard = await bindCard(a.token, '6222020200123412341');
      const ok = await call<{ order_no: string }>(
        t.app,
        '/api/withdraw',
        { amount: '100', bank: aCard, password: 'pay123456' },
        { token: a.token },
      );
      expect(ok.code, ok.message).toBe(200);
      expect(await memberState(b.id)).toEqual(bBefore);
    });

    it("doActivityApply: B's application neither blocks A nor is touched by A's", async () => {
      const before = await memberState(b.id);
      expect((await call(t.app, '/api/doactivityapply', { activityid: promoId }, { token: a.token })).code).toBe(200);
      expect(await memberState(b.id)).toEqual(before);
      const log = await call<{ data: unknown[]; total: number }>(
        t.app,
        '/api/activityApplyLog',
        {},
        { token: a.token },
      );
      expect(log.data.total).toBe(1);
      const bLog = await call<{ data: unknown[]; total: number }>(
        t.app,
        '/api/activityApplyLog',
        {},
        { token: b.token },
      );
      expect(bLog.data.total).toBe(1);
    });

    it("transfer: A cannot name B's wallet or venue account", async () => {
      const bBefore = await memberState(b.id);
      const aBefore = await memberState(a.id);
      for (const [sourcetype, targettype] of [
        [`member:${b.id}:wallet`, 'userbalance'],
        [`member:${b.id}:venue:${VENUE}`, 'userbalance'],
        ['userbalance', `member:${b.id}:wallet`],
        [`${VENUE}:${b.id}`, 'userbalance'],
      ]) {
        const answer = await call(t.app, '/api/transfer', { amount: '10', sourcetype, targettype }, { token: a.token });
        expect(answer.code, `${sourcetype} -> ${targettype}: ${answer.message}`).not.toBe(200);
        expect(answer.code).not.toBe(500);
      }
      expect(await memberState(b.id)).toEqual(bBefore);
      expect(await memberState(a.id)).toEqual(aBefore);
    });

    it("supportMessages, supportClose, supportRate: A can neither read nor end nor rate B's conversation", async () => {
      const sent = await call<{ conversation_id: number }>(
        t.app,
        '/api/support/send',
        { text: '乙的咨询' },
        { token: b.token },
      );
      const conversation_id = sent.data.conversation_id;
      const before = await memberState(b.id);
      const missing = { code: BizCode.NOT_FOUND, message: MSG.supportNotFound, data: null };
      for (const [path, body] of [
        ['/api/support/messages', { conversation_id, after_id: 0 }],
        ['/api/support/close', { conversation_id }],
        ['/api/support/rate', { conversation_id, rating: 1, note: '' }],
      ] as const)
        expect(await call(t.app, path, body, { token: a.token }), path).toEqual(missing);
      expect(await memberState(b.id)).toEqual(before);
      const seen = await call(t.app, '/api/support/messages', { conversation_id }, { token: b.token });
      expect(JSON.stringify(seen.data)).toContain('乙的咨询');
    });

    it("ticketCreate, ticketDetail: A can neither name B's deposit in a ticket nor read B's ticket", async () => {
      const filed = await call<{ id: number }>(
        t.app,
        '/api/tickets/create',
        { category: '存款问题', text: '乙的反馈', record_kind: 'deposit', record_no: b.approvedDeposit },
        { token: b.token },
      );
      expect(filed.code, filed.message).toBe(200);
      const bBefore = await memberState(b.id);
      const aBefore = await memberState(a.id);
      expect(
        await call(
          t.app,
          '/api/tickets/create',
          { category: '存款问题', text: '查一下', record_kind: 'deposit', record_no: b.approvedDeposit },
          { token: a.token },
        ),
      ).toEqual({ code: BizCode.BAD_INPUT, message: MSG.ticketRecordNotYours, data: null });
      expect(await call(t.app, '/api/tickets/detail', { id: filed.data.id }, { token: a.token })).toEqual({
        code: BizCode.NOT_FOUND,
        message: MSG.ticketNotFound,
        data: null,
      });
      expect(await memberState(a.id)).toEqual(aBefore);
      expect(await memberState(b.id)).toEqual(bBefore);
      const own = await call(t.app, '/api/tickets/detail', { id: filed.data.id }, { token: b.token });
      expect(JSON.stringify(own.data)).toContain('乙的反馈');
    });
  });
});

// Last: it moves the clock past the session lifetime, which ends every session opened before.
describe('expired sessions', () => {
  it('answers 401 to an idle-expired token on every member endpoint and changes nothing', async () => {
    // One after another: logins in flight count against the sign-in limits until their password proves right.
    const tokens: string[] = [];
    for (const _ of memberEndpoints) tokens.push(await login(victim));
    const control = await login(victim);
    const countsBefore = await tableCounts();
    const before = await memberState(victim.id);

    // Just inside the idle lifetime the session lives (and is renewed by use).
    clock.advance(t.config.tokenIdleMs - 60_000);
    expect((await call(t.app, '/api/user', {}, { token: control })).code).toBe(200);
    clock.advance(60_000 + 1000);
    for (const [i, ep] of memberEndpoints.entries()) {
      expectUnauthenticated(
        await send(ep, sampleBody(ep.key), { authorization: `Bearer ${tokens[i]}` }),
        `${ep.path}: expired token`,
      );
    }
    // Each stays dead on a second try (the expired session is gone, not renewed).
    for (const [i, ep] of memberEndpoints.entries()) {
      expectUnauthenticated(
        await send(ep, sampleBody(ep.key), { authorization: `Bearer ${tokens[i]}` }),
        `${ep.path}: expired token again`,
      );
    }
    expect(await memberState(victim.id)).toEqual(before);
    expect(await tableCounts()).toEqual(countsBefore);
    // The control token was used within its lifetime, so it still lives: the refusals were the expiry.
    expect((await call(t.app, '/api/user', {}, { token: control })).code).toBe(200);
  });
});
