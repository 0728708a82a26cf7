import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addVenue,
  aggregator,
  call,
  memberId,
  pullBets,
  useOperators,
  useTestApp,
  venuePlayer,
} from '../../../test/helper';
import { members } from '../../db/schema';

const t = useTestApp();
const ops = useOperators(t, ['finance']);

beforeAll(async () => {
  await addVenue(t, 'GCAS', 'realbet');
  await addVenue(t, 'GSPT', 'sport');
});

interface Round {
  bet_id: string;
  status: number;
  dice: number[];
  outcome: string;
  win_loss: string;
  venue_balance: string;
}

/** Sets what a member owes before a withdrawal, as approved deposits would (getBetAmount shows it). */
async function owe(name: string, amount: string) {
  await t.database.db
    .update(members)
    .set({ turnoverRequired: amount })
    .where(eq(members.id, await memberId(t, name)));
}
const betAmount = async (token: string) => call<{ bet_amount: string }>(t.app, '/api/getBetAmount', {}, { token });

// The demo venues are played at the sandbox aggregator over HTTP; their settled bets arrive by the bet pull.
const sandbox = <T>(path: string, body: Record<string, unknown>) => aggregator<T>(t, path, body);

describe('sandbox demo rounds', () => {
  it('serves the demo page', async () => {
    const res = await fetch(`${t.origin}/sandbox/aggregator/play?ticket=x`);
    const body = await res.text();
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(body).toContain('下注金额');
  });

  it('stakes from the venue wallet, settles a casino round at once and records the bet', async () => {
    const { ticket, ...m } = await venuePlayer(t, ops.finance, 'GCAS', '100');
    await owe(m.name, '25.00');

    const round = await sandbox<Round>('round', { ticket, stake: '10', pick: 'big' });
    expect(round.code).toBe(200);
    expect(round.data.status).toBe(1);
    expect(round.data.dice).toHaveLength(3);
    const won = round.data.outcome === 'big';
    expect(round.data.win_loss).toBe(won ? '10.00' : '-10.00');
    expect(round.data.venue_balance).toBe(won ? '110.00' : '90.00');
    await pullBets(t, 'GCAS');

    const records = await call<{ data: Array<Record<string, unknown>>; total: number }>(
      t.app,
      '/api/betrecord',
      { date: 1, page: 1 },
      { token: m.token },
    );
    expect(records.data.total).toBe(1);
    expect(records.data.data[0]).toMatchObject({
      bet_id: `GCAS:${round.data.bet_id}`,
      Code: 'GCAS',
      venue_name: 'GCAS场馆',
      bet_amount: '10.00',
      valid_amount: '10.00',
      win_loss: round.data.win_loss,
      status: 1,
    });
    expect(records.data.data[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The settled valid amount pays off what the member owes before a withdrawal.
    expect(await betAmount(m.token)).toEqual({ code: 200, message: 'ok', data: { bet_amount: '15.00' } });
  });

  it('refuses a stake above the venue balance, out of range or with an unknown pick, and an expired ticket', async () => {
    const { ticket } = await venuePlayer(t, ops.finance, 'GCAS', '5');
    expect(await sandbox('round', { ticket, stake: '6', pick: 'big' })).toMatchObject({
      code: 210,
      message: '账户余额不足',
    });
    expect(await sandbox('round', { ticket, stake: '0.5', pick: 'big' })).toMatchObject({
      code: 400,
      message: '单注金额须在1-10000之间',
    });
    expect((await sandbox('round', { ticket, stake: '1', pick: 'odd' })).code).toBe(400);
    expect((await sandbox('round', { ticket: 'forged', stake: '1', pick: 'big' })).code).toBe(401);
    const state = await sandbox<{ venue_balance: string }>('state', { ticket });
    expect(state.data.venue_balance).toBe('5.00');
  });

  it('leaves a sport bet unsettled until the settlement step', async () => {
    const { ticket, ...m } = await venuePlayer(t, ops.finance, 'GSPT', '50');
    await owe(m.name, '25.00');
    const round = await sandbox<Round>('round', { ticket, stake: '20', pick: 'home' });
    expect(round.data).toMatchObject({ status: 2, outcome: 'pending', win_loss: '0.00', venue_balance: '30.00' });
    expect((await sandbox<{ pending: number }>('state', { ticket })).data.pending).toBe(1);
    await pullBets(t, 'GSPT');
    expect((await betAmount(m.token)).data.bet_amount).toBe('25.00');

    const settled = await sandbox<Array<{ bet_id: string; outcome: string; win_loss: string }>>('settle', { ticket });
    expect(settled.data).toHaveLength(1);
    const [result] = settled.data;
    expect(result?.win_loss).toBe(result?.outcome === 'home' ? '28.00' : '-20.00');
    await pullBets(t, 'GSPT');
    expect((await betAmount(m.token)).data.bet_amount).toBe('5.00');
    const records = await call<{ data: Array<{ status: number; win_loss: string }> }>(
      t.app,
      '/api/betrecord',
      { api_type: 'gspt' },
      { token: m.token },
    );
    expect(records.data.data[0]).toMatchObject({ status: 1, win_loss: result?.win_loss });
    expect((await sandbox('settle', { ticket })).message).toBe('没有待结算的注单');
  });

  it('filters bet records by venue and pages them, 10 a page', async () => {
    const { ticket, ...m } = await venuePlayer(t, ops.finance, 'GCAS', '100');
    await owe(m.name, '5.50');
    for (let i = 0; i < 12; i += 1) await sandbox('round', { ticket, stake: '1', pick: 'small' });
    await pullBets(t, 'GCAS');
    // 12.00 of valid bets against 5.50 owed: the figure stops at zero.
    expect((await betAmount(m.token)).data.bet_amount).toBe('0.00');
    const page2 = await call<{
      current_page: number;
      last_page: number;
      total: number;
      data: unknown[];
      from: number;
      to: number;
    }>(t.app, '/api/betrecord', { page: 2 }, { token: m.token });
    expect(page2.data).toMatchObject({ current_page: 2, last_page: 2, total: 12, from: 11, to: 12 });
    expect(page2.data.data).toHaveLength(2);
    const other = await call<{ total: number }>(t.app, '/api/betrecord', { api_type: 'GSPT' }, { token: m.token });
    expect(other.data.total).toBe(0);
  });
});
