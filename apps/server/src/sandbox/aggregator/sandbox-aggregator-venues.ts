import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AGGREGATOR_DEMO_VENUES, artPath, DEMO_VENUES } from '../demo/content-seed';
import { games } from '../../db/tables/content';
import { venues } from '../../db/tables/venues';
import { SANDBOX_AGGREGATOR_PREFIX } from './sandbox-aggregator-routes';

/**
 * SANDBOX=1: makes sure the sandbox aggregator's venues exist and point at this server's own address (`origin`,
 * loopback), since the aggregator runs inside it and is called over HTTP like any other. The twenty demo venues of
 * the seed (transfer wallets, each with a secret of this install's own) and the aggregator's two own venues, created
 * with the demo content (`create`: the database was seeded just now); on every start after, only their address
 * follows the server, and an operator's changes or deletion stand.
 */
export async function connectSandboxAggregator(db: Db, origin: string, options: { create: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    for (const v of DEMO_VENUES) {
      const apiBaseUrl = `${origin}${SANDBOX_AGGREGATOR_PREFIX}/api/${v.code}`;
      const [existing] = await tx.select().from(venues).where(eq(venues.code, v.code));
      // A demo venue an operator gave another mode, or connected elsewhere, is theirs now.
      if (!existing || existing.walletMode !== 'transfer') continue;
      if (existing.apiBaseUrl && !existing.apiBaseUrl.endsWith(`${SANDBOX_AGGREGATOR_PREFIX}/api/${v.code}`)) continue;
      // A demo venue of an earlier version (played in-process, no address and no secret) is connected here too.
      const apiSecret = existing.apiSecret || randomBytes(24).toString('base64url');
      await tx.update(venues).set({ apiBaseUrl, apiSecret }).where(eq(venues.id, existing.id));
    }
    for (const [i, v] of AGGREGATOR_DEMO_VENUES.entries()) {
      const apiBaseUrl = `${origin}${SANDBOX_AGGREGATOR_PREFIX}/api/${v.code}`;
      const [existing] = await tx
        .select({ id: venues.id, walletMode: venues.walletMode })
        .from(venues)
        .where(eq(venues.code, v.code));
      if (existing) {
        if (existing.walletMode === v.walletMode)
          await tx.update(venues).set({ apiBaseUrl }).where(eq(venues.id, existing.id));
        continue;
      }
      if (!options.create) continue;
      await tx.insert(venues).values({
        code: v.code,
        name: v.name,
        platname: v.code,
        categoryId: v.category,
        sort: 100 + i,
        walletMode: v.walletMode,
        apiBaseUrl,
        apiSecret: randomBytes(24).toString('base64url'),
      });
      await tx.insert(games).values({
        name: v.name,
        categoryId: v.category,
        appState: 1,
        platformName: v.code,
        gameCode: 'dice',
        mobileImg: artPath.venueTile(v.code),
        sort: 100 + i,
      });
    }
  });
}
