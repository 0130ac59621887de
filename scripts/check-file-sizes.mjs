// npm run files:check: no hand-written source file over 500 lines (decision 038). A file that
// long holds several things; split it by concern. Tests, migrations and the generated or
// recorded files are not counted.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 500;
const SOURCE = /^(apps|packages|e2e|scripts)\/.*\.(ts|tsx|mjs|cjs)$/;
const NOT_COUNTED = [/\.test\.tsx?$/, /\/migrations\//, /\/scripts\/deps\/fixtures\//];

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file) && !NOT_COUNTED.some((pattern) => pattern.test(file)));
const tooLong = files
  .map((file) => {
    try {
      return { file, lines: readFileSync(file, 'utf8').split('\n').length - 1 };
    } catch {
      return { file, lines: 0 }; // deleted in the working tree
    }
  })
  .filter(({ lines }) => lines > MAX_LINES)
  .sort((a, b) => b.lines - a.lines);
if (tooLong.length > 0) {
  console.log(`${tooLong.length} source file(s) over ${MAX_LINES} lines; split them by concern:`);
  for (const { file, lines } of tooLong) console.log(`  ${file}: ${lines}`);
  process.exit(1);
}
console.log(`${files.length} source files, none over ${MAX_LINES} lines.`);
