import {
  adminEndpoints,
  adminPath,
  BizCode,
  MSG,
  type SupportMessage,
  type SupportPush,
  type SupportQueueRow,
  type SupportThread,
} from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { count, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../app';
import { testRedisUrl } from '../../config';
import { auditLog } from '../../db/tables/backoffice';
import { deposits, memberCards, withdrawals } from '../../db/tables/payments';
import { rgBreaks, rgLimits } from '../../db/tables/responsible';
import { riskFlagMembers, riskFlags } from '../../db/tables/risk';
import { venueTransfers } from '../../db/tables/wallet';
import { storedFiles } from '../../db/tables/files';
import { supportConversations } from '../../db/tables/support';
import { gifBytes, jpegBytes, multipartBody, postMultipart, solidPng, webpBytes } from '../../../test/images';
import { adminCall, call, credit, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { SUPPORT_SEND_LIMIT } from './support-routes';

const t = useTestApp();
const ops = useOperators(t, { desk: 'support', desk2: 'support', finance: 'finance', content: 'content' });

const e = adminEndpoints;
const open = (token: string, app: FastifyInstance = t.app) =>
  call<SupportThread>(app, '/api/support/open', {}, { token });
const send = (token: string, text: string, app: FastifyInstance = t.app) =>
  call<SupportMessage>(app, '/api/support/send', { text }, { token });
const after = (token: string, conversation_id: number, after_id = 0, app: FastifyInstance = t.app) =>
  call<SupportMessage[]>(app, '/api/support/messages', { conversation_id, after_id }, { token });
const operatorName = async (token: string) =>
  (await adminCall<{ username: string }>(t, token, 'GET', '/admin/api/me')).data.username;

/** A socket on an app, signed in, collecting what it is pushed; `next` waits for a push that matches. */
async function socketOf(app: FastifyInstance, path: string) {
  const pushes: SupportPush[] = [];
  const waiters: Array<() => void> = [];
  // Listening from the start: the server's first push may come as soon as the socket opens.
  const socket: WebSocket = await app.injectWS(
    path,
    {},
    {
      onInit: (ws) =>
        ws.on('message', (data) => {
          pushes.push(JSON.parse(String(data)) as SupportPush);
          for (const wake of waiters.splice(0)) wake();
        }),
    },
  );
  const next = async (match: (p: SupportPush) => boolean, ms = 3000): Promise<SupportPush> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = pushes.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching push; got ${JSON.stringify(pushes)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  };
  await next((p) => p.type === 'ready');
  return { socket, pushes, next };
}

const messageText = (text: string) => (p: SupportPush) => p.type === 'message' && p.message.text === text;

describe('在线客服: the member', () => {
  it('opens one conversation with a welcome, sends, reads after an id, closes and rates it', async () => {
    const m = await registerMember(t.app);
    const first = await open(m.token);
    expect(first.code).toBe(200);
    expect(first.data.conversation).toMatchObject({ state: 'open', claimed: false, rating: null });
    expect(first.data.messages).toEqual([expect.objectContaining({ sender: 'system' })]);
    const id = first.data.conversation.id;
    expect((await open(m.token)).data.conversation.id).toBe(id);

    const sent = await send(m.token, '  我的存款还没到账  ');
    expect(sent).toMatchObject({
      code: 200,
      data: { conversation_id: id, sender: 'member', text: '我的存款还没到账' },
    });
    const welcomeId = first.data.messages[0]!.id;
    expect((await after(m.token, id, welcomeId)).data.map((x) => x.text)).toEqual(['我的存款还没到账']);
    expect((await after(m.token, id, sent.data.id)).data).toEqual([]);

    expect(await send(m.token, '   ')).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.supportTextRequired });
    expect(await send(m.token, '字'.repeat(501))).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.inputTooLong });
    const rate = (rating: unknown) =>
      call(t.app, '/api/support/rate', { conversation_id: id, rating, note: '很快' }, { token: m.token });
    expect(await rate(5)).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.supportRateOpen });

    const closed = await call(t.app, '/api/support/close', { conversation_id: id }, { token: m.token });
    expect(closed).toMatchObject({ code: 200, data: { id, state: 'closed' } });
    expect(await call(t.app, '/api/support/close', { conversation_id: id }, { token: m.token })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.supportClosed,
    });
    expect(await rate(6)).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.supportRatingInvalid });
    expect(await rate(5)).toMatchObject({
      code: 200,
      message: MSG.supportRated,
      data: { rating: 5, rating_note: '很快' },
    });
    expect(await rate(4)).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.supportAlreadyRated });

    // The next line opens a new conversation; the old one keeps its rows.
    const again = await send(m.token, '还有一个问题');
    expect(again.data.conversation_id).not.toBe(id);
    expect((await after(m.token, id)).data.length).toBeGreaterThanOrEqual(3);
  });

  it('never shows or changes another member’s conversation, and a visitor is asked to log in', async () => {
    const owner = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = (await send(owner.token, '只给客服看')).data.conversation_id;
    const missing = { code: BizCode.NOT_FOUND, message: MSG.supportNotFound, data: null };
    expect(await after(other.token, id)).toEqual(missing);
    expect(await call(t.app, '/api/support/close', { conversation_id: id }, { token: other.token })).toEqual(missing);
    expect(
      await call(t.app, '/api/support/rate', { conversation_id: id, rating: 1, note: '' }, { token: other.token }),
    ).toEqual(missing);
    expect((await open(other.token)).data.conversation.id).not.toBe(id);
    expect((await call(t.app, '/api/support/open', {})).code).toBe(BizCode.UNAUTHORIZED);
    expect((await after(owner.token, id)).data.map((x) => x.text)).toContain('只给客服看');
  });

  it('refuses lines sent faster than the limit, and changes nothing', async () => {
    const m = await registerMember(t.app);
    for (let i = 0; i < SUPPORT_SEND_LIMIT.max; i += 1) expect((await send(m.token, `第${i}条`)).code).toBe(200);
    expect(await send(m.token, '太快了')).toEqual({
      code: BizCode.TOO_MANY,
      message: MSG.supportSendTooFast,
      data: null,
    });
    const id = (await open(m.token)).data.conversation.id;
    expect((await after(m.token, id)).data.map((x) => x.text)).not.toContain('太快了');
  });
});

