import { defineConfig } from 'vitest/config';

/** the e2e files that mostly wait for the browser's alarms (minutes, the API's shortest period) */
const WAITS = ['test/e2e/workflows/schedule.test.ts', 'test/e2e/workflows/schedule-restart.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/arena/**/*.test.ts'],
          exclude: WAITS,
          environment: 'node',
          // Each file launches its own Chromium; two at a time fits this 2-core machine.
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e-waits',
          // Files that spend minutes waiting for a schedule's alarm with the CPU idle. One vitest
          // run takes its projects one after another here, so scripts/test-e2e.mjs runs this
          // project in a vitest process of its own beside the e2e one: their waits hold no
          // Chromium slot of the two.
          include: WAITS,
          environment: 'node',
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e-firefox',
          include: ['test/e2e-firefox/**/*.test.ts'],
          environment: 'node',
          // Each file launches its own Firefox (3-5 s); one at a time beside the Chromium files.
          pool: 'forks',
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
