// One lint for the whole workspace, run by `pnpm test` (turbo's lint task).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/test-results/**', '**/data/**', '.turbo/**', '**/.turbo/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused code is dead code; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'error',
      // STYLE.md: configuration is read and validated in one place.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment only in a config module (apps/api/src/config.ts, src/cli/config.ts).' },
      ],
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
    files: ['**/*.test.ts', '**/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
