import path from 'node:path';
import { BizCode, MSG } from '@h5/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFiles } from '../../db/tables/files';
import { adminCall, call, memberId, operatorToken, registerMember, useTestApp } from '../../../test/helper';
import { multipartBody, postMultipart, solidPng } from '../../../test/images';
import { keepAliveClient } from '../../../test/keep-alive';
import { AVATAR_MAX_BYTES } from './avatar-upload';

const t = useTestApp();

/** A change of the member's login password (editPassword) or pay password (editPayPassword): the old one, then the new. */
const changeLogin = (token: string, password: string, paypassword: string) =>
  call(t.app, '/api/editPassword', { password, paypassword }, { token });
const changePay = (token: string, password: string, paypassword: string) =>
  call(t.app, '/api/editPayPassword', { password, paypassword }, { token });

/** How many files the database keeps. */
async function storedFileCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(storedFiles);
  return row?.n ?? 0;
}

/** The avatar form as the app posts it: a note field, then the file. */
const multipart = (fileName: string, data: Buffer, contentType = 'image/png') =>
  multipartBody({ name: fileName, data, type: contentType }, { note: 'hello' });

const upload = (token: string | undefined, fileName: string, data: Buffer) =>
  postMultipart<{ code: number; message: string; data: { avatar: string } | null }>(
    t.app,
    '/api/uploadimg',
    token,
    multipart(fileName, data),
  );

describe('POST /api/updateuserinfo', () => {
  it('checks mobile, email and birthday in that order, then saves', async () => {
    const m = await registerMember(t.app);
    const cases: Array<[Record<string, string>, string]> = [
      [{ mobile: '12345', email: 'bad', birthday: 'x' }, MSG.mobileInvalid],
      [{ mobile: '15412345678', email: 'a@b.cn', birthday: '1990-01-01' }, MSG.mobileInvalid],
      [{ mobile: '13812345678', email: 'bad', birthday: 'x' }, MSG.emailInvalid],
      [{ mobile: '13812345678', email: 'a@b.cn', birthday: '1990/01/01' }, MSG.birthdayInvalid],
      [{ mobile: '13812345678', email: 'a@b.cn', birthday: '1990-02-30' }, MSG.birthdayInvalid],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, '/api/updateuserinfo', body, { token: m.token });
      expect(answer).toMatchObject({ code: BizCode.BAD_INPUT, message });
    }
    const ok = await call(
      t.app,
      '/api/updateuserinfo',
      { mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-06' },
      { token: m.token },
    );
    expect(ok).toMatchObject({ code: 200, message: MSG.ok });
    const user = await call<Record<string, unknown>>(t.app, '/api/user', {}, { token: m.token });
    expect(user.data).toMatchObject({ mobile: '13812345678', email: 'me@example.com', birthday: '1990-05-06' });
  });

  it('answers 401 without a token', async () => {
    const answer = await call(t.app, '/api/updateuserinfo', { mobile: '13812345678' });
    expect(answer.code).toBe(BizCode.UNAUTHORIZED);
  });
});

