import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testDatabaseUrl } from '../src/config';
import { migratedPgliteSnapshot, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated PGlite database: each test file's database starts from it. */
    pgliteSnapshot: string;
    /** A migrated PostgreSQL database that each test file's database is copied from ('' without TEST_DATABASE_URL). */
    postgresTemplate: string;
  }
}

async function adminQuery(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates once per run what every test file needs: creating and migrating a database takes seconds, copying a
 * migrated one a fraction of that. The files still migrate what they open (a no-op on a copy), so a copy that fell
 * behind the migrations cannot go unnoticed.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'h5-server-suite-'));
  const snapshotFile = path.join(dir, 'migrated.tar');
  writeFileSync(snapshotFile, Buffer.from(await (await migratedPgliteSnapshot()).arrayBuffer()));
  project.provide('pgliteSnapshot', snapshotFile);

  const adminUrl = testDatabaseUrl();
  let template = '';
  if (adminUrl) {
    template = `t_template_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const migrated = await openDatabase({ databaseUrl: url.toString() });
    await migrated.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
