import { BizCode, type MemberLinks, MSG } from '@h5/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, call, credit, manualClock, memberId, operatorToken, registerFrom } from '../../../test/helper';
import { formatBeijing } from '../../lib/time';
import { memberLogins, members } from '../../db/tables/accounts';
import { memberCards } from '../../db/tables/payments';
import { usePaymentsApp } from '../payments/payments-test-kit';
import { isEvidenceIp, shortDevice } from './linked-accounts';

const clock = manualClock();
const MINUTE = 60_000;

const { t, ops, kit } = usePaymentsApp({ clock });

/** A member registered the way a browser does (registerFrom), with the member's id. */
async function memberFrom(ip: string, ua: string) {
  const m = await registerFrom(t.app, ip, ua);
  return { ...m, id: await memberId(t, m.name) };
}

async function signIn(name: string, ip: string, ua: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { name, password: 'secret123' },
    remoteAddress: ip,
    headers: { 'user-agent': ua },
  });
  expect((res.json() as { code: number }).code).toBe(200);
}

/** A withdrawal submitted by the member; approved (paid) by finance unless `pending`. */
async function withdraw(token: string, card: number, amount: string, pending = false) {
  const sent = await kit.withdraw(token, card, amount);
  expect(sent.code).toBe(200);
  if (pending) return;
  const paid = await adminCall(t, ops.finance, 'POST', `/admin/api/withdrawals/${sent.data.order_no}/approve`, {
    note: '',
  });
  expect(paid.code).toBe(200);
}

const links = (id: number, token = ops.finance) =>
  adminCall<MemberLinks>(t, token, 'GET', `/admin/api/members/${id}/links`);
const ua = (model: string) =>
  `Mozilla/5.0 (Linux; Android 14; ${model}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36`;

