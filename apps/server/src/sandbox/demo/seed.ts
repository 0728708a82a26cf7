import { count } from 'drizzle-orm';
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

/** Fills an empty database with the site settings and demo content, so a fresh start shows a complete site. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(siteSettings);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await writeSettings(tx, DEFAULT_SETTINGS);
    await seedContent(tx, options);
    await seedPayments(tx, options);
    await seedPromotions(tx);
    await seedRedpackets(tx);
  });
  return true;
}
