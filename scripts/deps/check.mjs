// npm run deps:check: the import rules of .dependency-cruiser.cjs over apps/ and packages/, then
// over scripts/deps/fixtures/, a small tree broken on purpose, where every rule must fire exactly
// where expected and nowhere else: a rule that stopped matching (a renamed folder, a typo in a
// path pattern) would otherwise pass the real tree in silence.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

/** Every violation in the tree below `cwd`, as `rule: from → to`. */
async function violations(cwd) {
  const { stdout } = await promisify(execFile)(
    depcruise,
    ['--config', config, '--output-type', 'json', 'apps', 'packages'],
    { cwd, maxBuffer: 256 * 1024 * 1024 },
  ).catch((error) => {
    if (error.stdout) return error; // violations exit non-zero; the JSON is still on stdout
    throw error;
  });
  return JSON.parse(stdout).summary.violations.map((violation) => {
    const to = violation.cycle
      ? violation.cycle.map((step) => step.name ?? step).join(' → ')
      : violation.to.replace(/^.*node_modules\//, 'node_modules/');
    return `${violation.rule.name}: ${violation.from} → ${to}`;
  });
}

const EXPECTED_IN_FIXTURES = [
  'core-imports-no-feature: apps/server/src/core/orders/order-totals.ts → apps/server/src/features/orders/place-order.ts',
  'domain-is-pure: packages/domain/src/layer/reads-app.ts → apps/server/src/lib/http-helper.ts',
  'integrations-import-no-feature: apps/server/src/integrations/mail/send-mail.ts → apps/server/src/features/invoices/send-invoice.ts',
  'lib-is-infrastructure: apps/server/src/lib/http-helper.ts → apps/server/src/core/orders/order-totals.ts',
  'no-import-cycle: packages/domain/src/cycle/first.ts → packages/domain/src/cycle/second.ts → packages/domain/src/cycle/first.ts',
  'server-feature-imports-no-feature: apps/server/src/features/invoices/send-invoice.ts → apps/server/src/features/orders/place-order.ts',
  'sql-only-in-repositories: apps/server/src/features/orders/place-order.ts → node_modules/drizzle-orm/index.d.ts',
  'test-harness-only-in-tests: apps/server/src/features/orders/ship-order.ts → apps/server/src/features/orders/orders.test-harness.ts',
  'web-feature-through-public-entry: apps/web/src/features/alpha/pages/into-internals.ts → apps/web/src/features/beta/components/beta-card.ts',
  'web-shared-imports-no-feature: apps/web/src/components/shared-widget.ts → apps/web/src/features/beta/index.ts',
];

const [inTree, inFixtures] = await Promise.all([
  violations(root),
  violations(path.join(root, 'scripts/deps/fixtures')),
]);
let failed = false;
if (inTree.length > 0) {
  failed = true;
  console.log(`${inTree.length} import rule violation(s):\n  ${inTree.join('\n  ')}`);
}
const missing = EXPECTED_IN_FIXTURES.filter((expected) => !inFixtures.includes(expected));
const unexpected = inFixtures.filter((found) => !EXPECTED_IN_FIXTURES.includes(found));
if (missing.length > 0 || unexpected.length > 0) {
  failed = true;
  console.log('The rules no longer fire as scripts/deps/fixtures/ expects:');
  for (const line of missing) console.log(`  did not fire: ${line}`);
  for (const line of unexpected) console.log(`  fired unexpectedly: ${line}`);
}
if (failed) process.exit(1);
console.log(
  `No import rule violation; each of the ${EXPECTED_IN_FIXTURES.length} rules fires on its fixture.`,
);
