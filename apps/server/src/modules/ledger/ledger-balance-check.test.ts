import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberId, registerMember, useTestApp } from '../../../test/helper';
import { testDatabaseUrl } from '../../config';
import { rowsOf } from '../../db/rows';
import { checkLedgerSince } from './ledger-balance-check';
import { accountCode, checkLedger, movementArrays } from './ledger-service';
import { runScheduledLedgerCheck } from '../ops/ledger-watch';
import { sealKeys } from './ledger-seal';

// The scheduled check's balances a run at a time (docs/money.md "The scheduled check"): every entry summed once and
// kept, then each run the kept sums plus the entries since; the whole check stays what it was.
const t = useTestApp();
let member: number;
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const wallet = () => accountCode.wallet(member);

/** 1.00 into the member's wallet from the house (two entries), in a transaction of its own or the one given. */
async function credit(reference: string, db: { execute: typeof exec } = { execute: exec }) {
  const legs = movementArrays({
    reference,
    legs: [
      { account: wallet(), cents: 100 },
      { account: accountCode.house('adjustments', member), cents: -100 },
    ],
  });
  await db.execute(sql`SELECT * FROM ledger_post(${reference}, 'adjustment', ${member}::integer, '', ${legs})`);
}

const entries = async () =>
  Number(rowsOf<{ n: string }>(await exec(sql`SELECT count(*)::text AS n FROM ledger_entries`))[0]!.n);
const watermark = async () =>
  rowsOf<{ through: string }>(await exec(sql`SELECT entries_through::text AS through FROM ledger_check_watermark`)).map(
    (r) => Number(r.through),
  )[0];

beforeAll(async () => {
  const m = await registerMember(t.app);
  member = await memberId(t, m.name);
  await credit('bal:1');
  // As on a server that never ran the check: no kept sums, no watermark.
  await exec(sql`DELETE FROM ledger_check_watermark`);
  await exec(sql`DELETE FROM ledger_check_balances`);
});

