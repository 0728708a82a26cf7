import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, manualClock, newMember, registerMember, type TestApp } from '../../../test/helper';
import { members } from '../../db/tables/accounts';

const clock = manualClock();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    config: {
      limits: {
        loginFailures: { max: 3, windowMs: 15 * 60_000 },
        loginFailuresPerName: { max: 5, windowMs: 3600_000 },
        registrations: { max: 40, windowMs: 3600_000 },
        moneyAttempts: { max: 20, windowMs: 600_000 },
        grabs: { max: 10, windowMs: 60_000 },
        invalidNotifies: { max: 60, windowMs: 600_000 },
      },
    },
  });
});
afterAll(() => t?.close());

const memberCount = async () => (await t.database.db.select({ n: count() }).from(members))[0]?.n ?? 0;

/** /api/login_pc as the mobile client sends it from the address `ip`: the envelope. */
const loginFrom = (ip: string, name: string, password: string) =>
  call(t.app, '/api/login_pc', { name, password }, { ip });
/** The answer of a request past its rate limit. */
const TOO_MANY = { code: 429, message: '操作过于频繁，请稍后再试', data: null };

describe('POST /api/register', () => {
  it('creates a member and answers a token that opens /api/user', async () => {
    const body = newMember();
    const answer = await call<{ api_token: string }>(t.app, '/api/register', body);
    expect(answer.code).toBe(200);
    expect(answer.data.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const user = await call<Record<string, unknown>>(t.app, '/api/user', {}, { token: answer.data.api_token });
    expect(user.code).toBe(200);
    expect(user.data).toMatchObject({
      username: body.name,
      realname: '张三',
      balance: '0.00',
      gameblance: '0.00',
      paysum: '0.00',
      vip: 1,
      current_vip: 'VIP1',
      next_vip: 'VIP2',
      transferstatus: 0,
      isagent: 0,
      joinday: 0,
      withdrawcashfee: '5.00',
      withdrawfeeusdttrc: '1.00',
    });
    expect(JSON.stringify(user)).not.toMatch(/password|scrypt/i);
  });

  it('answers each register rule in the order of docs/member-app.md "Register rules" and writes nothing', async () => {
    const before = await memberCount();
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: 'abc', password: '1' }, ' 用户名长度6~16位，以字母或数字组合！'],
      [{ name: 'abc_def!' }, ' 用户名长度6~16位，以字母或数字组合！'],
      [{ name: 'abcdefghijklmnopq' }, ' 用户名长度6~16位，以字母或数字组合！'],
      [{ password: '12345', confirmPass: '' }, '请输入正确的密码长度，最少6位！'],
      [{ confirmPass: '', realname: '' }, '两次密码不一致！'],
      [{ confirmPass: 'secret124' }, '两次密码不一致！'],
      [{ realname: '张', paypassword: '1' }, '请输入您的真实姓名!'],
      [{ paypassword: '12345', code: '' }, '请输入正确的支付密码长度，最少6位！'],
      [{ code: '' }, '请输入验证码！'],
    ];
    for (const [overrides, message] of cases) {
      const answer = await call(t.app, '/api/register', newMember(overrides));
      expect(answer, JSON.stringify(overrides)).toEqual({ code: 400, message, data: null });
    }
    expect(await memberCount()).toBe(before);
  });

  it('refuses a name already taken, whatever its case, with 201', async () => {
    const first = await registerMember(t.app);
    const answer = await call(t.app, '/api/register', newMember({ name: first.name.toUpperCase() }));
    expect(answer).toMatchObject({ code: 201, message: '此用户名已被注册' });
  });

  it('records the inviter named by pid, by username or id, and ignores an unknown pid', async () => {
    const inviter = await registerMember(t.app);
    const [row] = await t.database.db.select().from(members).where(eq(members.username, inviter.name));
    const byName = await registerMember(t.app, { pid: inviter.name });
    const byId = await registerMember(t.app, { pid: String(row!.id) });
    const unknown = await registerMember(t.app, { pid: 'nobody999' });
    const inviterOf = async (name: string) =>
      (await t.database.db.select().from(members).where(eq(members.username, name)))[0]?.inviterId;
    expect(await inviterOf(byName.name)).toBe(row!.id);
    expect(await inviterOf(byId.name)).toBe(row!.id);
    expect(await inviterOf(unknown.name)).toBeNull();
  });

  it('answers bad input with a Chinese message and a non-200 code, writing nothing', async () => {
    const before = await memberCount();
    const bodies: unknown[] = [
      { ...newMember(), name: { $gt: '' } },
      { ...newMember(), password: ['secret123'] },
      { ...newMember(), name: 'x'.repeat(100_000) },
      { ...newMember(), realname: '名'.repeat(40) },
      { ...newMember(), name: "abcdef' OR 1=1 --" },
    ];
    for (const body of bodies) {
      const answer = await call(t.app, '/api/register', body);
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 400, message: '请求参数格式不正确', data: null });
    expect(await memberCount()).toBe(before);
  });
});

