// npm run check: the typecheck, lint, import rules, format check and migration check. They read the tree and
// write only to gitignored caches, so they are independent. The machines have two cores: two
// lanes run side by side, each step of a lane after the other. The type-aware lint, once one
// step of 113 s that ended after everything else (2026-12-07's machine: the other lane took
// 78 s), runs as two halves, the web app's beside the rest (42 s and 57 s alone): each half
// builds only its own TypeScript program, so the split repeats little work. Each step's output
// is held until it ends and then printed whole under its name, so steps never interleave; the
// run fails when any step fails.
import { spawn } from 'node:child_process';

const lanes = [
  ['lint:rest', 'format:check', 'deps:check', 'db:check', 'files:check', 'engines:check'],
  ['lint:web', 'typecheck'],
];

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one npm script; resolves with its exit status, its output and its wall time. */
function run(step) {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', step], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    let done = false;
    const finish = (status, extra) => {
      if (done) return;
      done = true;
      const result = { step, status, time: seconds(started) };
      const text = Buffer.concat(output).toString().trimEnd() + (extra ? `\n${extra}` : '');
      const verdict = status === 0 ? 'ok' : `FAILED (exit ${status})`;
      console.log(`\n── ${step}: ${verdict} in ${result.time}${text ? `\n${text}` : ''}`);
      resolve(result);
    };
    child.on('error', (error) => finish(1, error.message));
    child.on('close', (code) => finish(code ?? 1));
  });
}

const started = performance.now();
console.log(
  `Running ${lanes.map((lane) => lane.join(', then ')).join(' beside ')}; each step prints when it ends.`,
);
const results = (
  await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const step of lane) done.push(await run(step));
      return done;
    }),
  )
).flat();
const failed = results.filter((result) => result.status !== 0).map((result) => result.step);

const summary = results.map(
  ({ step, status, time }) => `${step} ${status === 0 ? 'ok' : 'FAILED'} ${time}`,
);
console.log(`\n${summary.join(' · ')}`);
if (failed.length > 0) {
  console.log(`check failed (${failed.join(', ')}) in ${seconds(started)}`);
  process.exit(1);
}
console.log(`check passed in ${seconds(started)}`);