describe('POST /api/uploadimg', () => {
  it('refuses a visitor before reading the file', async () => {
    const answer = await upload(undefined, 'a.png', solidPng());
    expect(answer.code).toBe(BizCode.UNAUTHORIZED);
  });

  it('refuses a renamed non-image, checked by content', async () => {
    const m = await registerMember(t.app);
    const answer = await upload(m.token, 'photo.png', Buffer.from('just some text, not an image'));
    expect(answer).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.uploadTypeInvalid });
  });

  it('refuses a JPEG even when named .gif', async () => {
    const m = await registerMember(t.app);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const answer = await upload(m.token, 'photo.gif', jpeg);
    expect(answer).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.uploadTypeInvalid });
  });

  it('refuses a file over 1 MB', async () => {
    const m = await registerMember(t.app);
    const big = Buffer.concat([solidPng(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const answer = await upload(m.token, 'big.png', big);
    expect(answer).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.uploadTooLarge });
  });

  it('refuses a body far over the limit without storing anything', async () => {
    const m = await registerMember(t.app);
    const before = await storedFileCount();
    const answer = await upload(m.token, 'huge.png', Buffer.concat([solidPng(), Buffer.alloc(3 * 1024 * 1024)]));
    expect(answer.code).toBe(BizCode.BAD_INPUT);
    expect(await storedFileCount()).toBe(before);
  });

  it('answers a body over the limit with the envelope over a real connection, which stays usable', async () => {
    const m = await registerMember(t.app);
    const address = new URL(t.origin);
    const body = multipart('huge.png', Buffer.concat([solidPng(), Buffer.alloc(3 * 1024 * 1024)]));
    const headers = { 'content-type': body.contentType, authorization: `Bearer ${m.token}` };
    const res = await fetch(new URL('/api/uploadimg', address), { method: 'POST', body: body.payload, headers });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: BizCode.BAD_INPUT, message: MSG.uploadTooLarge, data: null });

    // A client on a slow link is still sending when the server has decided: one keep-alive connection carries the
    // refused upload (with a length, then chunked) and then another request, with no reset in between.
    const { send, close } = keepAliveClient(t.origin, headers, { trickle: true });
    try {
      const sized = await send('/api/uploadimg', body.payload, { 'content-length': body.payload.length });
      expect(JSON.parse(sized.body)).toEqual({ code: BizCode.BAD_INPUT, message: MSG.uploadTooLarge, data: null });
      expect(sized.status).toBe(200);
      const chunked = await send('/api/uploadimg', body.payload);
      expect(JSON.parse(chunked.body)).toEqual({ code: BizCode.BAD_INPUT, message: MSG.uploadTooLarge, data: null });
      expect(chunked.reused).toBe(true);
      const after = await send('/api/balance', null, { 'content-type': 'application/json' }, 'POST');
      expect(after.reused).toBe(true);
      expect(JSON.parse(after.body)).toEqual({ code: 200, message: 'ok', data: { balance: '0.00' } });
    } finally {
      close();
    }
  });

  it('accepts a small PNG and a GIF, serves them back and removes the replaced file', async () => {
    const m = await registerMember(t.app);
    const png = solidPng();
    const first = await upload(m.token, 'whatever.txt', png);
    expect(first.code).toBe(200);
    const url = new URL(first.data?.avatar ?? '');
    expect(url.pathname).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const user = await call<{ avatar: string }>(t.app, '/api/user', {}, { token: m.token });
    expect(user.data.avatar).toBe(first.data?.avatar);

    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32)]);
    const second = await upload(m.token, 'b.gif', gif);
    expect(second.code).toBe(200);
    expect(second.data?.avatar).toMatch(/\.gif$/);
    // The replaced file is gone from the database with the change that replaced it.
    const [old] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.name, path.basename(url.pathname)));
    expect(old).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
  });
});

describe('POST /api/editPassword', () => {
  it('checks the rules in order, answers 205 for a wrong old password', async () => {
    const m = await registerMember(t.app);
    const cases: Array<[Record<string, string>, string]> = [
      [{ password: '', paypassword: '' }, MSG.oldPasswordRequired],
      [{ password: 'secret123', paypassword: '' }, MSG.newPasswordRequired],
      [{ password: '123', paypassword: 'newsecret1' }, MSG.oldPasswordLength],
      [{ password: 'secret123', paypassword: '123' }, MSG.newPasswordLength],
      [{ password: 'secret123', paypassword: 'secret123' }, MSG.passwordUnchanged],
    ];
    for (const [body, message] of cases) {
      const answer = await call(t.app, '/api/editPassword', body, { token: m.token });
      expect(answer).toMatchObject({ code: BizCode.BAD_INPUT, message });
    }
    const wrong = await changeLogin(m.token, 'wrong123', 'newsecret1');
    expect(wrong).toMatchObject({ code: BizCode.WRONG_OLD_PASSWORD, message: MSG.wrongOldPassword });
  });

  it('ends every session of the member; the new password logs in, the old one does not', async () => {
    const m = await registerMember(t.app);
    const second = await call<{ api_token: string }>(t.app, '/api/login', { name: m.name, password: 'secret123' });
    const other = await registerMember(t.app);
    const answer = await changeLogin(m.token, 'secret123', 'newsecret1');
    expect(answer).toMatchObject({ code: 200, message: MSG.passwordChanged });
    expect((await call(t.app, '/api/user', {}, { token: m.token })).code).toBe(BizCode.UNAUTHORIZED);
    expect((await call(t.app, '/api/user', {}, { token: second.data.api_token })).code).toBe(BizCode.UNAUTHORIZED);
    expect((await call(t.app, '/api/user', {}, { token: other.token })).code).toBe(200);
    expect((await call(t.app, '/api/login', { name: m.name, password: 'secret123' }, { ip: '10.77.0.1' })).code).toBe(
      BizCode.WRONG_PASSWORD,
    );
    const again = await call<{ api_token: string }>(t.app, '/api/login', { name: m.name, password: 'newsecret1' });
    expect(again.code).toBe(200);
    expect((await call(t.app, '/api/user', {}, { token: again.data.api_token })).code).toBe(200);
  });
});