describe('POST /api/login_pc', () => {
  it('logs in with the right password, on /api/login too and regardless of path case', async () => {
    const m = await registerMember(t.app);
    for (const path of ['/api/login_pc', '/api/login', '/API/Login_PC']) {
      const answer = await call<{ api_token: string }>(
        t.app,
        path,
        { name: m.name, password: m.password },
        { ip: '10.1.0.1' },
      );
      expect(answer.code, path).toBe(200);
      expect(answer.data.api_token).not.toBe(m.token);
    }
  });

  it('asks for both fields first', async () => {
    expect(await call(t.app, '/api/login_pc', { name: 'someone' })).toEqual({
      code: 400,
      message: '请输入您的账号和密码！',
      data: null,
    });
  });

  it('answers the same 203 for a wrong password and an unknown name', async () => {
    const m = await registerMember(t.app);
    const wrong = await loginFrom('10.2.0.1', m.name, 'wrong-pass');
    const unknown = await loginFrom('10.2.0.2', 'nosuchuser1', 'whatever1');
    expect(wrong).toEqual({ code: 203, message: '账号或密码错误', data: null });
    expect(unknown).toEqual(wrong);
  });

  it('blocks an address after 3 failed logins for the window, even with the right password', async () => {
    const m = await registerMember(t.app);
    const ip = '10.3.0.1';
    for (let i = 0; i < 3; i += 1) {
      expect((await loginFrom(ip, m.name, 'bad-pass')).code).toBe(203);
    }
    expect(await loginFrom(ip, m.name, m.password)).toEqual(TOO_MANY);
    // Another address is not affected, and the block lifts when the window has passed.
    expect((await loginFrom('10.3.0.2', m.name, m.password)).code).toBe(200);
    clock.advance(15 * 60_000);
    expect((await loginFrom(ip, m.name, m.password)).code).toBe(200);
  });

  it('lets exactly 3 of a burst of parallel guesses from one address reach the password check', async () => {
    const m = await registerMember(t.app);
    const answers = await Promise.all(Array.from({ length: 12 }, () => loginFrom('10.3.1.1', m.name, 'bad-pass')));
    expect(answers.filter((a) => a.code === 203)).toHaveLength(3);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(9);
    clock.advance(60 * 60_000);
  });

  it('never locks an account out from everywhere: wrong passwords from many addresses leave its owner signing in', async () => {
    const m = await registerMember(t.app);
    for (let i = 1; i <= 12; i += 1) {
      const wrong = { name: i % 2 ? m.name : m.name.toUpperCase(), password: 'bad-pass' };
      expect(await call(t.app, '/api/login', wrong, { ip: `10.5.${i}.1` })).toEqual({
        code: 203,
        message: '账号或密码错误',
        data: null,
      });
    }
    expect((await loginFrom('10.5.9.9', m.name, m.password)).code).toBe(200);
  });

  it('blocks one name at one address after 5 failures in the hour, leaving that address other names and the name other addresses', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const ip = '10.5.20.1';
    const wrong = (name: string) => loginFrom(ip, name, 'bad-pass');
    // 3 a quarter hour is the address's limit: 5 failures at one name take two quarters.
    for (let i = 0; i < 3; i += 1) expect((await wrong(m.name)).code).toBe(203);
    clock.advance(15 * 60_000);
    for (let i = 0; i < 2; i += 1) expect((await wrong(m.name.toUpperCase())).code).toBe(203);
    expect((await loginFrom(ip, other.name, other.password)).code).toBe(200);
    expect(await loginFrom(ip, m.name, m.password)).toEqual(TOO_MANY);
    expect((await loginFrom('10.5.21.1', m.name, m.password)).code).toBe(200);
    clock.advance(60 * 60_000);
    expect((await loginFrom(ip, m.name, m.password)).code).toBe(200);
  });

  it('does not count a login with the right password as a failure', async () => {
    const m = await registerMember(t.app);
    for (let i = 0; i < 8; i += 1) {
      expect((await loginFrom('10.5.10.1', m.name, m.password)).code).toBe(200);
    }
  });

  it('counts IPv6 clients per /64 and an IPv4-mapped address as its IPv4', async () => {
    const m = await registerMember(t.app);
    for (const ip of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff::3']) {
      expect((await loginFrom(ip, m.name, 'bad-pass')).code).toBe(203);
    }
    expect((await loginFrom('2001:db8:7:1::99', m.name, m.password)).code).toBe(429);
    expect((await loginFrom('2001:db8:7:2::1', m.name, m.password)).code).toBe(200);

    const n = await registerMember(t.app);
    for (const ip of ['::ffff:10.6.0.1', '10.6.0.1', '::ffff:10.6.0.1']) {
      expect((await loginFrom(ip, n.name, 'bad-pass')).code).toBe(203);
    }
    expect((await loginFrom('10.6.0.1', n.name, n.password)).code).toBe(429);
    clock.advance(60 * 60_000);
  });
});

