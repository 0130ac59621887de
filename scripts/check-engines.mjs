// npm run check's engines step: every package the lockfile installs supports each Node.js line
// the project runs on (package.json's floor, then 22 and 24), and every package with an install
// script is named in allowScripts (allowed or denied). npm only warns (EBADENGINE, install-scripts)
// at install; a new dependency, or an update of one, that would warn is refused here the day it
// lands instead of greeting a newcomer's first install (issue 33; the overrides in package.json).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const floor = semver.minVersion(root.engines.node);
// 22.13: ESLint 10's own floor on that line.
const supported = [floor.version, '22.13.0', '24.0.0'];

const refused = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path || entry.link) continue;
  const name = path.replace(/^.*node_modules\//, '');
  if (entry.hasInstallScript && !(name in (root.allowScripts ?? {}))) {
    refused.push(`${name}@${entry.version} has an install script not named in allowScripts`);
  }
  const wanted = entry.engines?.node;
  if (!wanted) continue;
  const missing = supported.filter(
    (version) => !semver.satisfies(version, wanted, { includePrerelease: true }),
  );
  if (missing.length > 0) {
    refused.push(`${name}@${entry.version} wants node ${wanted}: not ${missing.join(', ')}`);
  }
}
if (refused.length > 0) {
  console.log(`Supported Node.js: ${supported.join(', ')}. Refused:`);
  for (const line of refused) console.log(`  ${line}`);
  console.log(
    'Pin or override them in package.json (or move the engines floor with a decision); name a\n' +
      "package's install script in allowScripts: true to run it, false to skip it.",
  );
  process.exit(1);
}
console.log(
  `engines ok: ${Object.keys(lock.packages).length - 1} packages run on Node ${supported.join(', ')}`,
);