describe('wrong old passwords and the per-member attempt limit', () => {
  const TOO_MANY = { code: BizCode.TOO_MANY, message: MSG.tooManyAttempts, data: null };

  it('counts wrong old login passwords; past the limit even the right one answers 429, as do withdrawals', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const max = t.config.limits.moneyAttempts.max;
    // Right old passwords are not counted against the member.
    for (const [from, to] of [
      ['pay123456', 'pay999999'],
      ['pay999999', 'pay123456'],
    ] as const) {
      expect((await changePay(m.token, from, to)).code).toBe(200);
    }
    for (let i = 0; i < max; i += 1) {
      const wrong = await call(
        t.app,
        '/api/editPassword',
        { password: `wrong${i}pw`, paypassword: 'newsecret1' },
        { token: m.token },
      );
      expect(wrong.code).toBe(BizCode.WRONG_OLD_PASSWORD);
    }
    expect(await changeLogin(m.token, 'secret123', 'newsecret1')).toEqual(TOO_MANY);
    expect(await changePay(m.token, 'pay123456', 'pay999999')).toEqual(TOO_MANY);
    const bind = {
      bank: '招商银行',
      bank_owner: '张三',
      bank_address: '上海分行',
      bank_no: '6222020200112233',
      pay_pass: 'pay123456',
    };
    expect((await call(t.app, '/api/bindcard', bind, { token: m.token })).code).toBe(BizCode.TOO_MANY);
    // Nothing changed: the old login password still logs in; another member is not affected.
    expect((await call(t.app, '/api/login', { name: m.name, password: 'secret123' }, { ip: '10.78.0.1' })).code).toBe(
      200,
    );
    expect((await changeLogin(other.token, 'secret123', 'newsecret1')).code).toBe(200);
  });

  it('counts a burst of wrong old pay passwords before checking any, letting only the limit through', async () => {
    const m = await registerMember(t.app);
    const max = t.config.limits.moneyAttempts.max;
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, (_, i) =>
        call(t.app, '/api/editPayPassword', { password: `guess${i}00`, paypassword: 'pay999999' }, { token: m.token }),
      ),
    );
    expect(answers.filter((a) => a.code === BizCode.WRONG_OLD_PASSWORD)).toHaveLength(max);
    expect(answers.filter((a) => a.code === BizCode.TOO_MANY)).toHaveLength(10);
  });
});

describe('POST /api/editPayPassword', () => {
  it('checks the old pay password, then changes it and keeps the session', async () => {
    const m = await registerMember(t.app);
    const same = await changePay(m.token, 'pay123456', 'pay123456');
    expect(same).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.passwordUnchanged });
    const short = await changePay(m.token, 'pay123456', '12345');
    expect(short).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.newPasswordLength });
    const wrong = await changePay(m.token, 'secret123', 'pay999999');
    expect(wrong.code).toBe(BizCode.WRONG_OLD_PASSWORD);
    const ok = await changePay(m.token, 'pay123456', 'pay999999');
    expect(ok).toMatchObject({ code: 200, message: MSG.passwordChanged });
    expect((await call(t.app, '/api/user', {}, { token: m.token })).code).toBe(200);
    const back = await changePay(m.token, 'pay999999', 'pay123456');
    expect(back.code).toBe(200);
  });
});

