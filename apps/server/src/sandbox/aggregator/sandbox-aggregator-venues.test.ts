import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { games } from '../../db/tables/content';
import { venues } from '../../db/tables/venues';
import { connectSandboxAggregator } from './sandbox-aggregator-venues';

const t = useTestApp();

const codes = ['JHZR', 'JHQP'];
const rows = () => t.database.db.select().from(venues).where(inArray(venues.code, codes)).orderBy(venues.code);

describe('the sandbox aggregator venues', () => {
  it('are created with the demo content, each with its own secret, and follow the server address afterwards', async () => {
    await connectSandboxAggregator(t.database.db, 'http://127.0.0.1:9999', { create: false });
    expect(await rows()).toEqual([]);

    await connectSandboxAggregator(t.database.db, 'http://127.0.0.1:8080', { create: true });
    const made = await rows();
    expect(made.map((v) => [v.code, v.walletMode, v.apiBaseUrl])).toEqual([
      ['JHQP', 'seamless', 'http://127.0.0.1:8080/sandbox/aggregator/api/JHQP'],
      ['JHZR', 'transfer', 'http://127.0.0.1:8080/sandbox/aggregator/api/JHZR'],
    ]);
    expect(made[0]!.apiSecret.length).toBeGreaterThanOrEqual(16);
    expect(made[0]!.apiSecret).not.toBe(made[1]!.apiSecret);
    expect(await t.database.db.select().from(games).where(inArray(games.platformName, codes))).toHaveLength(2);

    // A later start on another port moves the address only; an operator's rename stands, a deletion too.
    await t.database.db.update(venues).set({ name: '运营改名' }).where(eq(venues.code, 'JHZR'));
    await t.database.db.delete(venues).where(eq(venues.code, 'JHQP'));
    await connectSandboxAggregator(t.database.db, 'http://127.0.0.1:7000', { create: false });
    const after = await rows();
    expect(after.map((v) => [v.code, v.name, v.apiBaseUrl, v.apiSecret])).toEqual([
      ['JHZR', '运营改名', 'http://127.0.0.1:7000/sandbox/aggregator/api/JHZR', made[1]!.apiSecret],
    ]);
  });
});