describe('GET /admin/api/members/:id/links', () => {
  it('links by sign-in IP, device and card, each with its evidence, and sums the figures to the cent', async () => {
    const card = '6222020200556677889';
    const a = await memberFrom('10.88.0.1', ua('LinkTest-A'));
    const registeredA = clock.now();
    clock.advance(MINUTE);
    const b = await memberFrom('10.88.0.2', ua('LinkTest-B'));
    clock.advance(MINUTE);
    // B signs in from the address A registered from.
    await signIn(b.name, '10.88.0.1', ua('LinkTest-B'));
    const bSeen = clock.now();
    clock.advance(MINUTE);
    // C registers on A's device from elsewhere.
    const c = await memberFrom('10.88.0.3', ua('LinkTest-A'));
    const cSeen = clock.now();
    clock.advance(MINUTE);
    // D binds A's card.
    const d = await memberFrom('10.88.0.4', ua('LinkTest-D'));
    // E shares only loopback and an empty User-Agent with A: no evidence.
    const e = await memberFrom('127.0.0.1', '');
    await signIn(a.name, '127.0.0.1', '');
    // F shares nothing.
    await memberFrom('10.88.0.6', ua('LinkTest-F'));

    // A: 1000.00 credited by an operator (not a deposit), 300.00 paid out, then a deposit of 500.25.
    await credit(t, ops.finance, a.name, '1000');
    const cardA = await kit.bindBank(a.token, card);
    await withdraw(a.token, cardA, '300');
    await kit.deposit(a.token, '500.25');
    // B: a withdrawal still pending counts as nothing; a deposit of 188.88.
    await credit(t, ops.finance, b.name, '200');
    await withdraw(b.token, await kit.bindBank(b.token, '6222020200111122223'), '120', true);
    await kit.deposit(b.token, '188.88');
    // D: 150.50 paid out, 1000.01 deposited.
    await credit(t, ops.finance, d.name, '200');
    clock.advance(MINUTE);
    const cardD = await kit.bindBank(d.token, card);
    // A card's binding time is the database's own.
    const [boundD] = await t.database.db
      .select({ at: memberCards.createdAt })
      .from(memberCards)
      .where(eq(memberCards.id, cardD));
    const dSeen = boundD!.at;
    await withdraw(d.token, cardD, '150.50');
    await kit.deposit(d.token, '1000.01');

    const answer = await links(a.id);
    expect(answer.code).toBe(200);
    const got = answer.data;
    expect(got.member).toEqual({
      id: a.id,
      username: a.name,
      state: 1,
      deposits: '500.25',
      withdrawals: '300.00',
      net: '200.25',
    });
    // A linked member's row: the one link found, and its money in, out and net.
    const linkedRow = (
      m: { id: number; name: string },
      kind: string,
      value: string,
      seen: Date,
      [deposits, withdrawals, net]: [string, string, string],
    ) => ({
      id: m.id,
      username: m.name,
      state: 1,
      links: [{ kind, value, seen_at: formatBeijing(seen) }],
      deposits,
      withdrawals,
      net,
    });
    const byName = new Map(got.linked.map((m) => [m.username, m]));
    expect([...byName.keys()].sort()).toEqual([b.name, c.name, d.name].sort());
    expect(byName.has(e.name)).toBe(false);
    expect(byName.get(b.name)).toEqual(linkedRow(b, 'ip', '10.88.0.1', bSeen, ['188.88', '0.00', '188.88']));
    expect(byName.get(c.name)).toEqual(
      linkedRow(c, 'device', 'Linux; Android 14; LinkTest-A', cSeen, ['0.00', '0.00', '0.00']),
    );
    expect(byName.get(d.name)).toEqual(
      linkedRow(d, 'bank_card', '6222****7889', dSeen, ['1000.01', '150.50', '849.51']),
    );
    expect(got.more).toBe(0);
    expect(got.common).toEqual([]);
    // A, B, C and D: 500.25 + 188.88 + 1000.01 in, 300.00 + 150.50 out.
    expect(got.total).toEqual({ members: 4, deposits: '1689.14', withdrawals: '450.50', net: '1238.64' });

    // The links run both ways: from D, A is linked by the card (and A's registration time is no evidence of it).
    const fromD = (await links(d.id)).data;
    expect(fromD.linked.map((m) => [m.username, m.links.map((l) => l.kind)])).toEqual([[a.name, ['bank_card']]]);
    expect(fromD.total).toEqual({ members: 2, deposits: '1500.26', withdrawals: '450.50', net: '1049.76' });
    // From C, A is linked by the device A registered with.
    const fromC = (await links(c.id)).data;
    expect(fromC.linked.map((m) => [m.username, m.links])).toEqual([
      [a.name, [{ kind: 'device', value: 'Linux; Android 14; LinkTest-A', seen_at: formatBeijing(registeredA) }]],
    ]);

    // A frozen member shows as frozen.
    const admin = await operatorToken(t, 'admin');
    expect((await adminCall(t, admin, 'POST', `/admin/api/members/${d.id}/state`, { state: 0 })).code).toBe(200);
    expect((await links(a.id)).data.linked.find((m) => m.id === d.id)?.state).toBe(0);
  });

  it('links by the registration IP and by a shared USDT address, masked', async () => {
    const address = 'TLa2f6VPqDgRE67v1736s7bJ8RayLinkU7';
    const a = await memberFrom('10.88.1.1', ua('LinkTest-G'));
    const b = await memberFrom('10.88.1.1', ua('LinkTest-H'));
    const c = await memberFrom('10.88.1.3', ua('LinkTest-I'));
    for (const m of [a, c]) {
      const bound = await call(
        t.app,
        '/api/bindcard',
        { bank: 'USDT', bank_owner: 'TRC20', bank_address: '', bank_no: address, pay_pass: 'pay123456' },
        { token: m.token },
      );
      expect(bound.code).toBe(200);
    }
    const got = (await links(a.id)).data;
    expect(got.linked.map((m) => [m.username, m.links.map((l) => [l.kind, l.value])])).toEqual(
      expect.arrayContaining([
        [b.name, [['ip', '10.88.1.1']]],
        [c.name, [['usdt_address', 'TLa2****nkU7']]],
      ]),
    );
    expect(got.linked).toHaveLength(2);
    expect(got.total).toEqual({ members: 3, deposits: '0.00', withdrawals: '0.00', net: '0.00' });
  });

  it('answers an empty list for a member with no links', async () => {
    const lone = await memberFrom('10.88.2.1', ua('LinkTest-Lone'));
    expect((await links(lone.id)).data).toEqual({
      member: { id: lone.id, username: lone.name, state: 1, deposits: '0.00', withdrawals: '0.00', net: '0.00' },
      linked: [],
      more: 0,
      common: [],
      total: { members: 1, deposits: '0.00', withdrawals: '0.00', net: '0.00' },
    });
  });

  it('refuses the content role and answers not-found for an unknown member', async () => {
    const m = await memberFrom('10.88.3.1', ua('LinkTest-Roles'));
    const content = await operatorToken(t, 'content');
    expect(await links(m.id, content)).toEqual({ code: BizCode.FORBIDDEN, message: MSG.operatorForbidden, data: null });
    expect(await links(999_999_999)).toEqual({ code: BizCode.NOT_FOUND, message: MSG.notFound, data: null });
    expect((await links(m.id, await operatorToken(t, 'admin'))).code).toBe(200);
  });
});

