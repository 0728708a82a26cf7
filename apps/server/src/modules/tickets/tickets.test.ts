import {
  type AdminTicket,
  type AdminTicketDetail,
  adminEndpoints,
  adminPath,
  BizCode,
  MSG,
  SUPPORT_TEXT_MAX,
  type Ticket,
  type TicketDetail,
  TICKET_TEXT_MAX,
} from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/tables/backoffice';
import { ledgerTransactions } from '../../db/tables/ledger';
import { memberMessages } from '../../db/tables/member';
import { memberCards, deposits, withdrawals } from '../../db/tables/payments';
import { tickets } from '../../db/tables/tickets';
import { venueTransfers } from '../../db/tables/wallet';
import { multipartBody, postMultipart, solidPng } from '../../../test/images';
import { adminCall, call, memberId, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { TICKET_CREATE_LIMIT } from './tickets-routes';

const t = useTestApp();
const ops = useOperators(t, { desk: 'support', admin: 'admin', finance: 'finance', content: 'content' });
const e = adminEndpoints;

const file = (token: string, body: Record<string, unknown>) =>
  call<TicketDetail>(t.app, '/api/tickets/create', body, { token });
const mine = (token: string) => call<{ data: Ticket[]; total: number }>(t.app, '/api/tickets/list', {}, { token });
const detail = (token: string, id: number) => call<TicketDetail>(t.app, '/api/tickets/detail', { id }, { token });

/** A deposit, a withdrawal and a remote venue transfer of the member, by these numbers. */
async function recordsOf(id: number, tag: string) {
  const db = t.database.db;
  const [card] = await db
    .insert(memberCards)
    .values({ memberId: id, type: 1, bank: '招商银行', bankOwner: '张三', bankNo: `6214830000${id}` })
    .returning();
  await db.insert(deposits).values({ depositNo: `D${tag}`, memberId: id, payWay: 'bank', amount: '100.00', state: 1 });
  await db.insert(withdrawals).values({
    orderNo: `W${tag}`,
    memberId: id,
    cardId: card!.id,
    cardType: 1,
    bank: '招商银行',
    bankOwner: '张三',
    bankNo: `6214830000${id}`,
    amount: '200.00',
    state: 1,
  });
  await db.insert(venueTransfers).values({
    transferNo: `T${tag}`,
    reference: `transfer:${id}:${tag}`,
    memberId: id,
    venueCode: 'NOSUCH',
    direction: 'in',
    amount: '50.00',
    state: 1,
  });
}

const ticketCount = async (id: number) =>
  (await t.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.memberId, id))).length;

