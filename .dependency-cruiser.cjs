// @ts-check
/**
 * The rooms of the code and who may import whom (docs/architecture.md). `npm run deps:check`
 * (scripts/deps/check.mjs) runs these rules over apps/ and packages/, then over the broken-on-
 * purpose tree in scripts/deps/fixtures/, where each rule must fire exactly where expected.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      comment: 'No file reaches itself through its imports, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-through-public-entry',
      comment:
        "A web feature uses another feature only through that feature's index.ts; shared pieces belong in components/ or lib/.",
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment: 'components/ and lib/ of the web are shared by features, so they import none.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'server-feature-imports-no-feature',
      comment: 'Server features do not import each other: shared quote logic lives in core/.',
      severity: 'error',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: { path: '^apps/server/src/features/', pathNot: '^apps/server/src/features/$1/' },
    },
    {
      name: 'core-imports-no-feature',
      comment: 'core/ is shared by the features, so it imports none of them.',
      severity: 'error',
      from: { path: '^apps/server/src/core/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'lib-is-infrastructure',
      comment: 'lib/ is infrastructure: it imports no feature, no core and no integration.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(features|core|integrations)/' },
    },
    {
      name: 'integrations-import-no-feature',
      comment: 'An integration adapts an outside system; features call it, not the other way.',
      severity: 'error',
      from: { path: '^apps/server/src/integrations/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'sql-only-in-repositories',
      comment:
        'Only repositories (*.repository.ts), the database package, lib/db/ and test, bench and tool code (test harnesses included) import drizzle-orm.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: [
          '\\.repository\\.ts$',
          '\\.test\\.ts$',
          '\\.test-harness\\.ts$',
          '^apps/server/src/lib/db/',
          '^apps/server/src/(test|bench|reliability|security|cli)/',
        ],
      },
      to: { path: '(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'test-harness-only-in-tests',
      comment:
        'A *.test-harness.ts file is test support (it may write SQL): only tests and other harnesses import it.',
      severity: 'error',
      from: { pathNot: ['\\.test\\.tsx?$', '\\.test-harness\\.ts$'] },
      to: { path: '\\.test-harness\\.ts$' },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain imports no other layer (the ESLint rule also forbids I/O).',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: { path: '^(apps|packages/db)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps|packages)/[^/]+/(dist|migrations)/' },
    // Type-only imports make cycles and boundaries too: they are edges of the design.
    tsPreCompilationDeps: true,
    webpackConfig: {
      fileName: require('node:path').join(__dirname, 'scripts/deps/resolve-aliases.cjs'),
    },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