describe("the scheduled check's balances, a run at a time", () => {
  it('sums every entry once on its first run and keeps the sums with the watermark', async () => {
    const all = await entries();
    const first = await checkLedgerSince(t.database.db);
    expect(first).toMatchObject({ balanced: true, mismatched: [], balances: { from: 'full', since: null } });
    expect(first.balances.entriesRead).toBe(all);
    const [max] = rowsOf<{ id: string }>(await exec(sql`SELECT max(id)::text AS id FROM ledger_entries`));
    expect(await watermark()).toBe(Number(max!.id));
    // The kept sums are the entries' own, account by account.
    const kept = rowsOf<{ differ: string }>(
      await exec(sql`
        SELECT count(*)::text AS differ
          FROM (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY account_id) e
          FULL JOIN ledger_check_balances c ON c.account_id = e.account_id
         WHERE c.entries IS DISTINCT FROM e.s`),
    );
    expect(kept[0]!.differ).toBe('0');
    expect((await checkLedger(t.database.db)).balanced).toBe(true);
  });

  it('reads only the entries since, and counts each once', async () => {
    const before = await watermark();
    await credit('bal:2');
    const second = await checkLedgerSince(t.database.db);
    expect(second).toMatchObject({ balanced: true, mismatched: [], balances: { from: 'kept', since: before } });
    expect(second.balances.entriesRead).toBe(2);
    expect(second.balances.through).toBeGreaterThan(before!);
    // The next run starts above them: read again, or kept twice, they would no longer match the wallet.
    const third = await checkLedgerSince(t.database.db);
    expect(third).toMatchObject({ balanced: true, balances: { from: 'kept', entriesRead: 0 } });
    await credit('bal:3');
    await credit('bal:4');
    expect(await checkLedgerSince(t.database.db)).toMatchObject({ balanced: true, balances: { entriesRead: 4 } });
    expect(await checkLedgerSince(t.database.db)).toMatchObject({ balanced: true, balances: { entriesRead: 0 } });
  });

  it('names a balance changed in the accounts table after the sums were kept, until it is put right', async () => {
    await exec(sql`UPDATE ledger_accounts SET balance = balance + 0.01 WHERE code = ${wallet()}`);
    try {
      const check = await checkLedgerSince(t.database.db);
      expect(check.balanced).toBe(false);
      expect(check.mismatched).toEqual([{ code: wallet(), balance: '4.01', entries: '4.00' }]);
      // The scheduled check as the job runs it says the same.
      const scheduled = await runScheduledLedgerCheck(t.database.db, sealKeys(t.config.ledgerSeal));
      expect(scheduled.mismatched.map((m) => m.code)).toEqual([wallet()]);
    } finally {
      await exec(sql`UPDATE ledger_accounts SET balance = balance - 0.01 WHERE code = ${wallet()}`);
    }
    expect((await checkLedgerSince(t.database.db)).balanced).toBe(true);
  });

  it('leaves an old entry changed after it was kept to the whole check (and the seal), which names it', async () => {
    const [row] = rowsOf<{ id: string }>(
      await exec(sql`
        SELECT e.id::text AS id FROM ledger_entries e JOIN ledger_transactions x ON x.id = e.transaction_id
         WHERE x.reference = 'bal:1' AND e.amount > 0`),
    );
    const shift = (by: string) =>
      exec(sql`UPDATE ledger_entries SET amount = amount + ${by}::numeric WHERE id = ${row!.id}`);
    await shift('1');
    try {
      // Below the watermark: the run a day at a time does not read it again for the balances...
      expect((await checkLedgerSince(t.database.db)).balanced).toBe(true);
      // ...the whole check, on demand, does.
      const whole = await checkLedger(t.database.db);
      expect(whole.balanced).toBe(false);
      expect(whole.mismatched).toEqual([{ code: wallet(), balance: '4.00', entries: '5.00' }]);
    } finally {
      await shift('-1');
    }
    expect((await checkLedger(t.database.db)).balanced).toBe(true);
  });

  it('sums every entry again once the watermark is removed', async () => {
    await exec(sql`DELETE FROM ledger_check_watermark`);
    const again = await checkLedgerSince(t.database.db);
    expect(again).toMatchObject({ balanced: true, balances: { from: 'full' } });
    expect(again.balances.entriesRead).toBe(await entries());
  });

  // Two sessions at once: PostgreSQL only (PGlite has one).
  it.skipIf(!testDatabaseUrl())(
    'counts a movement committed after a later one, with older ids, once it commits',
    async () => {
      expect((await checkLedgerSince(t.database.db)).balanced).toBe(true);
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let posted!: () => void;
      const inside = new Promise<void>((resolve) => (posted = resolve));
      // The older movement: its entries take their ids, then it waits before committing.
      const late = t.database.db.transaction(async (tx) => {
        await credit('bal:late', tx);
        posted();
        await held;
      });
      await inside;
      // A second member's movement commits first, with newer ids.
      const other = await memberId(t, (await registerMember(t.app)).name);
      const legs = movementArrays({
        reference: 'bal:newer',
        legs: [
          { account: accountCode.wallet(other), cents: 100 },
          { account: accountCode.house('adjustments', other), cents: -100 },
        ],
      });
      await exec(sql`SELECT * FROM ledger_post('bal:newer', 'adjustment', ${other}::integer, '', ${legs})`);
      // The run waits for the older movement to commit before it takes its watermark.
      const run = checkLedgerSince(t.database.db);
      setTimeout(commit, 300);
      await late;
      expect(await run).toMatchObject({ balanced: true, balances: { entriesRead: 4 } });
      expect(await checkLedgerSince(t.database.db)).toMatchObject({ balanced: true, balances: { entriesRead: 0 } });
      const [kept] = rowsOf<{ entries: string }>(
        await exec(sql`
          SELECT c.entries::text AS entries FROM ledger_check_balances c
            JOIN ledger_accounts a ON a.id = c.account_id WHERE a.code = ${wallet()}`),
      );
      expect(Number(kept!.entries)).toBe(5);
    },
  );

  it('sums a ledger of more than a chunk in steps, on a first run and after a pause, to the same sums', async () => {
    const keptEqualsEntries = async () =>
      rowsOf<{ differ: string }>(
        await exec(sql`
          SELECT count(*)::text AS differ
            FROM (SELECT account_id, sum(amount) AS s FROM ledger_entries GROUP BY account_id) e
            FULL JOIN ledger_check_balances c ON c.account_id = e.account_id
           WHERE c.entries IS DISTINCT FROM e.s`),
      )[0]!.differ;
    await exec(sql`DELETE FROM ledger_check_watermark`);
    await exec(sql`DELETE FROM ledger_check_balances`);
    // Chunks of 3 entry ids: the ledger holds more, so the sums are begun and moved on before the run's statement.
    const all = await entries();
    expect(all).toBeGreaterThan(6);
    const first = await checkLedgerSince(t.database.db, 3);
    expect(first).toMatchObject({ balanced: true, mismatched: [], balances: { from: 'full', since: null } });
    expect(first.balances.entriesRead).toBe(all);
    const [max] = rowsOf<{ id: string }>(await exec(sql`SELECT max(id)::text AS id FROM ledger_entries`));
    expect(await watermark()).toBe(Number(max!.id));
    expect(await keptEqualsEntries()).toBe('0');

    // After a pause: four movements since, eight entries, read in steps and counted once.
    for (const n of [1, 2, 3, 4]) await credit(`bal:pause:${n}`);
    const after = await checkLedgerSince(t.database.db, 3);
    expect(after).toMatchObject({ balanced: true, balances: { from: 'kept', since: Number(max!.id), entriesRead: 8 } });
    expect(await keptEqualsEntries()).toBe('0');

    // A balance changed behind the ledger's back is still named after a first run in steps.
    await exec(sql`DELETE FROM ledger_check_watermark`);
    await exec(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE code = ${wallet()}`);
    const wrong = await checkLedgerSince(t.database.db, 3);
    expect(wrong.balanced).toBe(false);
    expect(wrong.mismatched.map((m) => m.code)).toEqual([wallet()]);
    await exec(sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE code = ${wallet()}`);
    expect(await checkLedgerSince(t.database.db, 3)).toMatchObject({ balanced: true, balances: { entriesRead: 0 } });
  });
});