describe('意见反馈: the member', () => {
  it('files a ticket about their own deposit, withdrawal or transfer, lists it and reads it', async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    await recordsOf(id, `own${id}`);
    const filed = await file(m.token, {
      category: '存款问题',
      text: '  存款一直没有到账  ',
      record_kind: 'deposit',
      record_no: `Down${id}`,
    });
    expect(filed).toMatchObject({
      code: 200,
      message: MSG.ticketCreated,
      data: {
        category: '存款问题',
        text: '存款一直没有到账',
        record_kind: 'deposit',
        record_no: `Down${id}`,
        state: 'pending',
        first_reply_at: null,
        resolved_at: null,
        replies: [],
      },
    });
    for (const [kind, no] of [
      ['withdrawal', `Wown${id}`],
      ['transfer', `Town${id}`],
    ])
      expect((await file(m.token, { category: '提款问题', text: '查询', record_kind: kind, record_no: no })).code).toBe(
        200,
      );
    expect((await file(m.token, { category: '其他建议', text: '希望增加更多游戏' })).data.record_kind).toBe('');

    const list = await mine(m.token);
    expect(list.data.total).toBe(4);
    expect(list.data.data.map((x) => x.category)).toEqual(['其他建议', '提款问题', '提款问题', '存款问题']);
    expect(await detail(m.token, filed.data.id)).toMatchObject({ code: 200, data: { id: filed.data.id } });
  });

  it('refuses another member’s order number, a missing text or category, and stores nothing', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const otherId = await memberId(t, other.name);
    await recordsOf(otherId, `oth${otherId}`);
    const notYours = { code: BizCode.BAD_INPUT, message: MSG.ticketRecordNotYours, data: null };
    for (const [kind, no] of [
      ['deposit', `Doth${otherId}`],
      ['withdrawal', `Woth${otherId}`],
      ['transfer', `Toth${otherId}`],
      ['deposit', 'NO-SUCH-ORDER'],
    ])
      expect(await file(m.token, { category: '存款问题', text: '查一下', record_kind: kind, record_no: no })).toEqual(
        notYours,
      );
    expect(await file(m.token, { category: '存款问题', text: '   ' })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.ticketTextRequired,
    });
    expect(await file(m.token, { category: '投诉', text: '内容' })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.ticketCategoryInvalid,
    });
    // As long as a chat line, and no longer.
    expect(TICKET_TEXT_MAX).toBe(SUPPORT_TEXT_MAX);
    expect(await file(m.token, { category: '其他建议', text: '长'.repeat(TICKET_TEXT_MAX + 1) })).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.inputTooLong,
    });
    expect(
      await file(m.token, { category: '存款问题', text: '查', record_kind: 'deposit', record_no: '' }),
    ).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.ticketRecordInvalid });
    expect(await ticketCount(id)).toBe(0);
  });

  it('names a transfer with a venue of ours by the movement id the records show, the member’s own only', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const otherId = await memberId(t, other.name);
    const movement = async (memberId: number, kind: string) =>
      (
        await t.database.db
          .insert(ledgerTransactions)
          .values({ reference: `ticket-test:${memberId}:${kind}`, kind, memberId })
          .returning()
      )[0]!.id;
    const own = await movement(id, 'transfer_out');
    const others = await movement(otherId, 'transfer_in');
    const notATransfer = await movement(id, 'deposit');
    const about = (no: number | string) =>
      file(m.token, { category: '转账问题', text: '转账未到账', record_kind: 'transfer', record_no: String(no) });
    expect((await about(own)).data).toMatchObject({ record_kind: 'transfer', record_no: String(own) });
    const notYours = { code: BizCode.BAD_INPUT, message: MSG.ticketRecordNotYours, data: null };
    for (const no of [others, notATransfer, '99999999999']) expect(await about(no), String(no)).toEqual(notYours);
    expect(await ticketCount(id)).toBe(1);
  });

  it('carries up to 3 of the member’s own images, shown to the member and the desk; anything else stores nothing', async () => {
    const m = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = await memberId(t, m.name);
    const upload = async (token: string) =>
      (
        await postMultipart<{ data: { image: string } }>(
          t.app,
          '/api/support/upload',
          token,
          multipartBody({ name: 'a.png', data: solidPng() }),
        )
      ).data.image;
    const images = [await upload(m.token), await upload(m.token), await upload(m.token)];
    const theirs = await upload(other.token);
    const base = { category: '存款问题', text: '附上转账截图' };

    const invalid = { code: BizCode.BAD_INPUT, message: MSG.supportImageInvalid, data: null };
    expect(await file(m.token, { ...base, images: [...images, images[0]] })).toEqual({
      code: BizCode.BAD_INPUT,
      message: MSG.ticketImagesTooMany,
      data: null,
    });
    expect(await file(m.token, { ...base, images: ['https://evil.example/x.png'] })).toEqual(invalid);
    expect(await file(m.token, { ...base, images: [images[0], theirs] })).toEqual(invalid);
    expect(await file(m.token, { ...base, images: ['/uploads/0123456789abcdef0123456789abcdef.png'] })).toEqual(
      invalid,
    );
    expect(await ticketCount(id)).toBe(0);

    const made = await file(m.token, { ...base, images });
    expect(made).toMatchObject({ code: 200, data: { images } });
    expect((await detail(m.token, made.data.id)).data.images).toEqual(images);
    expect((await mine(m.token)).data.data[0]?.images).toEqual(images);
    const desk = await adminCall<AdminTicketDetail>(
      t,
      ops.desk,
      'GET',
      adminPath(e.ticketDetail, { id: made.data.id }),
    );
    expect(desk.data.ticket.images).toEqual(images);
    expect((await file(m.token, { category: '其他建议', text: '没有图片' })).data.images).toEqual([]);
  });

  it('never shows another member’s ticket', async () => {
    const owner = await registerMember(t.app);
    const other = await registerMember(t.app);
    const id = (await file(owner.token, { category: '账号问题', text: '只给客服看' })).data.id;
    expect(await detail(other.token, id)).toEqual({ code: BizCode.NOT_FOUND, message: MSG.ticketNotFound, data: null });
    expect((await mine(other.token)).data).toMatchObject({ data: [], total: 0 });
    expect(await detail(other.token, 99_999_999_999)).toEqual({
      code: BizCode.NOT_FOUND,
      message: MSG.ticketNotFound,
      data: null,
    });
    expect((await call(t.app, '/api/tickets/list', {})).code).toBe(BizCode.UNAUTHORIZED);
  });

  it('refuses tickets filed faster than the limit, and stores none of them', async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    for (let i = 0; i < TICKET_CREATE_LIMIT.max; i += 1)
      expect((await file(m.token, { category: '其他建议', text: `第${i}条` })).code).toBe(200);
    expect(await file(m.token, { category: '其他建议', text: '太快了' })).toEqual({
      code: BizCode.TOO_MANY,
      message: MSG.ticketTooFast,
      data: null,
    });
    expect(await ticketCount(id)).toBe(TICKET_CREATE_LIMIT.max);
  });
});