describe('crowds', () => {
  /** Members written straight to the tables, each signed in from `ip` (a crowd is too many to register). */
  async function crowd(prefix: string, n: number, ip: string) {
    const rows = await t.database.db
      .insert(members)
      .values(Array.from({ length: n }, (_, i) => ({ username: `${prefix}${i}`, passwordHash: 'x', realname: '张三' })))
      .returning({ id: members.id });
    await t.database.db.insert(memberLogins).values(rows.map((r) => ({ memberId: r.id, ip, device: '' })));
    return rows.map((r) => r.id);
  }

  it('takes a value shared with more than 50 others as common, not as a link, and shows it apart', async () => {
    const m = await memberFrom('10.88.9.9', ua('LinkTest-Crowd'));
    await crowd('lkcommon', 51, '10.88.9.9');
    const got = (await links(m.id)).data;
    expect(got.linked).toEqual([]);
    expect(got.common).toEqual([{ kind: 'ip', value: '10.88.9.9' }]);
    expect(got.total.members).toBe(1);
  });

  it('lists 50 linked members, the strongest first, and counts the rest', async () => {
    const m = await memberFrom('10.88.8.1', ua('LinkTest-Many'));
    await signIn(m.name, '10.88.8.2', ua('LinkTest-Many'));
    const first = await crowd('lkmanya', 30, '10.88.8.1');
    const second = await crowd('lkmanyb', 30, '10.88.8.2');
    // One member of the first crowd also signed in from the second address: two values, listed first.
    await t.database.db.insert(memberLogins).values({ memberId: first[29]!, ip: '10.88.8.2', device: '' });
    const got = (await links(m.id)).data;
    expect(got.linked).toHaveLength(50);
    expect(got.more).toBe(10);
    expect(got.linked[0]?.id).toBe(first[29]);
    expect(got.linked[0]?.links.map((l) => l.value).sort()).toEqual(['10.88.8.1', '10.88.8.2']);
    expect(got.total.members).toBe(51);
    expect(new Set(got.linked.map((l) => l.id)).size).toBe(50);
    expect(got.linked.every((l) => first.includes(l.id) || second.includes(l.id))).toBe(true);
  });
});

describe('what counts as evidence', () => {
  it('never takes a loopback or empty address as evidence', () => {
    expect(['127.0.0.1', '127.8.0.2', '::1', '::ffff:127.0.0.1', '', ' '].map(isEvidenceIp)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(['10.0.0.1', '203.0.113.9', '2001:db8::1'].map(isEvidenceIp)).toEqual([true, true, true]);
  });

  it('shortens a device to its platform', () => {
    expect(shortDevice(ua('SM-G9910'))).toBe('Linux; Android 14; SM-G9910');
    expect(shortDevice('curl/8.0')).toBe('curl/8.0');
    expect(shortDevice(`(${'x'.repeat(60)})`)).toBe(`${'x'.repeat(47)}…`);
  });
});
