import { count, sql } from 'drizzle-orm';
import { siteSettings } from '../../db/tables/site';
import { DEFAULT_SETTINGS, writeSettings } from '../../modules/site/site-service';
import type { Db } from '../../db/client';
import { seedContent } from './content-seed';
import { seedPayments } from './payments-seed';
import { seedPromotions } from './promotions-seed';
import { seedRedpackets } from '../../modules/redpackets/redpackets-service';

export interface SeedOptions {
  /** SANDBOX=1: seed the sandbox game venues and the sandbox payment gateway; a production install gets neither. */
  sandbox: boolean;
}

/**
 * Fills an empty database with the site settings and demo content, so a fresh start shows a complete site. Processes
 * starting at once on one empty database seed it once: the second waits for the first's transaction under the lock,
 * then finds the settings there.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [before] = await db.select({ n: count() }).from(siteSettings);
  if ((before?.n ?? 0) > 0) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('h5:seed'))`);
    const [row] = await tx.select({ n: count() }).from(siteSettings);
    if ((row?.n ?? 0) > 0) return false;
    await writeSettings(tx, DEFAULT_SETTINGS);
    await seedContent(tx, options);
    await seedPayments(tx, options);
    await seedPromotions(tx);
    await seedRedpackets(tx);
    return true;
  });
}
