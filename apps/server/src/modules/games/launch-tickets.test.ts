import { BizCode, MSG } from '@h5/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addVenue,
  adminCall,
  aggregator,
  call,
  credit,
  memberId,
  registerMember,
  transferIn,
  useOperators,
  useTestApp,
} from '../../../test/helper';

// A game launch ticket lives no longer than the member session that launched it.

const VENUE = 'LTKT';
const EXPIRED = { code: BizCode.UNAUTHORIZED, message: MSG.sandboxTicketExpired, data: null };

const t = useTestApp();
const ops = useOperators(t, ['finance', 'admin']);

beforeAll(async () => {
  await addVenue(t, VENUE, 'realbet');
});

async function login(name: string, password = 'secret123'): Promise<string> {
  const answer = await call<{ api_token: string }>(t.app, '/api/login', { name, password });
  expect(answer.code).toBe(200);
  return answer.data.api_token;
}

/** A member with 10.00 in the venue wallet, so a round can be staked. */
async function player() {
  const m = await registerMember(t.app);
  await credit(t, ops.finance, m.name, '10');
  const moved = await transferIn(t, m.token, VENUE, '10');
  expect(moved.code).toBe(200);
  return m;
}

async function launch(token: string): Promise<string> {
  const answer = await call<{ url: string }>(
    t.app,
    '/api/getGameUrl',
    { plat_name: VENUE, game_code: 'demo' },
    { token },
  );
  expect(answer.code).toBe(200);
  return new URL(answer.data.url).searchParams.get('ticket') ?? '';
}

// The venue's game page at the sandbox aggregator, over HTTP: it authenticates the launch token on every call.
const sandbox = (path: string, body: Record<string, unknown>) => aggregator(t, path, body);

/** Every call of the demo page, answered for this ticket. */
const pageCalls = (ticket: string) =>
  Promise.all([
    sandbox('state', { ticket }),
    sandbox('round', { ticket, stake: '1', pick: 'big' }),
    sandbox('settle', { ticket }),
  ]);

describe('launch tickets end with the session', () => {
  it('ends the tickets of a session that logs off, and only those', async () => {
    const m = await player();
    const other = await login(m.name);
    const ticket = await launch(m.token);
    const kept = await launch(other);
    expect((await sandbox('state', { ticket })).code).toBe(200);

    expect((await call(t.app, '/api/logoff', {}, { token: m.token })).code).toBe(200);
    expect(await pageCalls(ticket)).toEqual([EXPIRED, EXPIRED, EXPIRED]);
    expect(await sandbox('state', { ticket: kept })).toMatchObject({ code: 200 });
  });

  it('ends every ticket of the member when the login password changes', async () => {
    const m = await player();
    const other = await login(m.name);
    const tickets = [await launch(m.token), await launch(other)];
    expect((await sandbox('round', { ticket: tickets[1], stake: '1', pick: 'big' })).code).toBe(200);

    const changed = await call(
      t.app,
      '/api/editPassword',
      { password: 'secret123', paypassword: 'newsecret1' },
      { token: m.token },
    );
    expect(changed.code).toBe(200);
    for (const ticket of tickets) expect(await pageCalls(ticket)).toEqual([EXPIRED, EXPIRED, EXPIRED]);
  });

  it('ends every session and ticket of a member an operator disables', async () => {
    const m = await player();
    const bystander = await player();
    const ticket = await launch(m.token);
    const theirs = await launch(bystander.token);

    const disabled = await adminCall(t, ops.admin, 'POST', `/admin/api/members/${await memberId(t, m.name)}/state`, {
      state: 0,
    });
    expect(disabled.code).toBe(200);
    expect(await pageCalls(ticket)).toEqual([EXPIRED, EXPIRED, EXPIRED]);
    expect((await call(t.app, '/api/user', {}, { token: m.token })).code).toBe(BizCode.UNAUTHORIZED);
    expect((await call(t.app, '/api/login', { name: m.name, password: 'secret123' })).code).toBe(BizCode.FORBIDDEN);
    expect((await sandbox('state', { ticket: theirs })).code).toBe(200);
  });
});