describe('意见反馈: the desk', () => {
  it('refuses finance and content, and lets the support role list oldest first, read, reply, resolve and close, audited, with a 站内信 on reply and resolve', async () => {
    const m = await registerMember(t.app);
    const id = await memberId(t, m.name);
    await recordsOf(id, `desk${id}`);
    const first = (
      await file(m.token, {
        category: '提款问题',
        text: '提款未到账',
        record_kind: 'withdrawal',
        record_no: `Wdesk${id}`,
      })
    ).data.id;
    const second = (await file(m.token, { category: '游戏问题', text: '游戏卡住了' })).data.id;

    const queue = adminPath(e.ticketQueue);
    const one = adminPath(e.ticketDetail, { id: first });
    for (const token of [ops.finance, ops.content]) {
      expect(await adminCall(t, token, 'GET', queue)).toMatchObject({ code: BizCode.FORBIDDEN });
      expect(await adminCall(t, token, 'GET', one)).toMatchObject({ code: BizCode.FORBIDDEN });
      expect(await adminCall(t, token, 'POST', adminPath(e.ticketReply, { id: first }), { text: 'x' })).toMatchObject({
        code: BizCode.FORBIDDEN,
      });
      expect(await adminCall(t, token, 'POST', adminPath(e.ticketResolve, { id: first }))).toMatchObject({
        code: BizCode.FORBIDDEN,
      });
      expect(await adminCall(t, token, 'POST', adminPath(e.ticketClose, { id: first }))).toMatchObject({
        code: BizCode.FORBIDDEN,
      });
    }

    const pending = await adminCall<{ list: AdminTicket[] }>(t, ops.desk, 'GET', `${queue}?state=pending`);
    const ids = pending.data.list.map((r) => r.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(pending.data.list.find((r) => r.id === first)).toMatchObject({ username: m.name, state: 'pending' });

    const read = await adminCall<AdminTicketDetail>(t, ops.desk, 'GET', one);
    expect(read.data.member).toMatchObject({ username: m.name });
    expect(read.data.member?.withdrawals.map((w) => w.order_no)).toContain(`Wdesk${id}`);

    const inbox = async () =>
      (
        await t.database.db
          .select({ title: memberMessages.title, content: memberMessages.content })
          .from(memberMessages)
          .where(and(eq(memberMessages.memberId, id), eq(memberMessages.title, '您的反馈有新回复')))
      ).map((x) => x.content);
    expect(await inbox()).toEqual([]);
    expect(await adminCall(t, ops.desk, 'POST', adminPath(e.ticketReply, { id: first }), { text: '  ' })).toMatchObject(
      { code: BizCode.BAD_INPUT, message: MSG.ticketReplyRequired },
    );
    const replied = await adminCall<AdminTicketDetail>(t, ops.desk, 'POST', adminPath(e.ticketReply, { id: first }), {
      text: '已为您加急处理',
    });
    expect(replied.data.ticket).toMatchObject({ state: 'processing', first_reply_at: expect.any(String) });
    expect(replied.data.replies.map((r) => r.text)).toEqual(['已为您加急处理']);
    expect(await inbox()).toEqual([
      `您提交的提款问题反馈（工单号 ${first}）有新的客服回复，请在「客服中心 - 意见反馈」查看。`,
    ]);
    expect((await detail(m.token, first)).data).toMatchObject({
      state: 'processing',
      replies: [{ text: '已为您加急处理' }],
    });

    const resolved = await adminCall<AdminTicketDetail>(t, ops.desk, 'POST', adminPath(e.ticketResolve, { id: first }));
    expect(resolved.data.ticket).toMatchObject({ state: 'resolved', resolved_at: expect.any(String) });
    expect(await adminCall(t, ops.desk, 'POST', adminPath(e.ticketResolve, { id: first }))).toMatchObject({
      code: BizCode.BAD_INPUT,
      message: MSG.ticketResolved,
    });
    const resolvedNote = await t.database.db
      .select({ content: memberMessages.content })
      .from(memberMessages)
      .where(and(eq(memberMessages.memberId, id), eq(memberMessages.title, '您的反馈已解决')));
    expect(resolvedNote).toHaveLength(1);

    expect(await adminCall(t, ops.admin, 'POST', adminPath(e.ticketClose, { id: second }))).toMatchObject({
      code: 200,
      data: { ticket: { state: 'closed', closed_at: expect.any(String) } },
    });
    expect(
      await adminCall(t, ops.desk, 'POST', adminPath(e.ticketReply, { id: second }), { text: '还在吗' }),
    ).toMatchObject({ code: BizCode.BAD_INPUT, message: MSG.ticketClosed });
    expect((await detail(m.token, second)).data.replies).toEqual([]);

    const audits = await t.database.db
      .select({ action: auditLog.action, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.target, `ticket:${first}`));
    expect(audits.map((a) => a.action)).toEqual(['ticket.reply', 'ticket.resolve']);
    expect(await adminCall(t, ops.desk, 'GET', adminPath(e.ticketDetail, { id: 999999 }))).toMatchObject({
      code: BizCode.NOT_FOUND,
      message: MSG.ticketNotFound,
    });
  });
});
