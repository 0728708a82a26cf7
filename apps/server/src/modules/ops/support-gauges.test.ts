import { type SupportMessage, type TicketDetail } from '@h5/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, call, manualClock, registerMember, useOperators, useTestApp } from '../../../test/helper';
import { servedRegistry, valueOf } from '../../../test/scrape-metrics';
import { metricsRegistryOf } from './site-metrics';

// The desk's service targets (docs/operators.md "Service targets") as a scrape of the metrics port shows them: who
// waits for an answer in the live chat and for how long, and the tickets still open.
const clock = manualClock(new Date('2026-06-10T04:00:00Z'));
const t = useTestApp({ clock });
const ops = useOperators(t, { desk: 'support' });
let metrics: Awaited<ReturnType<typeof servedRegistry>>;

beforeAll(async () => {
  metrics = await servedRegistry(metricsRegistryOf(t.app)!);
});
afterAll(async () => {
  await metrics?.close();
});

/** The four figures of a scrape. */
async function figures() {
  const { samples } = await metrics.scrape();
  return {
    waiting: valueOf(samples, 'h5_support_conversations_waiting'),
    oldestWait: valueOf(samples, 'h5_support_conversations_waiting_oldest_seconds'),
    openTickets: valueOf(samples, 'h5_tickets_open'),
    oldestTicket: valueOf(samples, 'h5_tickets_unanswered_oldest_seconds'),
  };
}

/** Rows are stamped by the database's clock: each is set to a time relative to the app's (manual) one. */
const stamp = (table: 'support_messages' | 'tickets', id: number, secondsAgo: number) =>
  t.database.db.execute(
    sql`UPDATE ${sql.identifier(table)} SET created_at = ${new Date(clock.now().getTime() - secondsAgo * 1000).toISOString()}::timestamptz WHERE id = ${id}`,
  );

const send = async (token: string, text: string, secondsAgo: number) => {
  const sent = await call<SupportMessage>(t.app, '/api/support/send', { text }, { token });
  expect(sent.code).toBe(200);
  await stamp('support_messages', sent.data.id, secondsAgo);
  return sent.data;
};
const desk = (method: 'POST', path: string, body: unknown = {}) => adminCall(t, ops.desk, method, path, body);
const reply = async (conversation: number, text: string) =>
  expect((await desk('POST', `/admin/api/support/conversations/${conversation}/reply`, { text })).code).toBe(200);
const file = async (token: string, secondsAgo: number) => {
  const filed = await call<TicketDetail>(
    t.app,
    '/api/tickets/create',
    { category: '存款问题', text: '存款未到账' },
    { token },
  );
  expect(filed.code).toBe(200);
  await stamp('tickets', filed.data.id, secondsAgo);
  return filed.data.id;
};

describe('the support desk gauges', () => {
  it('count the members waiting for an answer, from their first unanswered line, and the tickets still open', async () => {
    expect(await figures()).toEqual({ waiting: 0, oldestWait: 0, openTickets: 0, oldestTicket: 0 });

    const members = await Promise.all(Array.from({ length: 6 }, () => registerMember(t.app)));
    const [first, answered, again, held, opened, closed] = members as [(typeof members)[number], ...typeof members];
    // Waits 10 minutes: wrote, nobody answered.
    const waiting = (await send(first.token, '在吗', 600)).conversation_id;
    // Answered: not waiting.
    await reply((await send(answered!.token, '提款多久到账', 1200)).conversation_id, '一般两小时内到账');
    // Answered 15 minutes ago, then wrote again 2 minutes ago: waits from the new line.
    const againId = (await send(again!.token, '存款没到', 900)).conversation_id;
    await reply(againId, '请提供订单号');
    await send(again!.token, '订单号 D123', 120);
    // Held by an operator who has not answered: the member still waits, from the first of the two lines.
    const heldId = (await send(held!.token, '账号被锁了', 300)).conversation_id;
    await send(held!.token, '还在吗', 60);
    expect((await desk('POST', `/admin/api/support/conversations/${heldId}/claim`)).code).toBe(200);
    // Opened the chat without writing: waits for nobody.
    expect((await call(t.app, '/api/support/open', {}, { token: opened!.token })).code).toBe(200);
    // Wrote an hour ago and ended the conversation: waits for nobody.
    const closedId = (await send(closed!.token, '算了', 3600)).conversation_id;
    expect(
      (await call(t.app, '/api/support/close', { conversation_id: closedId }, { token: closed!.token })).code,
    ).toBe(200);

    // Tickets: two unanswered (2 hours and 30 minutes old), one answered, one resolved, one closed.
    const oldest = await file(first.token, 7200);
    const younger = await file(answered!.token, 1800);
    const replied = await file(again!.token, 86_400);
    expect((await desk('POST', `/admin/api/tickets/${replied}/reply`, { text: '已处理' })).code).toBe(200);
    expect((await desk('POST', `/admin/api/tickets/${await file(held!.token, 90_000)}/resolve`)).code).toBe(200);
    expect((await desk('POST', `/admin/api/tickets/${await file(opened!.token, 100_000)}/close`)).code).toBe(200);

    expect(await figures()).toEqual({ waiting: 3, oldestWait: 600, openTickets: 3, oldestTicket: 7200 });

    // Time passes: the waits grow with it.
    clock.advance(60_000);
    expect(await figures()).toEqual({ waiting: 3, oldestWait: 660, openTickets: 3, oldestTicket: 7260 });

    // The longest waits are answered: the next ones lead.
    await reply(waiting, '您好，请问有什么可以帮您');
    expect((await desk('POST', `/admin/api/tickets/${oldest}/reply`, { text: '正在核实' })).code).toBe(200);
    expect(await figures()).toEqual({ waiting: 2, oldestWait: 360, openTickets: 3, oldestTicket: 1860 });

    // The last waits end: figures at 0, not absent.
    await reply(heldId, '已为您解锁');
    await reply(againId, '已到账');
    expect((await desk('POST', `/admin/api/tickets/${younger}/close`)).code).toBe(200);
    expect(await figures()).toEqual({ waiting: 0, oldestWait: 0, openTickets: 2, oldestTicket: 0 });
  });
});
