import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { beijingDay } from '../../lib/time';

const DAY_MS = 86_400_000;

/** Noon (Beijing) `daysAgo` days before today. */
export const noonDaysAgo = (daysAgo: number) =>
  new Date(`${beijingDay(new Date(Date.now() - daysAgo * DAY_MS))}T12:00:00+08:00`);

export const rowsOf = <R>(r: unknown) => (r as { rows: R[] }).rows;

/**
 * What `read` answers from the raw rows alone: run with every kept day marked stale, so a report reads its whole range
 * from the movements and bets, and rolled back.
 */
export async function readRaw<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T | undefined> {
  let answer: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`UPDATE report_days SET stale = true`);
      answer = await read(tx);
      tx.rollback();
    })
    .catch((e: unknown) => {
      if (!(e instanceof Error && /rollback/i.test(e.message))) throw e;
    });
  return answer;
}
