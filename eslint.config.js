// One lint for the whole workspace, run by `pnpm test` (turbo's lint task).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/test-results/**', '**/data/**', '.turbo/**', '**/.turbo/**'],
  },
  js.configs.recommended,
  // Type-aware: a promise handed where nothing awaits it (an async Express handler, an
  // onClick) is an unhandled rejection waiting to happen, and `any` leaks past the types.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Style, not safety: an async function without an await is harmless.
      '@typescript-eslint/require-await': 'off',
      // Passing on what was caught (or an abort signal's reason) as it is, is the point.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // Unused code is dead code; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
      // Configuration is read and validated in one place.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment only in a config module (apps/api/src/config.ts, src/cli/config.ts).',
        },
      ],
    },
  },
  {
    // Past four parameters a call is a row of values that only their order tells apart: the
    // rest go in one object, so each call names what it passes. Constructors count too (a
    // parameter property is a parameter). Tests and benchmarks are not held to it.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.test.ts', '**/test/**', '**/bench/**', '**/test-support/**'],
    rules: {
      'max-params': ['error', 4],
      // A module past 400 lines is doing more than one job: split it by job (generated code aside).
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    // The config modules, and test and tool set-up, which choose stores and ports.
    files: [
      '**/config.ts',
      '**/*.config.ts',
      '**/*.test.ts',
      '**/test/**',
      '**/bench/**',
      '**/examples/**',
      '**/test-support/**',
      'scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off', 'no-console': 'off' },
  },
  {
    // Tests read loosely typed JSON responses on purpose.
    files: ['**/*.test.ts', '**/test/**', '**/bench/**', '**/test-support/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // The dashboard's components: hooks called by the rules, effects with all their
    // dependencies. The plugin's React Compiler rules (refs, set-state-in-effect) are not on:
    // the pages do not use the compiler, and its data hooks keep the latest loader in a ref.
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Plain JavaScript (this file, scripts) has no types to check.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
