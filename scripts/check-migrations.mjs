// Fails when the Drizzle schema and the committed migrations disagree: regenerating must
// produce nothing new.
import { spawnSync } from 'node:child_process';

const generate = spawnSync('npx', ['drizzle-kit', 'generate'], {
  cwd: 'packages/db',
  encoding: 'utf8',
});
if (generate.status !== 0) {
  console.error(generate.stdout, generate.stderr);
  process.exit(1);
}
const status = spawnSync(
  'git',
  ['status', '--porcelain', '--untracked-files=all', 'packages/db/migrations'],
  {
    encoding: 'utf8',
  },
);
if (status.stdout.trim() !== '') {
  console.error(
    'The database schema changed without a committed migration. Run `npm run db:generate`, review and commit:\n' +
      status.stdout,
  );
  process.exit(1);
}
console.log('Migrations match the schema.');
