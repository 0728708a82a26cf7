import { loadConfig } from '../config';
import { type Db, openDatabase } from '../db/client';

/**
 * Runs a command's work on the configured database (migrated first, as the server does) and closes it: the exit
 * code is 0 when the work is done, 1 with the error's message when it throws.
 */
export async function onDatabase(work: (db: Db) => Promise<void>): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: config.db,
  });
  try {
    await work(database.db);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}
