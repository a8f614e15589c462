import { defineConfig } from 'vitest/config';

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
