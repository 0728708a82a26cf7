import { readFileSync } from 'node:fs';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../src/config';
import { openDatabase } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { articles } from '../src/db/tables/content';
import { DEMO_ARTICLES } from '../src/sandbox/demo/content-seed';
import { seedIfEmpty } from '../src/sandbox/demo/seed';
import { freshPostgres } from './helper';

// Two instances of a deployment starting at once on one empty PostgreSQL database (docs/operations.md "Running
// several processes"): the migrations are applied once and the starting content is seeded once, and neither fails.
const adminUrl = testDatabaseUrl();
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

describe.skipIf(!adminUrl)('two processes starting at once on an empty database', () => {
  it('migrate it once and seed it once, and both start', { timeout: 60_000 }, async () => {
    const fresh = await freshPostgres(adminUrl!);
    drops.push(fresh.drop);
    const [first, second] = await Promise.all([
      openDatabase({ databaseUrl: fresh.url }),
      openDatabase({ databaseUrl: fresh.url }),
    ]);
    try {
      const seeded = await Promise.all([
        seedIfEmpty(first.db, { sandbox: false }),
        seedIfEmpty(second.db, { sandbox: false }),
      ]);
      expect(seeded.sort()).toEqual([false, true]);
      const [row] = await first.db.select({ n: count() }).from(articles);
      expect(row?.n).toBe(DEMO_ARTICLES.length);
      const journal = JSON.parse(
        readFileSync(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      const applied = rowsOf<{ n: number }>(
        await first.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`),
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