describe('在线客服: images', () => {
  const upload = (token: string | undefined, data: Buffer | null, name = 'shot.png') =>
    postMultipart<{ code: number; message: string; data: { image: string } | null }>(
      t.app,
      '/api/support/upload',
      token,
      multipartBody(data ? { name, data, type: 'image/png' } : null),
    );
  const sendImage = (token: string, image: string, text = '') =>
    call<SupportMessage>(t.app, '/api/support/send', { text, image }, { token });
  const attachments = async () =>
    (await t.database.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'attachment'))).length;

  it('sends a member’s image as a line: kept as the member’s own upload, pushed live, shown to the desk', async () => {
    const m = await registerMember(t.app);
    const id = (await open(m.token)).data.conversation.id;
    const desk = await socketOf(t.app, `/admin/api/support/socket?token=${ops.desk}`);
    const png = solidPng(2, 2);
    const up = await upload(m.token, png);
    expect(up).toMatchObject({ code: 200, data: { image: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.png$/) } });
    const image = up.data!.image;
    const served = await t.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const sent = await sendImage(m.token, image);
    expect(sent).toMatchObject({ code: 200, data: { conversation_id: id, sender: 'member', text: '', image } });
    const pushed = await desk.next((p) => p.type === 'message' && p.message.id === sent.data.id);
    expect(pushed).toMatchObject({ message: { image, text: '' } });
    const withText = await sendImage(m.token, image, '这是转账截图');
    expect(withText.data).toMatchObject({ text: '这是转账截图', image });

    const thread = await adminCall<{ messages: SupportMessage[] }>(
      t,
      ops.desk,
      'GET',
      adminPath(e.supportConversation, { id }),
    );
    expect(thread.data.messages.filter((x) => x.image).map((x) => [x.text, x.image])).toEqual([
      ['', image],
      ['这是转账截图', image],
    ]);
    expect((await after(m.token, id, sent.data.id - 1)).data.map((x) => x.image)).toEqual([image, image]);
    desk.socket.terminate();
  });

  it('lets the desk answer with a picture of its own upload, audited; another’s or an outside address is refused', async () => {
    const m = await registerMember(t.app);
    const id = (await send(m.token, '请看一下')).data.conversation_id;
    const mine = await socketOf(t.app, `/api/support/socket?token=${m.token}`);
    const deskUpload = (token: string, data: Buffer) =>
      t.app
        .inject({
          method: 'POST',
          url: '/admin/api/support/upload',
          ...(() => {
            const body = multipartBody({ name: 'a.png', data });
            return {
              payload: body.payload,
              headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
            };
          })(),
        })
        .then((r) => r.json() as { code: number; message: string; data: { image: string } | null });
    expect(await deskUpload(ops.finance, solidPng())).toMatchObject({ code: BizCode.FORBIDDEN });
    expect(await deskUpload(ops.desk, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      code: BizCode.BAD_INPUT,
      message: MSG.imageUploadTypeInvalid,
      data: null,
    });
    expect((await deskUpload(ops.desk, jpegBytes())).data?.image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    const image = (await deskUpload(ops.desk, solidPng())).data!.image;
    const theirs = (await deskUpload(ops.desk2, solidPng())).data!.image;
    const memberUpload = (await upload(m.token, solidPng())).data!.image;
    const reply = (body: Record<string, unknown>) =>
      adminCall<SupportMessage>(t, ops.desk, 'POST', adminPath(e.supportReply, { id }), body);
    for (const bad of ['https://evil.example/x.png', theirs, memberUpload])
      expect(await reply({ text: '', image: bad }), bad).toMatchObject({
        code: BizCode.BAD_INPUT,
        message: MSG.supportImageInvalid,
      });
    expect(await reply({ text: ' ', image: '' })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.supportTextRequired,
    });
    const sent = await reply({ text: '示例截图', image });
    expect(sent).toMatchObject({ code: 200, data: { sender: 'operator', text: '示例截图', image } });
    const pushed = await mine.next((p) => p.type === 'message' && p.message.id === sent.data.id);
    expect(pushed).toMatchObject({ message: { image } });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `support:${id}`));
    const replied = rows.find((r) => r.action === 'support.reply');
    expect(JSON.parse(String(replied?.after))).toEqual({
      message_id: sent.data.id,
      image: image.slice('/uploads/'.length),
    });
    const uploads = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'support.upload'));
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    mine.socket.terminate();
  });

  it('shows an image alone as [图片] in the queue', async () => {
    const m = await registerMember(t.app);
    const sent = await sendImage(m.token, (await upload(m.token, gifBytes(), 'a.gif')).data!.image);
    const queue = await adminCall<{ list: SupportQueueRow[] }>(
      t,
      ops.desk,
      'GET',
      `${adminPath(e.supportQueue)}?state=open`,
    );
    expect(queue.data.list.find((r) => r.id === sent.data.conversation_id)?.last_text).toBe('[图片]');
  });

  it('takes a phone’s photo: a jpg or webp is kept under its own kind, served with its type', async () => {
    const m = await registerMember(t.app);
    for (const [data, ext, type] of [
      [jpegBytes(), 'jpg', 'image/jpeg'],
      [webpBytes(), 'webp', 'image/webp'],
    ] as const) {
      const image = (await upload(m.token, data, `photo.${ext}`)).data?.image ?? '';
      expect(image).toMatch(new RegExp(`^/uploads/[a-f0-9]{32}\\.${ext}$`));
      const served = await t.app.inject({ method: 'GET', url: image });
      expect(served.headers['content-type']).toBe(type);
      expect(served.rawPayload.equals(data)).toBe(true);
      expect((await sendImage(m.token, image)).data).toMatchObject({ image });
    }
  });

  it('refuses a file that is not a picture, an empty one, one over 2 MB and a caller without a session', async () => {
    const m = await registerMember(t.app);
    const before = await attachments();
    const refused = (message: string) => ({ code: BizCode.BAD_INPUT, message, data: null });
    expect(await upload(m.token, Buffer.from('not an image at all'))).toEqual(refused(MSG.imageUploadTypeInvalid));
    expect(await upload(m.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.png')).toEqual(
      refused(MSG.imageUploadTypeInvalid),
    );
    expect(await upload(m.token, null)).toEqual(refused(MSG.uploadMissing));
    expect(await upload(m.token, Buffer.alloc(0))).toEqual(refused(MSG.uploadMissing));
    // 2 MB is taken; a byte more is not (the multipart body around it stays under the route's limit).
    expect((await upload(m.token, Buffer.concat([jpegBytes(), Buffer.alloc(2 * 1024 * 1024 - 75)]))).code).toBe(200);
    expect(await upload(m.token, Buffer.concat([jpegBytes(), Buffer.alloc(2 * 1024 * 1024 - 74)]))).toEqual(
      refused(MSG.imageUploadTooLarge),
    );
    expect(await upload(m.token, Buffer.concat([solidPng(), Buffer.alloc(4 * 1024 * 1024)]))).toEqual(
      refused(MSG.imageUploadTooLarge),
    );
    expect((await upload(undefined, solidPng())).code).toBe(BizCode.UNAUTHORIZED);
    expect(await attachments()).toBe(before + 1);
  });

  it('names only the member’s own upload: an outside URL, a made-up name, another’s image or an avatar are refused', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = (await open(m.token)).data.conversation.id;
    const theirs = (await upload(other.token, solidPng())).data!.image;
    const avatar = (
      await postMultipart<{ data: { avatar: string } }>(
        t.app,
        '/api/uploadimg',
        m.token,
        multipartBody({ name: 'a.png', data: solidPng() }),
      )
    ).data.avatar;
    const mine = (await upload(m.token, solidPng())).data!.image;
    const invalid = { code: BizCode.BAD_INPUT, message: MSG.supportImageInvalid, data: null };
    for (const image of [
      'https://evil.example/x.png',
      `https://evil.example${mine}`,
      'javascript:alert(1)',
      '/uploads/0123456789abcdef0123456789abcdef.png',
      `${mine}?x=1`,
      `/uploads/../${mine}`,
      theirs,
      avatar,
      new URL(avatar).pathname,
    ])
      expect(await sendImage(m.token, image, '看图'), image).toEqual(invalid);
    expect(await sendImage(m.token, '', '  ')).toEqual({
      code: BizCode.BAD_INPUT,
      message: MSG.supportTextRequired,
      data: null,
    });
    expect((await after(m.token, id)).data.map((x) => x.sender)).toEqual(['system']);
    expect((await sendImage(m.token, mine)).code).toBe(200);
  });
});

