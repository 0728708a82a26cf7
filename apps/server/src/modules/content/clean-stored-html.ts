import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cleanHtml } from '../../lib/clean-html';
import { cleanMessageHtml } from '../member/message-html';
import { cleanPromotionHtml } from '../promotions/promotion-html';
import { readSettings, writeSettings } from '../site/site-service';
import { articles } from '../../db/tables/content';

export interface CleanReport {
  articles: number;
  promotions: number;
  messages: number;
  webcontent: number;
}

/**
 * Cleans the operator HTML stored before the back office cleaned it on save (articles, promotion content and memo,
 * inbox messages, the welcome text), so the member app, which no longer sanitises, never shows it raw. Rows already
 * clean are left alone, so running it again changes nothing. Answers how many rows it rewrote.
 */
export async function cleanStoredHtml(db: DbOrTx): Promise<CleanReport> {
  const report: CleanReport = { articles: 0, promotions: 0, messages: 0, webcontent: 0 };

  for (const row of await db.select({ id: articles.id, content: articles.content }).from(articles)) {
    const content = cleanHtml(row.content);
    if (content === row.content) continue;
    await db.update(articles).set({ content }).where(eq(articles.id, row.id));
    report.articles += 1;
  }

  report.promotions = await cleanPromotionHtml(db, cleanHtml);
  report.messages = await cleanMessageHtml(db, cleanHtml);

  const { webcontent } = await readSettings(db, ['webcontent']);
  const cleanWelcome = cleanHtml(webcontent);
  if (cleanWelcome !== webcontent) {
    await writeSettings(db, { webcontent: cleanWelcome });
    report.webcontent = 1;
  }
  return report;
}
