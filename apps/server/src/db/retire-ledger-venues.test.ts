import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0018 retires the ledger wallet mode: what members still held in ledger venue wallets goes back to their
// central wallets in balanced postings, and the venues become transfer-wallet venues (with no address: unreachable
// until an operator connects them).
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const upTo15 = mkdtempSync(path.join(tmpdir(), 'h5-migrations-'));
afterAll(() => rmSync(upTo15, { recursive: true, force: true }));

describe('migration 0018 (retire ledger venues)', () => {
  it('returns every ledger venue balance to its member, keeps the ledger balanced and turns the venues into transfer venues', async () => {
    cpSync(migrations, upTo15, { recursive: true });
    const journalPath = path.join(upTo15, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < '0018');
    writeFileSync(journalPath, JSON.stringify(journal));

    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: upTo15 });
    await client.exec(`
      INSERT INTO members (id, username, password_hash, realname) VALUES (1, 'old1', 'x', '甲'), (2, 'old2', 'x', '乙');
      INSERT INTO venues (code, name, platname, category_id) VALUES ('OLDV', '旧场馆', 'OLDV', 'realbet');
      SELECT ledger_post('seed:1', 'adjustment', 1, '', ARRAY['house:adjustments', 'member:1:wallet']::varchar[], ARRAY[-100.00, 100.00]::numeric[],
        ARRAY['house', 'wallet']::varchar[], ARRAY[NULL, 1]::integer[], ARRAY['', '']::varchar[]);
      SELECT ledger_post('seed:2', 'transfer_in', 1, 'OLDV', ARRAY['member:1:venue:OLDV', 'member:1:wallet']::varchar[], ARRAY[60.25, -60.25]::numeric[],
        ARRAY['venue', 'wallet']::varchar[], ARRAY[1, 1]::integer[], ARRAY['OLDV', '']::varchar[]);
      SELECT ledger_post('seed:3', 'adjustment', 2, '', ARRAY['house:adjustments', 'member:2:venue:OLDV']::varchar[], ARRAY[-7.00, 7.00]::numeric[],
        ARRAY['house', 'venue']::varchar[], ARRAY[NULL, 2]::integer[], ARRAY['', 'OLDV']::varchar[]);
    `);

    await migrate(db, { migrationsFolder: migrations });
    const balances = await client.query<{ code: string; balance: string }>(
      `SELECT code, balance::text AS balance FROM ledger_accounts WHERE member_id IS NOT NULL ORDER BY code`,
    );
    expect(balances.rows).toEqual([
      { code: 'member:1:venue:OLDV', balance: '0.00' },
      { code: 'member:1:wallet', balance: '100.00' },
      { code: 'member:2:venue:OLDV', balance: '0.00' },
      { code: 'member:2:wallet', balance: '7.00' },
    ]);
    // Every account equals its entries, and all of them sum to zero.
    const check = await client.query<{ total: string; mismatched: number }>(`
      SELECT (SELECT sum(balance) FROM ledger_accounts)::text AS total,
             (SELECT count(*) FROM ledger_accounts a
               WHERE a.balance <> coalesce((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0))::int AS mismatched`);
    expect(check.rows[0]).toEqual({ total: '0.00', mismatched: 0 });
    const venue = await client.query<{ wallet_mode: string; api_base_url: string }>(
      `SELECT wallet_mode, api_base_url FROM venues WHERE code = 'OLDV'`,
    );
    expect(venue.rows).toEqual([{ wallet_mode: 'transfer', api_base_url: '' }]);
    // The launch tokens' table has its new name.
    const tables = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('launch_tokens', 'sandbox_sessions')`,
    );
    expect(tables.rows[0]?.n).toBe(1);
    await client.close();
  });
});
