import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * With a PostgreSQL to test on (CI always has one), every server file runs there, the engine
 * production runs; PGlite, which the whole browser tier runs the app on, repeats only the files
 * where the engine shows: backups of the embedded data directory, crash
 * safety and concurrency, the in-process notifications (session cache, webhook delivery), the
 * pg_trgm search and the reports' SQL, and a fixed sample of the generated checks. Without one,
 * PGlite runs every file (docs/testing.md, "What runs on both engines").
 */
const ON_BOTH_ENGINES = [
  // Backups of the embedded data directory. The demo seeds' content is engine-blind; they run
  // on PGlite in every browser run all the same (e2e/global-setup.ts seeds its data directory).
  'packages/db/src/*.test.ts',
  'apps/server/src/reliability/**/*.test.ts',
  'apps/server/src/security/{authorization-matrix,route-fuzz,api-token-matrix}.test.ts',
  'apps/server/src/core/access/session-cache.test.ts',
  'apps/server/src/features/webhooks/**/*.test.ts',
  'apps/server/src/features/search/**/*.test.ts',
  'apps/server/src/features/reports/**/*.test.ts',
];

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
      {
        // The web's components and pure logic in a simulated DOM (happy-dom), found by role and
        // name with Testing Library; `@/` as apps/web/tsconfig.json maps it.
        resolve: { alias: { '@': `${import.meta.dirname}/apps/web/src` } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server-pglite',
          ...serverTests,
          ...(process.env.TEST_DATABASE_URL ? { include: ON_BOTH_ENGINES } : {}),
          env: { TEST_DB_ENGINE: 'pglite' },
        },
      },
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
          // A worker's files share its module graph and its Chromium (launchBrowser in
          // e2e/fixtures.ts): importing playwright-core and launching a browser cost about two
          // seconds of CPU per file. Each file opens its own contexts and closes them at its end.
          isolate: false,
          // Files run in parallel against one shared app; a file that changes what everyone sees
          // starts an app of its own (useOwnApp in e2e/fixtures.ts). No retries: a test that
          // fails once is a bug to fix at its cause (docs/testing.md).
          retry: 0,
          // Guards, not waits: every wait is on a condition, and on a slow day (the machine ran
          // 2.6 times slower on 2026-12-03 afternoon than that morning) a page takes seconds.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll gives up after one second unless told otherwise: too soon for a page
          // that waits on the server of a busy machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
