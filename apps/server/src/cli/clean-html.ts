// Cleans operator HTML stored before the back office cleaned it on save: `npm run clean-html -w apps/server`.
// Run it once after upgrading an existing database (stop a running PGlite server first); running it again is harmless.
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { cleanStoredHtml } from '../modules/content/clean-stored-html';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.db });
  try {
    const report = await database.db.transaction((tx) => cleanStoredHtml(tx));
    console.log(
      `cleaned: ${report.articles} articles, ${report.promotions} promotions, ${report.messages} messages, ` +
        `${report.webcontent} welcome text`,
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
