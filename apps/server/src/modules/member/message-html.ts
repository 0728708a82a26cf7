import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberMessages } from '../../db/tables/member';

/** Rewrites each inbox message whose content `clean` changes, row by row; answers how many it rewrote. */
export async function cleanMessageHtml(db: DbOrTx, clean: (html: string) => string): Promise<number> {
  let rewritten = 0;
  for (const row of await db.select({ id: memberMessages.id, content: memberMessages.content }).from(memberMessages)) {
    const content = clean(row.content);
    if (content === row.content) continue;
    await db.update(memberMessages).set({ content }).where(eq(memberMessages.id, row.id));
    rewritten += 1;
  }
  return rewritten;
}
