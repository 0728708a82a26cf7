import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games } from '../../db/tables/content';
import { venues } from '../../db/tables/venues';
import type { OutboundPolicy } from '../../lib/outbound';
import { type CatalogueSyncResult, syncHub88Catalogue } from '../../modules/content/venue-catalogue';
import {
  configureHub88SandboxVenue,
  followHub88SandboxOrigin,
  SANDBOX_HUB88_PREFIX,
} from '../hub88/sandbox-hub88-routes';
import { artPath, HUB88_DEMO_VENUE } from './content-seed';

/**
 * SANDBOX=1: the demo's Hub88 venue (环球电子, seamless, protocol hub88) played at the Hub88 sandbox aggregator inside
 * this server (docs/venues.md "Hub88 sandbox aggregator"). Created with the demo content (`create`: the database was
 * seeded just now) with the credentials `configureHub88SandboxVenue` answers, and its home tile, which opens its
 * slot list; on every start after, its address and the sandbox's address for our Wallet API follow the server's own
 * (loopback) `origin`, as the sandbox aggregator's venues do. A venue an operator connected elsewhere is theirs.
 */
export async function connectHub88DemoVenue(db: Db, origin: string, options: { create: boolean }): Promise<void> {
  const v = HUB88_DEMO_VENUE;
  const [existing] = await db.select().from(venues).where(eq(venues.code, v.code));
  if (existing) {
    if (existing.protocol !== 'hub88' || !existing.apiBaseUrl.endsWith(SANDBOX_HUB88_PREFIX)) return;
    const apiBaseUrl = await followHub88SandboxOrigin(db, { operatorId: existing.operatorId, origin });
    if (apiBaseUrl) await db.update(venues).set({ apiBaseUrl }).where(eq(venues.id, existing.id));
    return;
  }
  if (!options.create) return;
  const settings = await configureHub88SandboxVenue(db, { venueCode: v.code, origin });
  await db.transaction(async (tx) => {
    await tx.insert(venues).values({
      code: v.code,
      name: v.name,
      platname: v.code,
      categoryId: v.category,
      sort: 110,
      walletMode: 'seamless',
      protocol: 'hub88',
      apiBaseUrl: settings.apiBaseUrl,
      operatorId: settings.operatorId,
      aggregatorPublicKey: settings.aggregatorPublicKey,
      privateKey: settings.privateKey,
    });
    // A slot venue's tile opens its /concise list (the catalogue sync fills it).
    await tx.insert(games).values({
      name: v.name,
      categoryId: v.category,
      appState: 1,
      platformName: v.code,
      gameCode: v.code,
      mobileImg: artPath.venueTile(v.code),
      sort: 110,
    });
  });
}

/**
 * Brings the demo Hub88 venue's games in through the catalogue sync (over HTTP, so the server must be listening),
 * each new game with the icon scripts/generate-art.ts draws for it. Answers why not when the venue is not a hub88
 * venue any more or the sandbox did not answer.
 */
export function syncHub88DemoCatalogue(deps: {
  db: Db;
  outbound: OutboundPolicy;
  timeoutMs: number;
}): Promise<CatalogueSyncResult> {
  return syncHub88Catalogue(deps, HUB88_DEMO_VENUE.code, { pictureOf: artPath.slot });
}