describe('POST /api/noticeList', () => {
  it('shows the inbox: messages to all and to the member, not those to another member, newest first', async () => {
    const op = await operatorToken(t, 'content');
    const me = await registerMember(t.app);
    const other = await registerMember(t.app);
    const toAll = await adminCall(t, op, 'POST', '/admin/api/messages', { title: '致全体', content: '<p>大家好</p>' });
    expect(toAll.code).toBe(200);
    const toMe = await adminCall(t, op, 'POST', '/admin/api/messages', {
      title: '致我',
      content: '<b>你好</b>',
      member_id: await memberId(t, me.name),
    });
    expect(toMe.code).toBe(200);
    await adminCall(t, op, 'POST', '/admin/api/messages', {
      title: '致别人',
      content: 'x',
      member_id: await memberId(t, other.name),
    });
    await adminCall(t, op, 'POST', '/admin/api/messages', { title: '公告一则', content: '<p>公告</p>', type: 1 });

    const inbox = await call<{
      data: Array<{ title: string; content: string; created_at: string }>;
      total: number;
      last_page: number;
    }>(t.app, '/api/noticelist', { page: 1 }, { token: me.token });
    expect(inbox.code).toBe(200);
    const titles = inbox.data.data.map((m) => m.title);
    expect(titles).toContain('致全体');
    expect(titles).toContain('致我');
    expect(titles).not.toContain('致别人');
    expect(titles).not.toContain('公告一则');
    expect(titles.indexOf('致我')).toBeLessThan(titles.indexOf('致全体'));
    expect(inbox.data.data[0]).toMatchObject({ content: '<b>你好</b>' });
    expect(inbox.data.data[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(inbox.data).toMatchObject({ current_page: 1, per_page: 10 });

    const announcements = await call<{ data: Array<{ title: string }> }>(
      t.app,
      '/api/noticeList',
      { page: 1, type: 1 },
      { token: me.token },
    );
    expect(announcements.data.data.map((m) => m.title)).toEqual(['公告一则']);
  });

  it('refuses an announcement addressed to one member, a missing member and a finance operator', async () => {
    const op = await operatorToken(t, 'content');
    const me = await registerMember(t.app);
    const id = await memberId(t, me.name);
    expect(
      (await adminCall(t, op, 'POST', '/admin/api/messages', { title: 'a', content: 'b', type: 1, member_id: id }))
        .code,
    ).toBe(BizCode.BAD_INPUT);
    expect(
      (await adminCall(t, op, 'POST', '/admin/api/messages', { title: 'a', content: 'b', member_id: 999999 })).code,
    ).toBe(BizCode.NOT_FOUND);
    const finance = await operatorToken(t, 'finance');
    expect((await adminCall(t, finance, 'POST', '/admin/api/messages', { title: 'a', content: 'b' })).code).toBe(
      BizCode.FORBIDDEN,
    );
  });
});

describe('POST /api/applyagentdo and its review', () => {
  it('checks mobile then reason, accepts one application and refuses a second with 226', async () => {
    const m = await registerMember(t.app);
    expect(await call(t.app, '/api/applyagentdo', { mobile: '123', apply_info: '' }, { token: m.token })).toMatchObject(
      {
        code: BizCode.BAD_INPUT,
        message: MSG.mobileInvalid,
      },
    );
    expect(
      await call(t.app, '/api/applyagentdo', { mobile: '13912345678', apply_info: '  ' }, { token: m.token }),
    ).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.applyInfoRequired,
    });
    const ok = await call(
      t.app,
      '/api/applyagentdo',
      { mobile: '13912345678', apply_info: '我有很多朋友' },
      { token: m.token },
    );
    expect(ok).toMatchObject({ code: 200, message: MSG.applyOk });
    const again = await call(
      t.app,
      '/api/applyagentdo',
      { mobile: '13912345678', apply_info: '再来一次' },
      { token: m.token },
    );
    expect(again).toMatchObject({ code: BizCode.AGENT_APPLIED, message: MSG.agentAlreadyApplied });
  });

  it('approval sets isagent 1 once (409 after), audited; a rejected application still blocks another', async () => {
    const finance = await operatorToken(t, 'finance');
    const m = await registerMember(t.app);
    await call(t.app, '/api/applyagentdo', { mobile: '8613912345678', apply_info: '推广' }, { token: m.token });
    const list = await adminCall<{ data: Array<{ id: number; username: string; state: number }> }>(
      t,
      finance,
      'GET',
      '/admin/api/agent-applications?state=1&page=1',
    );
    const mine = list.data.data.find((a) => a.username === m.name);
    expect(mine).toMatchObject({ state: 1 });
    const content = await operatorToken(t, 'content');
    expect((await adminCall(t, content, 'POST', `/admin/api/agent-applications/${mine?.id}/approve`)).code).toBe(
      BizCode.FORBIDDEN,
    );

    const approved = await adminCall(t, finance, 'POST', `/admin/api/agent-applications/${mine?.id}/approve`);
    expect(approved).toMatchObject({ code: 200, data: { state: 2 } });
    const user = await call<{ isagent: number }>(t.app, '/api/user', {}, { token: m.token });
    expect(user.data.isagent).toBe(1);
    const twice = await adminCall(t, finance, 'POST', `/admin/api/agent-applications/${mine?.id}/approve`);
    expect(twice).toMatchObject({ code: BizCode.CONFLICT, message: MSG.alreadyProcessed });
    expect(
      (await adminCall(t, finance, 'POST', `/admin/api/agent-applications/${mine?.id}/reject`, { note: 'x' })).code,
    ).toBe(BizCode.CONFLICT);
    const audit = await adminCall<{ data: Array<{ action: string; target: string }> }>(
      t,
      await operatorToken(t),
      'GET',
      '/admin/api/audit?page=1',
    );
    expect(
      audit.data.data.some(
        (a) => a.action === 'agent-application.approve' && a.target === `agent-application:${mine?.id}`,
      ),
    ).toBe(true);

    const r = await registerMember(t.app);
    await call(t.app, '/api/applyagentdo', { mobile: '13912345678', apply_info: '推广' }, { token: r.token });
    const pending = await adminCall<{ data: Array<{ id: number; username: string }> }>(
      t,
      finance,
      'GET',
      '/admin/api/agent-applications?state=1',
    );
    const theirs = pending.data.data.find((a) => a.username === r.name);
    const rejected = await adminCall(t, finance, 'POST', `/admin/api/agent-applications/${theirs?.id}/reject`, {
      note: '资料不全',
    });
    expect(rejected).toMatchObject({ code: 200, data: { state: 3, note: '资料不全' } });
    expect((await call<{ isagent: number }>(t.app, '/api/user', {}, { token: r.token })).data.isagent).toBe(0);
    const retry = await call(
      t.app,
      '/api/applyagentdo',
      { mobile: '13912345678', apply_info: '再申请' },
      { token: r.token },
    );
    expect(retry.code).toBe(BizCode.AGENT_APPLIED);
  });

  it("answers where the caller's application stands: none, under review, approved, refused", async () => {
    const finance = await operatorToken(t, 'finance');
    const stateOf = async (token: string) =>
      (await call<{ state: number }>(t.app, '/api/agentapplystate', {}, { token })).data.state;
    const decide = async (name: string, decision: 'approve' | 'reject') => {
      const list = await adminCall<{ data: Array<{ id: number; username: string }> }>(
        t,
        finance,
        'GET',
        '/admin/api/agent-applications?state=1',
      );
      const row = list.data.data.find((a) => a.username === name);
      expect(
        (await adminCall(t, finance, 'POST', `/admin/api/agent-applications/${row?.id}/${decision}`, {})).code,
      ).toBe(200);
    };
    const a = await registerMember(t.app);
    const b = await registerMember(t.app);
    expect(await stateOf(a.token)).toBe(0);
    await call(t.app, '/api/applyagentdo', { mobile: '13912345678', apply_info: '推广' }, { token: a.token });
    await call(t.app, '/api/applyagentdo', { mobile: '13912345679', apply_info: '推广' }, { token: b.token });
    expect(await stateOf(a.token)).toBe(1);
    await decide(a.name, 'approve');
    await decide(b.name, 'reject');
    expect(await stateOf(a.token)).toBe(2);
    expect(await stateOf(b.token)).toBe(3);
    // Each member hears of their own application only.
    expect(await stateOf((await registerMember(t.app)).token)).toBe(0);
  });
});

describe('POST /api/referralinfo', () => {
  it('answers the member id, the register link and how many registered with it', async () => {
    const inviter = await registerMember(t.app);
    const id = await memberId(t, inviter.name);
    await registerMember(t.app, { pid: String(id) });
    await registerMember(t.app, { pid: inviter.name });
    await registerMember(t.app);
    const answer = await call<{ pid: number; link: string; invited: number }>(
      t.app,
      '/api/referralinfo',
      {},
      { token: inviter.token },
    );
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ pid: id, invited: 2 });
    // The origin is the one the client used (inject sends Host: localhost:80).
    expect(answer.data.link).toBe(`http://localhost:80/#/login?type=1&pid=${id}`);
  });
});
