import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import serverFloors from './apps/server/lint/floors.js';
import features from './lint/features.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/uploads/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Code flows one way in the web app and the console: shared -> features -> app; a feature never imports another
    // feature.
    files: ['apps/web/src/shared/**/*.{ts,tsx}', 'apps/admin/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }],
    },
  },
  {
    // ...and a feature imports shared/ and its own folder only, its tests too: what two features need moves to
    // shared/ (the rule is lint/features.js; its test is apps/admin/src/test/feature-imports.test.ts).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/admin/src/features/**/*.{ts,tsx}'],
    plugins: { features },
    rules: { 'features/no-cross-import': 'error' },
  },
  {
    // The web app reads contract values only from its zod-free modules ('@h5/contract/routes', '/messages',
    // '/codes', '/validation', '/money', '/biz-code'): the root and the schema modules pull zod into the download.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@h5/contract',
              allowTypeImports: true,
              message: 'Import values from a zod-free module, e.g. @h5/contract/routes.',
            },
            ...['common', 'endpoints', 'bodies', 'entities'].map((module) => ({
              name: `@h5/contract/${module}`,
              allowTypeImports: true,
              message: 'This contract module builds zod schemas; import values from a zod-free module.',
            })),
          ],
        },
      ],
    },
  },
  {
    // The web and console tests and the journeys share their worker's module cache (isolate: false in their vitest configs), so a
    // module mock would not reach a module another file already imported: stand in at the boundary instead
    // (fetch, a browser API) with vi.spyOn or vi.stubGlobal.
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/admin/src/**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'mock', message: 'Module mocks do not work across shared test files here.' },
        { object: 'vi', property: 'doMock', message: 'Module mocks do not work across shared test files here.' },
      ],
    },
  },
  {
    // The server's imports run one way: downward between floors (lib, config, tables, db, http, providers, ledger,
    // modules, the sandbox aggregator, the entry points) and never in a circle of files or of folders
    // (apps/server/src/README.md; the rule's own test is apps/server/test/import-floors.test.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*-test-kit.ts'],
    plugins: { server: serverFloors },
    rules: { 'server/floors': 'error' },
  },
  {
    // Only the config module reads the environment (apps/server/src/config.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through src/config.ts' },
      ],
    },
  },
);
