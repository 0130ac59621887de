// Runs every test tier (domain, web components, server on PGlite or, with TEST_DATABASE_URL, on both engines,
// browser), then prints each tier's wall time and the ten slowest files, and ends with a plain
// "N passed, N failed" line.
//
// The browser tier runs as a second vitest process after the domain and server tiers, its files
// E2E_WORKERS (default 2) at a time against one shared app (docs/testing.md). Its output is
// prefixed with "e2e │".
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

mkdirSync('.test-results', { recursive: true });

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (hasPostgres) {
  console.log(
    `Server tests run on PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host}), and on PGlite ` +
      'the files where the engine shows (ON_BOTH_ENGINES in vitest.config.ts).',
  );
} else {
  console.log('Server tests run on PGlite only (set TEST_DATABASE_URL to add PostgreSQL).');
}

const e2eWorkers = process.env.E2E_WORKERS ?? '2';
const timingFileOf = (resultsFile) => resultsFile.replace(/\.json$/, '.timing.json');

/** One vitest process; resolves with its exit status once it ends. */
function runVitest({ args, resultsFile, prefix }) {
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/timing-reporter.mjs',
      `--outputFile.json=${resultsFile}`,
      ...args,
    ],
    {
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, BASTION_TIMING_FILE: timingFileOf(resultsFile) },
    },
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
            '--project=web',
            '--project=server-pglite',
            ...(hasPostgres ? ['--project=server-postgres'] : []),
          ],
          resultsFile: '.test-results/vitest.json',
          prefix: null,
        },
        {
          args: ['--project=e2e', `--maxWorkers=${e2eWorkers}`],
          resultsFile: '.test-results/vitest-e2e.json',
          prefix: 'e2e │ ',
        },
      ];

const startedAt = Date.now();
// One after the other: the server tiers keep both cores busy on their own, and beside several
// browser workers (each a Chromium of many processes) their one-thread PGlite workers were
// starved to a tenth of a core, so both took longer than in turn (docs/testing.md).
const statuses = [];
for (const run of runs) statuses.push(await runVitest(run));
const summaries = runs.map((run) => readSummary(run.resultsFile));
printTimings(runs.map((run) => timingFileOf(run.resultsFile)));

/** Each tier's files and time, and the ten slowest files: a slow test is seen the day it lands. */
function printTimings(timingFiles) {
  const processes = timingFiles.flatMap((file) => {
    try {
      return [JSON.parse(readFileSync(file, 'utf8'))];
    } catch {
      return [];
    }
  });
  const files = processes.flatMap((p) => p.files);
  if (files.length === 0) return;
  const tiers = new Map();
  for (const file of files) {
    const tier = tiers.get(file.project) ?? { files: 0, seconds: 0 };
    tier.files += 1;
    tier.seconds += file.seconds;
    tiers.set(file.project, tier);
  }
  const s = (seconds) => `${seconds.toFixed(1)} s`;
  console.log(
    "\nTest time (a tier's files run several at a time, so their sum exceeds its wall time)",
  );
  console.log(`  ${'tier'.padEnd(16)}${'files'.padStart(6)}${'sum of files'.padStart(15)}`);
  for (const [name, tier] of tiers) {
    console.log(
      `  ${name.padEnd(16)}${String(tier.files).padStart(6)}${s(tier.seconds).padStart(15)}`,
    );
  }
  for (const p of processes) {
    const names = [...new Set(p.files.map((f) => f.project))].join(', ');
    console.log(`  wall time of ${names}: ${s(p.wallSeconds)}`);
  }
  console.log(`  wall time of npm test's tiers together: ${s((Date.now() - startedAt) / 1000)}`);
  console.log('Ten slowest files');
  for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`  ${s(file.seconds).padStart(9)}  ${file.project.padEnd(16)}${file.file}`);
  }
}

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
