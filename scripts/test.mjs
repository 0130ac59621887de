// Runs every test tier (domain, server on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// browser) in one vitest run and ends with a plain "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const resultsFile = '.test-results/vitest.json';
mkdirSync('.test-results', { recursive: true });

if (process.env.TEST_DATABASE_URL) {
  console.log(
    `Server tests run on PGlite and on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}).`,
  );
} else {
  console.log('Server tests run on PGlite only (set TEST_DATABASE_URL to add PostgreSQL).');
}

const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

let summary = null;
try {
  summary = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch {
  // vitest died before writing results; its own output says why.
}
if (summary) {
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(
    `\nTests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`,
  );
  if (summary.numTotalTests === 0) {
    console.error('No test ran.');
    process.exit(1);
  }
}
process.exit(run.status ?? 1);
