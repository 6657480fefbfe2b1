import js from '@eslint/js';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

const FEATURES = 'frontend/src/features';
const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The SPA's layout, as import rules: a feature stands alone (it imports neither another feature nor the
 * app that composes them), and the shared folders (components, config, lib, pages) import no feature and no app.
 */
const boundaryZones = [
  ...features.map((feature) => ({
    target: `./${FEATURES}/${feature}`,
    from: `./${FEATURES}`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in frontend/src/app, or move what both need to a shared folder.',
  })),
  { target: `./${FEATURES}`, from: './frontend/src/app', message: 'A feature does not import the app that composes it.' },
  ...['components', 'config', 'lib', 'pages'].map((folder) => ({
    target: `./frontend/src/${folder}`,
    from: [`./${FEATURES}`, './frontend/src/app'],
    message: 'Shared folders import no feature and no app.',
  })),
];

/** Test helpers live beside the code they serve (frontend/testing, functions/testing, test/), not in it. */
const testHelperZones = ['frontend/src', 'functions/src', 'shared/src', 'infra/lib', 'infra/local'].map((folder) => ({
  target: `./${folder}`,
  from: ['./frontend/testing', './functions/testing', './test'],
  message: 'Production code does not import test helpers.',
}));

/** The light, zod-free subpaths of @mentoring/shared the browser may load; routes only as types. */
const spaSharedImports = {
  paths: [
    { name: '@mentoring/shared', allowTypeImports: true, message: 'The SPA imports a light subpath of @mentoring/shared (see shared/package.json "exports"), never the index (types excepted).' },
    { name: '@mentoring/shared/routes', allowTypeImports: true, message: 'The SPA imports the route table as types only: its zod schemas stay on the server.' },
    { name: 'zod', allowTypeImports: true, message: 'Validation is the server\'s: the SPA does not ship zod.' },
  ],
  patterns: [{ group: ['@mentoring/shared/src/*', '**/shared/src/*'], message: 'Import @mentoring/shared through its package exports.' }],
};

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/dist-ssr', '**/cdk.out', 'coverage', '.local', 'test/bench/results', 'test-results', 'playwright-report'] },
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
    files: ['frontend/src/**/*.{ts,tsx}', 'functions/src/**/*.ts', 'shared/src/**/*.ts', 'infra/{lib,local}/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', '*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...testHelperZones] }],
    },
  },
  {
    files: ['{frontend,functions,shared}/src/**/*.test.{ts,tsx}', 'infra/{lib,local}/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
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
    ignores: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/entry-server.tsx'],
    rules: { 'no-restricted-imports': ['error', spaSharedImports] },
  },
);
