// Cleans operator HTML stored before the back office cleaned it on save: `npm run clean-html -w apps/server`.
// Run it once after upgrading an existing database (stop a running PGlite server first); running it again is harmless.
import { cleanStoredHtml } from '../modules/content/clean-stored-html';
import { onDatabase } from './database-command';

process.exitCode = await onDatabase(async (db) => {
  const report = await db.transaction((tx) => cleanStoredHtml(tx));
  console.log(
    `cleaned: ${report.articles} articles, ${report.promotions} promotions, ${report.messages} messages, ` +
      `${report.webcontent} welcome text`,
  );
});
