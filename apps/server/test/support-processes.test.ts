import { randomBytes } from 'node:crypto';
import type { SupportMessage, SupportPush, SupportThread } from '@h5/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { testDatabaseUrl, testRedisUrl } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createOperator } from '../src/modules/admin/admin-service';
import { freshPostgres } from './helper';
import { serverProcesses } from './processes';

// The live chat across two server processes on one PostgreSQL and one Redis (docs/operators.md "The support desk",
// "Live delivery"): a member's socket held by one process hears the agent who answers through the other, and the
// agent hears the member; a process killed mid-conversation loses no accepted line and doubles none, because every
// line is a row before it is pushed. Both processes start once, side by side, on a copy of the migrated database.

// Starting a process compiles the TypeScript sources: slow on a busy machine. The waits are for a condition.
const PROCESS_TIMEOUT = { timeout: 120_000 };
/** Both processes start at once: on a machine busy with other test files that may take longer than one test's. */
const START_TIMEOUT = 180_000;
const { start, ready, post, register, redisDatabase, cleanup, onCleanup } = serverProcesses();
afterAll(cleanup);

const needs = !testDatabaseUrl() || !testRedisUrl();

type Server = Awaited<ReturnType<typeof start>>;

/** A socket at a server process collecting its pushes; `next` waits for one that matches, `opened` for `ready`. */
function socketAt(base: string, path: string, token: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${path}?token=${encodeURIComponent(token)}`);
  const pushes: SupportPush[] = [];
  socket.on('message', (data) => pushes.push(JSON.parse(String(data)) as SupportPush));
  socket.on('error', () => undefined);
  onCleanup(() => socket.terminate());
  const next = async (match: (p: SupportPush) => boolean, ms = 5000): Promise<SupportPush> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = pushes.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching push at ${base}${path}; got ${JSON.stringify(pushes)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { socket, pushes, next, opened: () => next((p) => p.type === 'ready') };
}

const line = (text: string) => (p: SupportPush) => p.type === 'message' && p.message.text === text;
/** How many pushes of this line a socket heard. */
const heard = (pushes: SupportPush[], text: string) => pushes.filter(line(text)).length;

describe.skipIf(needs)('the live chat across two server processes on PostgreSQL and Redis', PROCESS_TIMEOUT, () => {
  let env: Record<string, string>;
  let a: Server;
  let b: Server;
  let member: { name: string; token: string };
  let agent: string;
  let conversation: number;
  // Lines of this run only, told apart from any other file's by the tag.
  const tag = randomBytes(3).toString('hex');
  const say = (text: string) => `${text}#${tag}`;

  const memberSend = (base: string, text: string) =>
    post<SupportMessage>(base, '/api/support/send', { text }, member.token);
  const reply = async (base: string, text: string) => {
    const res = await fetch(`${base}/admin/api/support/conversations/${conversation}/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${agent}` },
      body: JSON.stringify({ text }),
    });
    return (await res.json()) as { code: number; message: string; data: SupportMessage };
  };
  /** The member's whole conversation as the chat page reads it after a restart: every message after id 0. */
  const history = async (base: string) => {
    const all = await post<SupportMessage[]>(
      base,
      '/api/support/messages',
      { conversation_id: conversation, after_id: 0 },
      member.token,
    );
    expect(all.code).toBe(200);
    return all.data;
  };

  beforeAll(async () => {
    // A copy of the suite's migrated database: the processes' migrations are then a no-op, and both start at once.
    const db = await freshPostgres(testDatabaseUrl()!, inject('postgresTemplate'));
    onCleanup(db.drop);
    // The chat's channel is its Redis database's own, too.
    const redisUrl = await redisDatabase(8);
    env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      SANDBOX: '',
      SEED_DEMO: '0',
      PUBLIC_URL: 'https://m.example.test',
    };
    [a, b] = [await start(env), await start(env)];
    // The desk's own role: a support operator, made as the operator command makes one (while the processes start,
    // rather than in a third process competing with them), signs in on B only.
    const made = await openDatabase({ databaseUrl: db.url });
    const operator = { username: 'desk_agent', password: await createOperator(made.db, 'desk_agent', 'support') };
    await made.close();
    await Promise.all([ready(a.base, a.child), ready(b.base, b.child)]);
    const name = `chat${tag}`;
    member = { name, token: (await register(a.base, name)).data.api_token };
    const login = await post<{ token: string }>(b.base, '/admin/api/login', operator);
    expect(login.code).toBe(200);
    agent = login.data.token;
    const opened = await post<SupportThread>(a.base, '/api/support/open', {}, member.token);
    expect(opened.code).toBe(200);
    conversation = opened.data.conversation.id;
  }, START_TIMEOUT);

  it("carries the member's line from A to the agent's socket on B, and the agent's reply from B to the member on A", async () => {
    const chat = socketAt(a.base, '/api/support/socket', member.token);
    const desk = socketAt(b.base, '/admin/api/support/socket', agent);
    // Another member's socket on A, to show the pushes keep to their member.
    const other = await register(a.base, `other${tag}`);
    const stranger = socketAt(a.base, '/api/support/socket', other.data.api_token);
    await Promise.all([chat.opened(), desk.opened(), stranger.opened()]);

    const asked = say('我的存款还没到账');
    const sent = await memberSend(a.base, asked);
    expect(sent.code).toBe(200);
    expect(sent.data).toMatchObject({ conversation_id: conversation, sender: 'member', text: asked });
    const atDesk = await desk.next(line(asked));
    expect(atDesk).toEqual({ type: 'message', message: sent.data });

    const answer = say('您好，已为您查询，款项已到账');
    const replied = await reply(b.base, answer);
    expect(replied.code).toBe(200);
    const atMember = await chat.next(line(answer));
    expect(atMember).toEqual({ type: 'message', message: { ...replied.data, sender: 'operator' } });
    // The reply claimed the conversation: the member's page hears that through A as well, the agent's name never.
    await chat.next((p) => p.type === 'conversation' && p.conversation_id === conversation && p.claimed);
    expect(JSON.stringify(chat.pushes)).not.toContain('desk_agent');

    // Each socket heard each line once; the other member heard neither.
    await new Promise((r) => setTimeout(r, 200));
    for (const text of [asked, answer]) {
      expect(heard(chat.pushes, text)).toBe(1);
      expect(heard(desk.pushes, text)).toBe(1);
      expect(heard(stranger.pushes, text)).toBe(0);
    }
    for (const s of [chat, desk, stranger]) s.socket.close();
  });

  it('loses no accepted line and doubles none when A is killed mid-conversation', async () => {
    const desk = socketAt(b.base, '/admin/api/support/socket', agent);
    await desk.opened();
    // Lines sent one after another through A; A is killed with the third one on its way.
    const before = say('第一条：提款审核多久');
    const accepted = say('第二条：订单号稍后发您');
    const inFlight = say('第三条：发送时服务器重启');
    expect((await memberSend(a.base, before)).code).toBe(200);
    expect((await memberSend(a.base, accepted)).code).toBe(200);
    const third = memberSend(a.base, inFlight).then(
      (r) => r.code,
      () => null,
    );
    a.child.kill('SIGKILL');
    await a.exited;
    // null: no answer came (the line may or may not have been written); 200: accepted before the kill.
    const thirdCode = await third;

    // While A is down the member and the agent carry on through B; the agent's socket on B hears the member.
    const whileDown = say('第四条：换了一个服务器继续说');
    expect((await memberSend(b.base, whileDown)).code).toBe(200);
    await desk.next(line(whileDown));
    const answer = say('收到，正在为您处理');
    expect((await reply(b.base, answer)).code).toBe(200);

    // A starts again and serves the member's whole conversation: each accepted line once, in the order sent.
    a = await start(env);
    await ready(a.base, a.child);
    const messages = await history(a.base);
    const texts = messages.map((m) => m.text);
    const ours = texts.filter((t) => t.endsWith(`#${tag}`));
    const expected = [
      say('我的存款还没到账'),
      say('您好，已为您查询，款项已到账'),
      before,
      accepted,
      ...(thirdCode === 200 || texts.includes(inFlight) ? [inFlight] : []),
      whileDown,
      answer,
    ];
    expect(ours).toEqual(expected);
    expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((x, y) => x - y));
    // The welcome leads; nothing else was written.
    expect(texts.length).toBe(expected.length + 1);
    expect(messages[0]!.sender).toBe('system');
    // The chat page's first read (open) answers the same lines.
    const thread = await post<SupportThread>(a.base, '/api/support/open', {}, member.token);
    expect(thread.data.conversation.id).toBe(conversation);
    expect(thread.data.messages).toEqual(messages);

    // The restarted A subscribes again: a reply through B reaches the member's new socket on A, once.
    const chat = socketAt(a.base, '/api/support/socket', member.token);
    await chat.opened();
    const after = say('款项已退回您的钱包');
    expect((await reply(b.base, after)).code).toBe(200);
    await chat.next(line(after));
    const back = say('谢谢');
    expect((await memberSend(a.base, back)).code).toBe(200);
    await desk.next(line(back));
    await new Promise((r) => setTimeout(r, 200));
    expect(heard(chat.pushes, after)).toBe(1);
    expect(heard(desk.pushes, back)).toBe(1);
    expect((await history(b.base)).map((m) => m.text).filter((t) => t.endsWith(`#${tag}`))).toEqual([
      ...expected,
      after,
      back,
    ]);

    for (const server of [a, b]) server.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
