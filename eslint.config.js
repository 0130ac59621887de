// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Paths a layer may not import, so the architecture stays visible in the tree. */
const forbidden = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map(([group, message]) => ({ group, message })) },
  ],
});
const notWeb = [['@bastion/web*'], 'The server does not import the web app.'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      '.test-results/**',
      'packages/db/migrations/**',
      // Broken on purpose: npm run deps:check shows each import rule firing on them.
      'scripts/deps/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // Fastify hooks and handlers are async by contract even when they only throw.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'smart'],
      'no-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    // Tests read JSON answers whose shape is what they assert.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS configuration (dependency-cruiser's) loads modules with require.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: forbidden([
      [
        '@bastion/db*',
        '@bastion/server*',
        '@bastion/web*',
        'node:*',
        'react*',
        'fastify*',
        'drizzle-orm*',
      ],
      'packages/domain is pure: no I/O, no framework, no other layer.',
    ]),
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: forbidden([
      ['@bastion/server*', '@bastion/web*'],
      'packages/db knows nothing of the apps.',
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: forbidden(notWeb),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbidden([
        ['@bastion/db*', '@bastion/server*', 'node:*'],
        'The web app talks to the server over HTTP only.',
      ]),
    },
  },
  {
    // One contract (issue 36): the web's API types are inferred from the schemas the server
    // validates with (packages/domain, `z.infer` / `z.input` / AnswerData), so a changed answer is
    // a compile error where it is used. No object type is written by hand in an api/ folder. A
    // hook's own arguments that are no API shape may be named `…Args` (say `UseListArgs`).
    files: ['apps/web/src/features/*/api/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'TSInterfaceDeclaration[id.name!=/Args$/]',
          'TSTypeAliasDeclaration[id.name!=/Args$/] > TSTypeLiteral',
        ].map((selector) => ({
          selector,
          message:
            'API answer and request types come from the domain contract: z.infer<typeof ZSchema> (or AnswerData) from @bastion/domain, imported with `import type`.',
        })),
      ],
    },
  },
  {
    // Features never reach into each other's internals: share through lib/ or components/.
    files: ['apps/server/src/features/**/*.ts'],
    rules: forbidden(notWeb, [
      ['../*/**', '!../../**'],
      'Features do not import each other; move shared code to src/lib.',
    ]),
  },
);
