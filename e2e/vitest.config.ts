import { defineConfig } from 'vitest/config';

/**
 * Journeys that read site-wide figures (today's registrations and deposits on the dashboard and the daily report):
 * another journey's member registered at the same moment would move them, so they run alone, after the others.
 */
const alone = ['admin-reports.spec.ts'];

const journey = { testTimeout: 90_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // One server for every journey (set up once here at the root, and its values provided to both groups).
    globalSetup: ['./support/global-setup.ts'],
    projects: [
      {
        // One file at a time: two at once (each registers its own members and names its own rows) took the stage from
        // 712 s to 480 s, but with both cores saturated the one embedded database of the server now and then kept a
        // write waiting past a journey's 30 s bound, in two clean-clone runs of two. Journeys are written to run
        // side by side, so this is the number to raise once the server's stall is found.
        test: {
          ...journey,
          name: 'journeys',
          include: ['**/*.spec.ts'],
          exclude: ['**/node_modules/**', ...alone],
          maxWorkers: 1,
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...journey, name: 'journeys alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
