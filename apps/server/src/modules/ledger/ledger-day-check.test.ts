import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberId, registerMember, useTestApp } from '../../../test/helper';
import { rowsOf } from '../../db/rows';
import { checkSealDays, dayMovements } from './ledger-day-check';
import { accountCode, movementArrays } from './ledger-service';
import { checkSeal, sealKeys, type SealKeys } from './ledger-seal';

// The scheduled check a day at a time (docs/money.md "The scheduled check"): days kept as checkpoints, only the new
// day read, old days re-read in turn, tampering named when its day is read.
const t = useTestApp();
let keys: SealKeys;
let member: number;
const ids: Record<string, number> = {};
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);

/** A sealed movement of 1.00 into the member's wallet at a given instant (ledger_post's time argument). */
async function postAt(reference: string, at: string) {
  const legs = movementArrays({
    reference,
    legs: [
      { account: accountCode.wallet(member), cents: 100 },
      { account: accountCode.house('adjustments', member), cents: -100 },
    ],
  });
  const [row] = rowsOf<{ out_id: number }>(
    await exec(
      sql`SELECT out_id FROM ledger_post(${reference}, 'adjustment', ${member}::integer, '', ${legs}, ${at}::timestamptz)`,
    ),
  );
  ids[reference] = Number(row!.out_id);
}

// Beijing is UTC+8: 2026-01-10 16:00Z is midnight opening 2026-01-11 in Beijing.
const NOW = new Date('2026-01-12T04:00:00Z');
const run = (sample?: number) => checkSealDays(t.database.db, keys, NOW, sample);

beforeAll(async () => {
  keys = sealKeys(t.config.ledgerSeal);
  const m = await registerMember(t.app);
  member = await memberId(t, m.name);
  await postAt('day:a', '2026-01-10T02:00:00Z');
  await postAt('day:b', '2026-01-10T15:59:59.999999Z');
  await postAt('day:c', '2026-01-10T16:00:00Z');
  await postAt('day:today', '2026-01-12T01:00:00Z');
  await exec(sql`DELETE FROM ledger_check_days`);
});

describe('the scheduled check, a day at a time', () => {
  it('checkpoints every day so far on its first run, each movement in one day at midnight', async () => {
    const first = await run(0);
    expect(first).toMatchObject({ state: 'sealed', checkpointed: ['2026-01-10', '2026-01-11'], today: '2026-01-12' });
    expect(first.movementsRead).toBe(4);
    const days = rowsOf<{ day: string; movements: number }>(
      await exec(sql`SELECT day::text AS day, movements FROM ledger_check_days ORDER BY day`),
    );
    expect(days).toEqual([
      { day: '2026-01-10', movements: 2 },
      { day: '2026-01-11', movements: 1 },
    ]);
  });

  it('reads only the new day on a second run the same day', async () => {
    const second = await run(0);
    expect(second).toMatchObject({ state: 'sealed', checkpointed: [], sampled: [], movementsRead: 1, verified: 1 });
  });

  it('re-reads the kept days in turn, the least recently read first', async () => {
    expect((await run(1)).sampled).toEqual(['2026-01-10']);
    expect((await run(1)).sampled).toEqual(['2026-01-11']);
    expect((await run(1)).sampled).toEqual(['2026-01-10']);
  });

  it('names an old entry changed after its day was kept when the day is sampled, as the full check does', async () => {
    const id = ids['day:a']!;
    const shift = (by: string) =>
      exec(
        sql`UPDATE ledger_entries SET amount = amount + (CASE WHEN amount > 0 THEN 1 ELSE -1 END) * ${by}::numeric WHERE transaction_id = ${id}`,
      );
    await shift('1');
    try {
      // Not sampled: the run reads today alone and does not see it.
      expect((await run(0)).state).toBe('sealed');
      expect(await run(2)).toMatchObject({
        state: 'broken',
        first: { movementId: id, day: '2026-01-10', problem: 'mac' },
      });
      expect(await checkSeal(t.database.db, keys)).toMatchObject({
        state: 'broken',
        first: { movementId: id, problem: 'mac' },
      });
    } finally {
      await shift('-1');
    }
    expect((await run(2)).state).toBe('sealed');
  });

  it('breaks the checkpoint chain when a checkpoint row is altered', async () => {
    const [kept] = rowsOf<{ digest: Buffer | Uint8Array }>(
      await exec(sql`SELECT digest FROM ledger_check_days WHERE day = '2026-01-10'`),
    );
    await exec(sql`UPDATE ledger_check_days SET digest = '\\x00' WHERE day = '2026-01-10'`);
    try {
      expect(await run(0)).toMatchObject({ state: 'broken', first: { day: '2026-01-10', problem: 'checkpoint' } });
    } finally {
      await exec(sql`UPDATE ledger_check_days SET digest = ${Buffer.from(kept!.digest)} WHERE day = '2026-01-10'`);
    }
    await exec(sql`UPDATE ledger_check_days SET movements = movements WHERE day = '2026-01-11'`);
    await exec(sql`UPDATE ledger_check_days SET day_hash = '\\x00' WHERE day = '2026-01-11'`);
    expect(await run(0)).toMatchObject({ state: 'broken', first: { day: '2026-01-11', problem: 'checkpoint' } });
  });

  it("reads a day's movements through the index on their time", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const query = dayMovements(new Date('2026-01-09T16:00:00Z'), new Date('2026-01-10T16:00:00Z'), 0);
      return rowsOf<Record<string, string>>(await tx.execute(sql`EXPLAIN ${query}`))
        .map((r) => Object.values(r).join(''))
        .join('\n');
    });
    expect(plan).toContain('ledger_transactions_created_idx');
  });

  it("finds each movement's chain predecessor by its number, not by a join over the whole ledger", async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      // Planned as if nested loops were dear, as a misestimate over a long history makes them (docs/money.md "The
      // scheduled check"): a join the planner may choose turns into a hash or merge join over every movement.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_nestloop = off`);
      const query = dayMovements(new Date('2026-01-09T16:00:00Z'), new Date('2026-01-10T16:00:00Z'), 0);
      return rowsOf<Record<string, string>>(await tx.execute(sql`EXPLAIN ${query}`))
        .map((r) => Object.values(r).join(''))
        .join('\n');
    });
    // A lookup in the chain-number index keyed by the day's movement, one per movement...
    expect(plan).toMatch(
      /Index Scan using ledger_transactions_chain_seq_idx on ledger_transactions p[^\n]*\n\s*Index Cond: \(chain_seq = \(d\.chain_seq - 1\)\)/,
    );
    // ...and no movement joined to the day's by a hash or a merge over the table.
    expect(plan).not.toMatch(/(Hash|Merge) Cond: \(p\.chain_seq|Seq Scan on ledger_transactions/);
  });
});
