// npm run check: the typecheck, lint, import rules, format check and migration check. They read the tree and
// write only to gitignored caches, so they are independent. The machines have two cores: the
// type-aware lint, the longest step, has one to itself, and the others run one after another on
// the other. All five at once made the lint share its core and end last: on 2026-12-06's machine
// 193 s at once, 168 s in these two lanes (the lint alone takes 128 s). Each step's output is
// held until it ends and then printed whole under its name, so steps never interleave; the run
// fails when any step fails.
import { spawn } from 'node:child_process';

const lanes = [
  ['lint'],
  ['typecheck', 'deps:check', 'files:check', 'format:check', 'db:check', 'engines:check'],
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
