import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCall, creditedMember, injectFault, manualClock, useOperators, useTestApp } from '../../../test/helper';
import { testDatabaseUrl } from '../../config';
import { sandboxAggregatorPlayers } from '../../sandbox/aggregator/sandbox-aggregator-tables';
import { accountCode, balanceOf } from '../ledger/ledger-service';
import { reconcileTransfers } from './remote-transfers';
import { venueTransfers } from '../../db/tables/wallet';
import { useAggregatorVenues } from './wallet-test-kit';

// One member's transfers racing each other across two venues, some meeting venue faults: each answer is a success,
// a refusal or "processing", never a server error, and once reconciled the member's money is exact. PostgreSQL only:
// PGlite has one connection, so nothing there runs at the same time.
const clock = manualClock();
const TIMEOUT_MS = 400;
const HOLD_MS = TIMEOUT_MS * 3;
const VENUES = ['AGC1', 'AGC2'] as const;

describe.skipIf(!testDatabaseUrl())('concurrent transfers of one member (PostgreSQL)', () => {
  const t = useTestApp({ clock, config: { venueTimeoutMs: TIMEOUT_MS } });
  const ops = useOperators(t, ['finance']);
  useAggregatorVenues(
    t,
    VENUES.map((code) => [code, `并发${code}`, 'transfer', `concurrent-secret-${code}`]),
  );

  const deps = () => ({ db: t.database.db, clock, venueTimeoutMs: TIMEOUT_MS, outbound: t.config.outbound });
  const transfer = (token: string, body: Record<string, string>, key: string) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/transfer',
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      })
      .then((r) => ({ http: r.statusCode, ...(r.json() as { code: number; message: string }) }));
  /** The member's balance at a venue as the venue's own books say. */
  async function books(player: string, venue: string): Promise<number> {
    const [row] = await t.database.db
      .select({ balance: sandboxAggregatorPlayers.balance })
      .from(sandboxAggregatorPlayers)
      .where(and(eq(sandboxAggregatorPlayers.venueCode, venue), eq(sandboxAggregatorPlayers.player, player)));
    return Math.round(Number(row?.balance ?? '0') * 100);
  }
  const pendingOf = async (id: number) =>
    t.database.db
      .select({ id: venueTransfers.id })
      .from(venueTransfers)
      .where(and(eq(venueTransfers.memberId, id), inArray(venueTransfers.state, [2])));

  /** What the venue confirmed for this member, by our own transfer records: in minus out, state 1 only. */
  async function confirmedAt(id: number, venue: string): Promise<number> {
    const rows = await t.database.db
      .select()
      .from(venueTransfers)
      .where(and(eq(venueTransfers.memberId, id), eq(venueTransfers.venueCode, venue)));
    return rows
      .filter((r) => r.state === 1)
      .reduce((sum, r) => sum + (r.direction === 'in' ? 1 : -1) * Math.round(Number(r.amount) * 100), 0);
  }

  it('answers each of twenty racing transfers with a success, a refusal or processing, and the money is exact after reconciliation', async () => {
    const m = await creditedMember(t, ops.finance, '200.00');
    const { id } = m;
    for (const venue of VENUES) {
      expect(
        await transfer(m.token, { amount: '60.00', sourcetype: 'userbalance', targettype: venue }, `seed-${venue}`),
      ).toMatchObject({ code: 200, message: '转账成功' });
    }

    for (let round = 0; round < 5; round += 1) {
      await injectFault(t, { venue: 'AGC1', call: 'transfer', mode: 'late', times: 3, hold_ms: HOLD_MS });
      await injectFault(t, { venue: 'AGC2', call: 'transfer', mode: 'fail', times: 2 });
      await injectFault(t, { venue: 'AGC2', call: 'balance', mode: 'timeout', times: 2, hold_ms: HOLD_MS });
      await injectFault(t, { venue: 'AGC1', call: 'balance', mode: 'twice', times: 2 });
      await injectFault(t, { venue: 'AGC1', call: 'transferStatus', mode: 'fail', times: 1 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const venue = VENUES[i % 2] ?? 'AGC1';
          const into = i % 4 < 2;
          const body = {
            amount: `${i + 1}.00`,
            sourcetype: into ? 'userbalance' : venue,
            targettype: into ? venue : 'userbalance',
          };
          return transfer(m.token, body, `race-${round}-${i}`);
        }),
      );
      for (const a of answers) {
        expect(a.http, a.message).toBe(200);
        const outcome = `${a.code} ${a.message}`;
        expect([
          '200 转账成功',
          '200 转账处理中，请稍后在转账记录中查看结果',
          '210 操作金额高于账户余额',
          '209 场馆未接受本次转账，资金未发生变动',
          '409 系统繁忙，资金未发生变动，请稍后再试',
        ]).toContain(outcome);
      }

      // Late answers have reached the venue before they were held; the venue cannot be asked about a transfer it never
      // received before its signature window has passed.
      clock.advance(7 * 60_000);
      for (let pass = 0; pass < 5 && (await pendingOf(id)).length > 0; pass += 1) await reconcileTransfers(deps());
      expect(await pendingOf(id)).toEqual([]);

      const central = await balanceOf(t.database.db, accountCode.wallet(id));
      const atVenues = [await books(m.name, 'AGC1'), await books(m.name, 'AGC2')];
      expect(central + (atVenues[0] ?? 0) + (atVenues[1] ?? 0)).toBe(20_000);
      for (const [i, venue] of VENUES.entries()) {
        expect(await confirmedAt(id, venue)).toBe(atVenues[i]);
        expect(await balanceOf(t.database.db, accountCode.venueFloat(venue, id))).toBe(atVenues[i]);
      }
      expect(await balanceOf(t.database.db, accountCode.house('transfers_pending', id))).toBe(0);
      const check = await adminCall<{ balanced: boolean; total: string; mismatched: unknown[] }>(
        t,
        ops.finance,
        'GET',
        '/admin/api/ledger/check',
      );
      expect(check.data).toMatchObject({ balanced: true, total: '0.00', mismatched: [] });
    }
  });
});
