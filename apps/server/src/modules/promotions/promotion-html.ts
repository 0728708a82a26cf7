import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { promotions } from '../../db/tables/promotions';

/** Rewrites each promotion whose content or memo `clean` changes, row by row; answers how many it rewrote. */
export async function cleanPromotionHtml(db: DbOrTx, clean: (html: string) => string): Promise<number> {
  let rewritten = 0;
  const rows = await db
    .select({ id: promotions.id, content: promotions.content, memo: promotions.memo })
    .from(promotions);
  for (const row of rows) {
    const content = clean(row.content);
    const memo = clean(row.memo);
    if (content === row.content && memo === row.memo) continue;
    await db.update(promotions).set({ content, memo }).where(eq(promotions.id, row.id));
    rewritten += 1;
  }
  return rewritten;
}