describe('sessions', () => {
  it('answers code 401 in the body, with HTTP 200, without a token or with a bad one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/balance',
        payload: {},
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 401, message: '您的账号登陆过期，请重新登陆', data: null });
    }
  });

  it('logoff deletes the token; other sessions of the member stay alive', async () => {
    const m = await registerMember(t.app);
    const other = await call<{ api_token: string }>(t.app, '/api/login_pc', { name: m.name, password: m.password });
    expect((await call(t.app, '/api/logoff', {}, { token: m.token })).code).toBe(200);
    expect((await call(t.app, '/api/user', {}, { token: m.token })).code).toBe(401);
    expect((await call(t.app, '/api/user', {}, { token: other.data.api_token })).code).toBe(200);
  });

  it('expires a token idle for 7 days and keeps one in use alive', async () => {
    const idle = await registerMember(t.app);
    const busy = await registerMember(t.app);
    clock.advance(6 * 86_400_000);
    expect((await call(t.app, '/api/balance', {}, { token: busy.token })).code).toBe(200);
    clock.advance(86_400_000 + 1000);
    expect((await call(t.app, '/api/balance', {}, { token: idle.token })).code).toBe(401);
    expect((await call(t.app, '/api/balance', {}, { token: busy.token })).code).toBe(200);
  });

  it('answers the balance and refreshes the member summary', async () => {
    const m = await registerMember(t.app);
    expect(await call(t.app, '/api/balance', {}, { token: m.token })).toEqual({
      code: 200,
      message: 'ok',
      data: { balance: '0.00' },
    });
    const refreshed = await call<{ username: string }>(t.app, '/api/refreshusermoney', {}, { token: m.token });
    expect(refreshed.message).toBe('刷新成功');
    expect(refreshed.data.username).toBe(m.name);
  });
});

describe('registration limit', () => {
  it('answers 429 once an address has used its registrations for the window', async () => {
    const limited = await buildTestApp({
      config: { ...t.config, limits: { ...t.config.limits, registrations: { max: 2, windowMs: 3600_000 } } },
    });
    try {
      const ip = '10.4.0.1';
      expect((await call(limited.app, '/api/register', newMember(), { ip })).code).toBe(200);
      expect((await call(limited.app, '/api/register', newMember(), { ip })).code).toBe(200);
      expect(await call(limited.app, '/api/register', newMember(), { ip })).toEqual(TOO_MANY);
      expect((await call(limited.app, '/api/register', newMember(), { ip: '10.4.0.2' })).code).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/balance under concurrent polling', () => {
  it('answers polls that arrive together each with its own member balance, and 401 for a bad token among them', async () => {
    const { operatorToken, credit } = await import('../../../test/helper');
    const op = await operatorToken(t, 'finance');
    const polled: Array<{ token: string; balance: string }> = [];
    for (let i = 1; i <= 4; i += 1) {
      const m = await registerMember(t.app);
      polled.push({ token: m.token, balance: await credit(t, op, m.name, `${i}.0${i}`) });
    }
    const requests = [...polled, ...polled, { token: 'forged-token', balance: '' }];
    const answers = await Promise.all(
      requests.map((p) => call<{ balance: string }>(t.app, '/api/balance', {}, { token: p.token })),
    );
    answers.forEach((answer, i) => {
      const expected = requests[i]!;
      if (expected.token === 'forged-token') expect(answer.code).toBe(401);
      else expect(answer).toEqual({ code: 200, message: 'ok', data: { balance: expected.balance } });
    });
  });
});
