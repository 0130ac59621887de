import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverTests = {
  include: ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  setupFiles: ['apps/server/src/test/reset-app-clock.ts'],
  // One database per worker, shared by the files that worker runs (PGlite costs seconds to start).
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on the two-core CI machine that is one worker for
    // everything. The workers mostly wait on PGlite and Chromium, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'server-pglite', ...serverTests, env: { TEST_DB_ENGINE: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-postgres',
                ...serverTests,
                env: { TEST_DB_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // Files run in parallel against one shared app; a file that changes what everyone sees
          // starts an app of its own (useOwnApp in e2e/fixtures.ts). No retries: a test that
          // fails once is a bug to fix at its cause (docs/testing.md).
          retry: 0,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
