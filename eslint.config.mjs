// The lint rules `pnpm test` keeps green: typescript-eslint's recommended set, plus a few of our own.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', 'packages/client/src/generated/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    // A disable comment that no longer silences anything is itself an error.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names are deliberately unused (a parameter a signature requires).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      eqeqeq: ['error', 'always'],
      // A `let` a closure reads before its one assignment (two objects that refer to each other) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules: each file is typed by the nearest tsconfig that includes it (a test: the root one).
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its rejection; one left to run on purpose says so with `void`.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // CommonJS scripts and Node programs (bench, CI helpers, examples, configs).
    files: ['**/*.cjs', '**/*.js', '**/*.mjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: globals.node,
    },
    // `const WebSocket = require('ws')` names a module, not Node 22's global.
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module' },
  },
  {
    // A migration takes Kysely<any> and imports nothing of the app, so it keeps working as the schema moves on.
    files: ['packages/postgres/src/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read wire JSON and drive internals; \`any\` there is a test's shorthand, not an API.
    files: ['**/test/**', '**/testing/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
