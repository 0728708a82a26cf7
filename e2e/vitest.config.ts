import { defineConfig } from 'vitest/config';

/**
 * Journeys that read site-wide figures (today's registrations and deposits on the dashboard and the daily report):
 * another journey's member registered at the same moment would move them, so they run alone, after the others.
 */
const alone = ['admin-reports.spec.ts'];

// expect.poll gives up after one second by default; a page on a busy machine can take longer to show what a
// write caused, so a journey's polls allow ten (the condition is the same, only the bound is generous).
// The files of a worker share its module cache (playwright-core, axe-core, the contract): each journey file imported
// them afresh, about 3 s a file on a busy machine, 74 s of the stage's import time in all. A journey keeps its state in
// its own file's hooks (its browser, its console tabs), and the support modules keep none but a name counter.
const journey = {
  testTimeout: 90_000,
  hookTimeout: 120_000,
  expect: { poll: { timeout: 10_000 } },
  isolate: false,
};

export default defineConfig({
  test: {
    // One server for every journey (set up once here at the root, and its values provided to both groups).
    globalSetup: ['./support/global-setup.ts'],
    projects: [
      {
        // Three files at a time (each journey registers its own members and names its own rows). A journey mostly
        // waits (for the server, a page load, an animation) when the machine has cores to spare; on a quiet 2-core
        // machine the stage took about as long as two at a time (446 baselines against 433). With both cores busy a
        // write can take seconds, so journeys wait for what they cause (a toast recorded as it shows, a choice the
        // select shows), never a fixed time.
        test: {
          ...journey,
          name: 'journeys',
          include: ['**/*.spec.ts'],
          exclude: ['**/node_modules/**', ...alone],
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...journey, name: 'journeys alone', include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