describe('在线客服: a visitor', () => {
  const device = () => randomBytes(24).toString('hex');
  let address = 0;
  /** Each test calls from addresses of its own, so the per-address limits of one do not reach another. */
  const freshIp = () => `10.77.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const visitor = async <T>(path: string, body: Record<string, unknown>, ip: string) =>
    (
      await t.app.inject({ method: 'POST', url: `/api/support/visitor/${path}`, payload: body, remoteAddress: ip })
    ).json() as { code: number; message: string; data: T };
  const missing = { code: BizCode.NOT_FOUND, message: MSG.supportNotFound, data: null };

  it('writes by a device id; the desk sees 访客 with no member beside it, and only that device hears the reply', async () => {
    const ip = freshIp();
    const dev = device();
    const first = await visitor<SupportThread>('open', { device: dev }, ip);
    expect(first).toMatchObject({ code: 200, data: { conversation: { state: 'open', claimed: false } } });
    expect(first.data.messages).toEqual([expect.objectContaining({ sender: 'system' })]);
    const id = first.data.conversation.id;
    const mine = await socketOf(t.app, `/api/support/socket?device=${dev}`);
    const otherDevice = await socketOf(t.app, `/api/support/socket?device=${device()}`);
    const m = await registerMember(t.app);
    const member = await socketOf(t.app, `/api/support/socket?token=${m.token}`);
    const desk = await socketOf(t.app, `/admin/api/support/socket?token=${ops.desk}`);

    const line = await visitor<SupportMessage>('send', { device: dev, text: '想了解一下新人优惠' }, ip);
    expect(line).toMatchObject({ code: 200, data: { conversation_id: id, sender: 'visitor', image: '' } });
    await desk.next(messageText('想了解一下新人优惠'));
    await mine.next(messageText('想了解一下新人优惠'));
    // A visitor has no uploads: an image named in the body is not taken.
    const withImage = await visitor<SupportMessage>('send', { device: dev, text: '看图', image: '/uploads/x.png' }, ip);
    expect(withImage.data.image).toBe('');

    const queue = await adminCall<{ list: SupportQueueRow[] }>(
      t,
      ops.desk,
      'GET',
      `${adminPath(e.supportQueue)}?state=open`,
    );
    expect(queue.data.list.find((r) => r.id === id)).toMatchObject({ username: '访客', member_id: null });
    const thread = await adminCall<{ member: unknown }>(t, ops.desk, 'GET', adminPath(e.supportConversation, { id }));
    expect(thread.data.member).toBeNull();

    await adminCall(t, ops.desk, 'POST', adminPath(e.supportReply, { id }), { text: '新人首存送20%' });
    await mine.next(messageText('新人首存送20%'));
    const read = await visitor<SupportMessage[]>('messages', { device: dev, conversation_id: id, after_id: 0 }, ip);
    expect(read.data.map((x) => x.text)).toContain('新人首存送20%');
    expect(otherDevice.pushes.filter((p) => p.type !== 'ready')).toEqual([]);
    expect(member.pushes.filter((p) => p.type !== 'ready')).toEqual([]);

    expect((await visitor('close', { device: dev, conversation_id: id }, ip)).code).toBe(200);
    expect(await visitor('rate', { device: dev, conversation_id: id, rating: 5, note: '很好' }, ip)).toMatchObject({
      code: 200,
      message: MSG.supportRated,
      data: { rating: 5 },
    });
    // The visitor's next line opens a new conversation.
    const again = await visitor<SupportMessage>('send', { device: dev, text: '还有一个问题' }, ip);
    expect(again.data.conversation_id).not.toBe(id);
    for (const s of [mine, otherDevice, member, desk]) s.socket.terminate();
  });

  it('never shows a member’s conversation or another visitor’s, whatever id or device is guessed', async () => {
    const ip = freshIp();
    const a = device();
    const b = device();
    const m = await registerMember(t.app);
    const memberConversation = (await send(m.token, '会员的私事')).data.conversation_id;
    const visitorConversation = (await visitor<SupportMessage>('send', { device: a, text: '访客A的问题' }, ip)).data
      .conversation_id;

    for (const id of [visitorConversation, memberConversation]) {
      expect(await visitor('messages', { device: b, conversation_id: id, after_id: 0 }, ip)).toEqual(missing);
      expect(await visitor('close', { device: b, conversation_id: id }, ip)).toEqual(missing);
      expect(await visitor('rate', { device: b, conversation_id: id, rating: 1, note: '' }, ip)).toEqual(missing);
    }
    // The device that wrote cannot reach the member's either, nor a member the visitor's.
    expect(await visitor('messages', { device: a, conversation_id: memberConversation }, ip)).toEqual(missing);
    expect(await after(m.token, visitorConversation)).toEqual(missing);
    // Another device opens its own.
    const opened = await visitor<SupportThread>('open', { device: b }, ip);
    expect(opened.data.conversation.id).not.toBe(visitorConversation);
    expect(opened.data.messages.map((x) => x.text)).not.toContain('访客A的问题');
    // A device id too short to be unguessable, or none, is refused.
    const badDevice = { code: BizCode.BAD_INPUT, message: MSG.supportDeviceInvalid, data: null };
    expect(await visitor('open', { device: 'abc' }, ip)).toEqual(badDevice);
    expect(await visitor('open', {}, ip)).toEqual(badDevice);
    expect(await visitor('send', { device: `${'x'.repeat(31)}!`, text: 'hi' }, ip)).toEqual(badDevice);
    const closed = await t.app.injectWS('/api/support/socket?device=short');
    expect(await new Promise<number>((resolve) => closed.on('close', (code) => resolve(code)))).toBe(4401);
    // The visitor's line stayed where it was, and the member's too.
    expect((await after(m.token, memberConversation)).data.map((x) => x.text)).toEqual([
      expect.any(String),
      '会员的私事',
    ]);
  });

  it('limits lines per device and per address as a member’s, and new conversations per address', async () => {
    const tooFast = { code: BizCode.TOO_MANY, message: MSG.supportSendTooFast, data: null };
    // Per device: the same device from a new address each time.
    const dev = device();
    for (let i = 0; i < SUPPORT_SEND_LIMIT.max; i += 1)
      expect((await visitor('send', { device: dev, text: `第${i}条` }, freshIp())).code).toBe(200);
    expect(await visitor('send', { device: dev, text: '换个地址也太快' }, freshIp())).toEqual(tooFast);

    // Per address: two devices on one address share its count.
    const ip = freshIp();
    const [d1, d2] = [device(), device()];
    for (let i = 0; i < SUPPORT_SEND_LIMIT.max; i += 1)
      expect((await visitor('send', { device: i % 2 ? d2 : d1, text: `第${i}条` }, ip)).code).toBe(200);
    expect(await visitor('send', { device: d1, text: '同一地址太快' }, ip)).toEqual(tooFast);

    // New conversations per address: made-up devices cannot open them by the thousand.
    const openIp = freshIp();
    for (let i = 0; i < SUPPORT_SEND_LIMIT.max; i += 1)
      expect((await visitor('open', { device: device() }, openIp)).code).toBe(200);
    const [before] = await t.database.db.select({ n: count() }).from(supportConversations);
    expect(await visitor('open', { device: device() }, openIp)).toEqual(tooFast);
    const [afterOpen] = await t.database.db.select({ n: count() }).from(supportConversations);
    expect(afterOpen?.n).toBe(before?.n);
  });
});

describe('在线客服: our chat page', () => {
  it('is the service address while 站点设置 names none, and is served with its script', async () => {
    const url = (await call<{ url: string }>(t.app, '/api/getservicerurl')).data.url;
    expect(url).toBe('/service/chat.html');
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/service/chat.js"></script>');
    const script = await t.app.inject({ method: 'GET', url: '/service/chat.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('/api/support/socket');
    // A visitor writes by a device id, and is told to sign in for money questions.
    expect(script.body).toContain("'/api/support/visitor/'");
    expect(script.body).toContain('localStorage');
    expect(page.body).toContain(MSG.supportVisitorMoney);
  });
});

describe('在线客服: the desk', () => {
  it('refuses other roles and lets the support role claim, reply, transfer, release, close and reopen, audited', async () => {
    const m = await registerMember(t.app);
    const silent = await registerMember(t.app);
    const silentId = (await open(silent.token)).data.conversation.id;
    const id = (await send(m.token, '请问提款多久到账')).data.conversation_id;
    const queue = adminPath(e.supportQueue);
    for (const token of [ops.finance, ops.content])
      expect(await adminCall(t, token, 'GET', queue)).toMatchObject({ code: BizCode.FORBIDDEN });

    const list = await adminCall<{ list: SupportQueueRow[] }>(t, ops.desk, 'GET', queue);
    const row = list.data.list.find((r) => r.id === id);
    expect(row).toMatchObject({ username: m.name, operator: '', unread: 1, last_text: '请问提款多久到账' });
    // Opening the chat without writing puts nobody in the queue.
    expect(list.data.list.map((r) => r.id)).not.toContain(silentId);

    const thread = await adminCall<{ member: { username: string }; messages: SupportMessage[] }>(
      t,
      ops.desk,
      'GET',
      adminPath(e.supportConversation, { id }),
    );
    expect(thread.data.member).toMatchObject({ username: m.name });
    const unreadAfterReading = (await adminCall<{ list: SupportQueueRow[] }>(t, ops.desk, 'GET', queue)).data.list;
    expect(unreadAfterReading.find((r) => r.id === id)?.unread).toBe(0);

    const desk = await operatorName(ops.desk);
    const desk2 = await operatorName(ops.desk2);
    expect(await adminCall(t, ops.desk, 'POST', adminPath(e.supportClaim, { id }))).toMatchObject({
      code: 200,
      data: { operator: desk },
    });
    expect(await adminCall(t, ops.desk2, 'POST', adminPath(e.supportClaim, { id }))).toMatchObject({
      code: BizCode.CONFLICT,
      message: MSG.supportClaimedByOther,
    });
    expect(await adminCall(t, ops.desk2, 'POST', adminPath(e.supportReply, { id }), { text: '抢答' })).toMatchObject({
      code: BizCode.CONFLICT,
      message: MSG.supportNotYours,
    });
    const reply = await adminCall<SupportMessage>(t, ops.desk, 'POST', adminPath(e.supportReply, { id }), {
      text: '一般5分钟内到账',
    });
    expect(reply).toMatchObject({ code: 200, data: { sender: 'operator', text: '一般5分钟内到账' } });
    // The member reads the answer without learning who gave it.
    const seen = (await after(m.token, id)).data.find((x) => x.id === reply.data.id);
    expect(seen).toEqual(reply.data);
    expect(JSON.stringify(seen)).not.toContain(desk);

    expect(
      await adminCall(t, ops.desk, 'POST', adminPath(e.supportTransfer, { id }), {
        operator: await operatorName(ops.finance),
      }),
    ).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.supportTransferTarget });
    const desks = await adminCall<Array<{ username: string; role: string }>>(
      t,
      ops.desk,
      'GET',
      adminPath(e.supportDeskOperators),
    );
    expect(desks.data).toEqual(
      expect.arrayContaining([
        { username: desk, role: 'support' },
        { username: desk2, role: 'support' },
      ]),
    );
    expect(desks.data.every((o) => o.role === 'support' || o.role === 'admin')).toBe(true);
    expect(desks.data.map((o) => o.username)).not.toContain(await operatorName(ops.finance));
    expect(
      await adminCall(t, ops.desk, 'POST', adminPath(e.supportTransfer, { id }), { operator: desk2 }),
    ).toMatchObject({ code: 200, data: { operator: desk2 } });
    expect(await adminCall(t, ops.desk2, 'POST', adminPath(e.supportRelease, { id }))).toMatchObject({
      code: 200,
      data: { operator: '' },
    });
    expect(await adminCall(t, ops.desk, 'POST', adminPath(e.supportClose, { id }))).toMatchObject({
      code: 200,
      data: { state: 'closed' },
    });
    expect(await adminCall(t, ops.desk, 'POST', adminPath(e.supportReply, { id }), { text: '还在吗' })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.supportClosed,
    });
    expect(await adminCall(t, ops.desk, 'POST', adminPath(e.supportReopen, { id }))).toMatchObject({
      code: 200,
      data: { state: 'open' },
    });

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `support:${id}`));
    expect(rows.map((r) => r.action)).toEqual([
      'support.claim',
      'support.reply',
      'support.transfer',
      'support.release',
      'support.close',
      'support.reopen',
    ]);
  });
});

describe('在线客服: the member beside the chat', () => {
  /** Money rows of a member written as their areas write them, at fixed times (Beijing = UTC+8). */
  async function moneyRows(id: number, tag: string, count: number, base: number) {
    const db = t.database.db;
    const at = (i: number) => new Date(Date.UTC(2026, 4, 1, 1, i, 0));
    const [card] = await db
      .insert(memberCards)
      .values({ memberId: id, type: 1, bank: '招商银行', bankOwner: '张三', bankNo: `62148300${base}0001` })
      .returning();
    for (let i = 0; i < count; i += 1) {
      await db.insert(deposits).values({
        depositNo: `D${tag}${i}`,
        memberId: id,
        payWay: 'bank',
        amount: `${base + i}.10`,
        state: (i % 3) + 1,
        depositorBankNo: `62220202${base}9999`,
        createdAt: at(i),
      });
      await db.insert(withdrawals).values({
        orderNo: `W${tag}${i}`,
        memberId: id,
        cardId: card!.id,
        cardType: 1,
        bank: '招商银行',
        bankOwner: '张三',
        bankNo: `62148300${base}0001`,
        amount: `${base + i}.20`,
        state: (i % 3) + 1,
        createdAt: at(i),
      });
      await db.insert(venueTransfers).values({
        transferNo: `T${tag}${i}`,
        reference: `transfer:${id}:${tag}${i}`,
        memberId: id,
        venueCode: 'NOSUCH',
        direction: i % 2 ? 'out' : 'in',
        amount: `${base + i}.30`,
        state: i % 3,
        createdAt: at(i),
      });
    }
  }

  it('shows the agent the member’s balance, latest money rows, risk flags and limits, never another member’s rows nor a secret', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const otherId = await memberId(t, other.name);
    await credit(t, ops.finance, m.name, '1234.56');
    await credit(t, ops.finance, other.name, '99.99');
    await moneyRows(id, `a${id}`, 6, 100);
    await moneyRows(otherId, `b${otherId}`, 2, 700);
    const db = t.database.db;
    const [flag] = await db
      .insert(riskFlags)
      .values({
        kind: 'shared_card',
        subject: `dev-${id}`,
        detail: `同设备 ${other.name}`,
        createdAt: new Date('2026-05-02T00:00:00Z'),
      })
      .returning();
    await db.insert(riskFlagMembers).values([
      { flagId: flag!.id, memberId: id },
      { flagId: flag!.id, memberId: otherId },
    ]);
    const [cleared] = await db
      .insert(riskFlags)
      .values({ kind: 'flagged_claim', subject: `ip-${id}`, state: 1 })
      .returning();
    await db.insert(riskFlagMembers).values({ flagId: cleared!.id, memberId: id });
    const [otherFlag] = await db
      .insert(riskFlags)
      .values({ kind: 'quick_withdrawal', subject: `w-${otherId}` })
      .returning();
    await db.insert(riskFlagMembers).values({ flagId: otherFlag!.id, memberId: otherId });
    await db.insert(rgLimits).values({ memberId: id, kind: 'deposit_day', value: 50_000 });
    await db.insert(rgBreaks).values({ memberId: id, kind: 'exclusion', until: null });

    const conversation = (await send(m.token, '我的存款到哪了')).data.conversation_id;
    const thread = await adminCall<{ member: Record<string, unknown> }>(
      t,
      ops.desk,
      'GET',
      adminPath(e.supportConversation, { id: conversation }),
    );
    expect(thread.code).toBe(200);
    // Registrations from the test's one address and device raise flags of their own: only the kinds written here count.
    const written = ['shared_card', 'flagged_claim', 'quick_withdrawal'];
    const ownKinds = (flags: unknown) => (flags as Array<{ kind: string }>).filter((f) => written.includes(f.kind));
    const member = { ...thread.data.member, risk_flags: ownKinds(thread.data.member.risk_flags) };
    const time = (i: number) => `2026-05-01 09:0${i}:00`;
    const depositLabel = ['待审核', '已到账', '审核拒绝'];
    const withdrawalLabel = ['待审核', '已出款', '已拒绝'];
    const transferLabel = ['失败', '成功', '处理中'];
    const newest = [5, 4, 3, 2, 1];
    expect(member).toEqual({
      username: m.name,
      vip: 1,
      registered_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      balance: '1234.56',
      deposits: newest.map((i) => ({
        id: expect.any(Number),
        deposit_no: `Da${id}${i}`,
        pay_way: 'bank',
        amount: `${100 + i}.10`,
        state: (i % 3) + 1,
        state_label: depositLabel[i % 3],
        created_at: time(i),
      })),
      withdrawals: newest.map((i) => ({
        id: expect.any(Number),
        order_no: `Wa${id}${i}`,
        amount: `${100 + i}.20`,
        state: (i % 3) + 1,
        state_label: withdrawalLabel[i % 3],
        created_at: time(i),
      })),
      transfers: newest.map((i) => ({
        id: expect.any(Number),
        transfer_no: `Ta${id}${i}`,
        venue_code: 'NOSUCH',
        venue_name: 'NOSUCH',
        direction: i % 2 ? 'out' : 'in',
        amount: `${100 + i}.30`,
        state: i % 3,
        state_label: transferLabel[i % 3],
        created_at: time(i),
      })),
      risk_flags: [{ kind: 'shared_card', label: '银行卡/USDT地址多人绑定', created_at: '2026-05-02 08:00:00' }],
      responsible: {
        limits: {
          deposit_day: { value: '500.00', pending: null },
          deposit_week: { value: null, pending: null },
          deposit_month: { value: null, pending: null },
          loss_day: { value: null, pending: null },
          session_minutes: { value: null, pending: null },
        },
        break: { kind: 'exclusion', until: null },
      },
      earlier: [],
    });
    // Nothing of the other member (their rows, their name on the shared flag), of the cards or of any secret.
    const shown = JSON.stringify(thread.data.member);
    for (const hidden of [other.name, `b${otherId}`, '700.', '701.', '99.99', '62148300', '62220202', 'dev-'])
      expect(shown).not.toContain(hidden);
    expect(shown).not.toMatch(/password|paypass|mobile|email|bank_no|bank_owner|depositor/i);

    // The other member's context is theirs alone: two rows of each, their own flag, no limit.
    const theirs = await adminCall<{ member: Record<string, unknown[]> & { balance: string } }>(
      t,
      ops.desk,
      'GET',
      adminPath(e.supportConversation, { id: (await send(other.token, '在吗')).data.conversation_id }),
    );
    expect(theirs.data.member.balance).toBe('99.99');
    expect(theirs.data.member.deposits!.map((d) => (d as { amount: string }).amount)).toEqual(['701.10', '700.10']);
    expect(theirs.data.member.transfers!.map((d) => (d as { amount: string }).amount)).toEqual(['701.30', '700.30']);
    expect(ownKinds(theirs.data.member.risk_flags).map((f) => f.kind)).toEqual(['quick_withdrawal', 'shared_card']);
    expect(JSON.stringify(theirs.data.member)).not.toContain(m.name);
  });
});

describe('快捷回复', () => {
  it('is kept by the content role, read by the desk, refused to the desk’s writes and to other roles', async () => {
    const path = adminPath(e.cannedReplies);
    const made = await adminCall<{ id: number }>(t, ops.content, 'POST', path, {
      title: '  存款未到账 ',
      text: '您好，请提供存款单号，我们立即为您核实。',
      sort: 2,
    });
    expect(made).toMatchObject({
      code: 200,
      data: { title: '存款未到账', text: '您好，请提供存款单号，我们立即为您核实。', sort: 2, enabled: 1 },
    });
    const id = made.data.id;
    await adminCall(t, ops.content, 'POST', path, { title: '问候', text: '您好，请问有什么可以帮您？', sort: 1 });

    const read = await adminCall<Array<{ title: string }>>(t, ops.desk, 'GET', path);
    expect(read.code).toBe(200);
    expect(read.data.map((r) => r.title)).toEqual(['问候', '存款未到账']);
    for (const [method, at, body] of [
      ['POST', path, { title: '客服自建', text: '不行' }],
      ['PUT', adminPath(e.cannedReplyUpdate, { id }), { title: '改', text: '改' }],
      ['DELETE', adminPath(e.cannedReplyDelete, { id }), undefined],
    ] as const)
      expect(await adminCall(t, ops.desk, method, at, body)).toMatchObject({ code: BizCode.FORBIDDEN });
    expect(await adminCall(t, ops.finance, 'GET', path)).toMatchObject({ code: BizCode.FORBIDDEN });

    expect(await adminCall(t, ops.content, 'POST', path, { title: ' ', text: '有内容' })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.titleRequired,
    });
    expect(await adminCall(t, ops.content, 'POST', path, { title: '长', text: '字'.repeat(501) })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.inputTooLong,
    });
    expect(
      await adminCall(t, ops.content, 'PUT', adminPath(e.cannedReplyUpdate, { id }), {
        title: '存款未到账',
        text: '请提供单号',
        sort: 2,
        enabled: 0,
      }),
    ).toMatchObject({ code: 200, data: { text: '请提供单号', enabled: 0 } });
    expect(await adminCall(t, ops.content, 'DELETE', adminPath(e.cannedReplyDelete, { id }))).toMatchObject({
      code: 200,
    });
    expect((await adminCall<Array<{ title: string }>>(t, ops.desk, 'GET', path)).data.map((r) => r.title)).toEqual([
      '问候',
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'support.canned_reply.create'));
    expect(audits.length).toBe(2);
  });
});

describe('在线客服: live delivery', () => {
  it('pushes a conversation’s messages to its member’s socket and the desk’s, never to another member’s', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = (await open(m.token)).data.conversation.id;
    const mine = await socketOf(t.app, `/api/support/socket?token=${m.token}`);
    const theirs = await socketOf(t.app, `/api/support/socket?token=${other.token}`);
    const desk = await socketOf(t.app, `/admin/api/support/socket?token=${ops.desk}`);

    await send(m.token, '在线吗');
    await desk.next(messageText('在线吗'));
    await adminCall(t, ops.desk, 'POST', adminPath(e.supportReply, { id }), { text: '您好，在的' });
    await mine.next(messageText('您好，在的'));
    await mine.next((p) => p.type === 'conversation' && p.conversation_id === id && p.claimed);
    expect(theirs.pushes.filter((p) => p.type !== 'ready')).toEqual([]);
    for (const s of [mine, theirs, desk]) s.socket.terminate();
  });

  it('pushes the desk’s typing to the conversation’s member alone; checked as a reply, repeats within 2 s unsent', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = (await send(m.token, '有人吗')).data.conversation_id;
    const otherId = (await send(other.token, '我也在等')).data.conversation_id;
    const mine = await socketOf(t.app, `/api/support/socket?token=${m.token}`);
    const theirs = await socketOf(t.app, `/api/support/socket?token=${other.token}`);
    const desk = await socketOf(t.app, `/admin/api/support/socket?token=${ops.desk}`);
    const typing = (conversation: number, token = ops.desk) =>
      adminCall(t, token, 'POST', adminPath(e.supportTyping, { id: conversation }));
    const typingPushes = (s: { pushes: SupportPush[] }) => s.pushes.filter((p) => p.type === 'typing');

    for (const token of [ops.finance, ops.content])
      expect(await typing(id, token)).toMatchObject({ code: BizCode.FORBIDDEN });
    // Waiting: any desk operator may type.
    expect(await typing(id)).toMatchObject({ code: 200, data: null });
    await mine.next((p) => p.type === 'typing' && p.conversation_id === id);
    // A second within 2 s answers 200 and is not sent.
    expect(await typing(id)).toMatchObject({ code: 200 });

    // Held by another operator: 409 as a reply; closed: 400.
    expect((await adminCall(t, ops.desk2, 'POST', adminPath(e.supportClaim, { id: otherId }))).code).toBe(200);
    expect(await typing(otherId)).toMatchObject({ code: BizCode.CONFLICT, message: MSG.supportNotYours });
    expect(await typing(otherId)).toMatchObject({ code: BizCode.CONFLICT, message: MSG.supportNotYours });
    expect((await typing(otherId, ops.desk2)).code).toBe(200);
    await theirs.next((p) => p.type === 'typing' && p.conversation_id === otherId);
    expect((await adminCall(t, ops.desk, 'POST', adminPath(e.supportClose, { id }))).code).toBe(200);
    expect(await typing(id)).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.supportClosed });
    expect(await typing(999_999)).toMatchObject({ code: BizCode.NOT_FOUND });

    // A marker after the typing calls: once the member hears it, every earlier push has been delivered.
    await send(m.token, '收到');
    await desk.next(messageText('收到'));
    await mine.next(messageText('收到'));
    expect(typingPushes(mine)).toEqual([{ type: 'typing', conversation_id: id }]);
    expect(typingPushes(theirs)).toEqual([{ type: 'typing', conversation_id: otherId }]);
    expect(typingPushes(desk)).toEqual([]);
    // Nothing changed, so nothing is audited.
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `support:${id}`));
    expect(audited.map((r) => r.action)).toEqual(['support.close']);
    for (const s of [mine, theirs, desk]) s.socket.terminate();
  });

  it('closes a socket without a valid token, and a desk socket of another role', async () => {
    const closedWith = async (path: string) => {
      const socket: WebSocket = await t.app.injectWS(path);
      return new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    };
    expect(await closedWith('/api/support/socket?token=nope')).toBe(4401);
    expect(await closedWith(`/admin/api/support/socket?token=${ops.finance}`)).toBe(4403);
  });

  it('keeps every message when the app restarts: a new instance reads them from the rows', async () => {
    const m = await registerMember(t.app);
    const id = (await send(m.token, '重启前的消息')).data.conversation_id;
    const second = await buildApp({ db: t.database.db, config: { ...t.config }, locks: t.database.locks });
    await second.ready();
    try {
      expect((await after(m.token, id, 0, second)).data.map((x) => x.text)).toContain('重启前的消息');
    } finally {
      await second.close();
    }
  });
});

const redisUrl = testRedisUrl();
describe.skipIf(!redisUrl)('在线客服 across server processes on one Redis (TEST_REDIS_URL)', () => {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : null;
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await redis?.quit();
  });

  it('delivers a line sent through one instance to a socket opened on another', async () => {
    if (!redis) return;
    for (let i = 0; i < 2; i += 1) {
      const app = await buildApp({ db: t.database.db, config: { ...t.config }, redis, locks: t.database.locks });
      await app.ready();
      apps.push(app);
    }
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const m = await registerMember(first);
    await open(m.token, first);
    const member = await socketOf(second, `/api/support/socket?token=${m.token}`);
    const desk = await socketOf(second, `/admin/api/support/socket?token=${ops.desk}`);
    await send(m.token, '从第一个实例发出', first);
    await member.next(messageText('从第一个实例发出'));
    await desk.next(messageText('从第一个实例发出'));
    member.socket.terminate();
    desk.socket.terminate();
  });
});
