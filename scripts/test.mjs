// Runs every test tier (domain, server on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// browser) and ends with a plain "N passed, N failed" line.
//
// The browser tier runs its files one at a time against one app, and vitest starts such a tier
// only after every other file has finished. Run alone it is mostly waiting on Chromium and the
// app, so it runs as a second vitest process beside the domain and server tiers: the two overlap
// instead of queueing (docs/architecture.md, Tests). Its output is prefixed with "e2e │".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

mkdirSync('.test-results', { recursive: true });

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (hasPostgres) {
  console.log(
    `Server tests run on PGlite and on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}).`,
  );
} else {
  console.log('Server tests run on PGlite only (set TEST_DATABASE_URL to add PostgreSQL).');
}

/** One vitest process; resolves with its exit status once it ends. */
function runVitest({ args, resultsFile, prefix }) {
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${resultsFile}`,
      ...args,
    ],
    { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' },
  );
  if (prefix) {
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function readSummary(resultsFile) {
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    // vitest died before writing results; its own output says why.
    return null;
  }
}

// Extra arguments (a file, a --project) run one vitest process, as vitest itself would.
const extraArgs = process.argv.slice(2);
const runs =
  extraArgs.length > 0
    ? [{ args: extraArgs, resultsFile: '.test-results/vitest.json', prefix: null }]
    : [
        {
          args: [
            '--project=domain',
            '--project=server-pglite',
            ...(hasPostgres ? ['--project=server-postgres'] : []),
          ],
          resultsFile: '.test-results/vitest.json',
          prefix: null,
        },
        { args: ['--project=e2e'], resultsFile: '.test-results/vitest-e2e.json', prefix: 'e2e │ ' },
      ];

const statuses = await Promise.all(runs.map(runVitest));
const summaries = runs.map((run) => readSummary(run.resultsFile));

const sum = (field) => summaries.reduce((total, s) => total + (s?.[field] ?? 0), 0);
const passed = sum('numPassedTests');
const failed = sum('numFailedTests');
const skipped = sum('numPendingTests') + sum('numTodoTests');
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (summaries.some((s) => s === null)) {
  console.error('A test run ended without results; its output above says why.');
  process.exit(1);
}
if (sum('numTotalTests') === 0) {
  console.error('No test ran.');
  process.exit(1);
}
process.exit(statuses.every((status) => status === 0) ? 0 : 1);
