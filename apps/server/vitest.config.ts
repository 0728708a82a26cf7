import { defineConfig } from 'vitest/config';

const files = ['src/**/*.test.ts', 'test/**/*.test.ts'];
/** Files that replace a module with vi.mock (a mock reaches only a module graph of the file's own); no database. */
const mocking = ['src/lib/outbound-rebinding.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: files,
          exclude: mocking,
          // Migrates one database per run for the files to copy (a PGlite dump, a PostgreSQL template).
          globalSetup: ['./test/global-setup.ts'],
          // The files of a worker share its module cache: the server's modules keep their state per app and per
          // database (WeakMaps), and each file builds its own app on its own database, so the modules load once per
          // worker instead of once per file.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server-mocking', include: mocking } },
    ],
  },
});
