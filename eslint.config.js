import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { tablesPlugin } from './eslint/table-writers.js';

// The folder rules (features stand alone, no cycles, no test helpers in production) are dependency-cruiser's:
// .dependency-cruiser.cjs, run by `npm run lint` after ESLint.

/** The light, zod-free subpaths of @mentoring/shared the browser may load; routes only as types. */
/** The SPA names its modules from the top (`@/lib/query`, `@testing/mentoring/render`), not by climbing folders. */
const spaClimbing = { regex: '^(\\.\\./){2,}', message: 'Import from @/… (frontend/src) or @testing/… (frontend/testing) instead of climbing two or more folders.' };

const spaSharedImports = {
  paths: [
    { name: '@mentoring/shared', allowTypeImports: true, message: 'The SPA imports a light subpath of @mentoring/shared (see shared/package.json "exports"), never the index (types excepted).' },
    { name: '@mentoring/shared/routes', allowTypeImports: true, message: 'The SPA imports the route table as types only: its zod schemas stay on the server.' },
    { name: 'zod', allowTypeImports: true, message: 'Validation is the server\'s: the SPA does not ship zod.' },
  ],
  patterns: [{ group: ['@mentoring/shared/src/*', '**/shared/src/*'], message: 'Import @mentoring/shared through its package exports.' }, spaClimbing],
};

/**
 * The SPA's API modules: a feature's `api.ts`, and in lib the client, its query helper and the `*-api.ts` files
 * (reads more than one feature makes, the chat token). Only they call the API; pages and components use them.
 */
const SPA_API_MODULES = [
  'frontend/src/features/*/api.ts',
  'frontend/src/lib/api-client.ts',
  'frontend/src/lib/query.tsx',
  'frontend/src/lib/**/*-api.ts',
];

/** The raw client (`api`) and a query made from a route key (`apiQuery`) stay inside the API modules. */
const apiClientImports = [
  {
    regex: '(^|/)lib/api-client$',
    importNames: ['api'],
    message: "Call the API through your feature's api.ts (or lib/shared-api.ts for reads several features make), not the raw client.",
  },
  {
    regex: '(^|/)lib/query$',
    importNames: ['apiQuery'],
    message: "Make the query in your feature's api.ts (or lib/shared-api.ts for reads several features make) and use it from there.",
  },
];

/** What a feature's api.ts leaves to its hooks.ts. */
const featureApiHooks = [
  { name: 'react', message: "A feature's api.ts holds query options and API calls; React hooks go in its hooks.ts." },
  {
    name: '@tanstack/react-query',
    importNames: ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useMutation', 'useQueryClient'],
    message: "A feature's api.ts holds query options and API calls; React hooks go in its hooks.ts.",
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/dist-ssr', '**/cdk.out', 'coverage', '.local', 'test/bench/results', 'test-results', 'playwright-report', '**/generated'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}', 'frontend/testing/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/entry-server.tsx', ...SPA_API_MODULES],
    rules: { 'no-restricted-imports': ['error', { ...spaSharedImports, patterns: [...spaSharedImports.patterns, ...apiClientImports] }] },
  },
  {
    files: SPA_API_MODULES,
    rules: { 'no-restricted-imports': ['error', spaSharedImports] },
  },
  {
    // One shape for a feature's api.ts: query options (`…Query`) and plain functions that call the API; the React
    // hooks built on them live beside it in hooks.ts.
    files: ['frontend/src/features/*/api.ts'],
    rules: { 'no-restricted-imports': ['error', { ...spaSharedImports, paths: [...spaSharedImports.paths, ...featureApiHooks] }] },
  },
  {
    files: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/testing/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [spaClimbing] }] },
  },
  {
    // A function's tests reach their kit as `#testing/…` (functions/package.json "imports"); modules stay near.
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./){3,}', message: 'Import the test kit as #testing/…; a module three or more folders up belongs nearer, or behind its feature\'s index.' }] }],
    },
  },
  {
    // One writer per table: eslint/table-writers.js names each table's module.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/**/*.test.ts'],
    plugins: { tables: tablesPlugin },
    rules: { 'tables/one-writer': 'error' },
  },
  {
    files: ['test/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './fixtures': it closes the browser contexts a test opens." }] },
      ],
    },
  },
);
