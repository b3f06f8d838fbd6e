// Lint guards the boundaries as well as the style: see docs/ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@pasteport/server', '@pasteport/web'],
              message: 'contract imports nothing from the apps',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/core/**', 'apps/server/src/storage/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/modules/**'], message: 'core/ and storage/ import no module' }],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository.js', '**/modules/*/*.repository.js'],
              message: "a module never imports another module's repository",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Shared UI and the framework-free layer (API client, transfer engine) sit below the
    // features: a feature may use them, never the other way round.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features', '**/features/**', '@/features', '@/features/**'],
              message: 'components/ and lib/ may not import features/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', '**/test/**', '**/e2e/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
);
