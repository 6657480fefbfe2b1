import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The test files under a workspace's `src`, split by whether they replace a module (vi.mock, vi.doMock): a replaced
 * module would stand in for the real one in every file that shares the module graph, so those files each get their own.
 */
const testFilesByMocking = (workspace: string) => {
  const src = join(import.meta.dirname, workspace, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => ({ path: `src/${file.split('\\').join('/')}`, mocks: /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(src, file), 'utf8')) }));
  return { mocking: files.filter((file) => file.mocks).map((file) => file.path), plain: files.filter((file) => !file.mocks).map((file) => file.path) };
};

const frontendTests = testFilesByMocking('frontend');
const functionsTests = testFilesByMocking('functions');
const functionsEnv = { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1', SITE_URL: 'https://mentoring.example.org' };

/** Unit and infra tests of every workspace; integration tests have their own config under test/. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on the two cores `npm test` must fit, while the
    // main process mostly waits. Two workers cut the unit step there by a quarter (each file still runs in its own process).
    maxWorkers: Math.max(2, availableParallelism()),
    // What a test printed is shown when it fails: the SDKs' own logging of passing tests (Stream's clients dump whole
    // request configurations) made 20,000 of the unit step's lines and buried a failure's.
    silent: 'passed-only',
    projects: [
      // Pure functions and schemas, nothing to isolate: one module graph per worker saves re-importing zod each file.
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'functions',
          root: 'functions',
          include: ['src/**/*.test.ts'],
          exclude: functionsTests.mocking,
          isolate: false,
          setupFiles: ['../test/support/each-file-afresh.ts'],
          env: functionsEnv,
        },
      },
      {
        test: {
          name: 'functions-mocking',
          root: 'functions',
          include: functionsTests.mocking,
          env: functionsEnv,
        },
      },
      {
        // The stack tests share one module graph per worker: each file otherwise spends ~2 s importing aws-cdk-lib
        // and synthesises its own app, while none mocks a module, changes the environment or mutates what
        // sharedStage() keeps (synth.ts). The local stand-ins' tests keep module state, so they stay isolated.
        test: { name: 'infra', root: 'infra', include: ['test/**/*.test.ts'], globalSetup: ['./test/global-setup.ts'], testTimeout: 120_000, isolate: false },
      },
      { test: { name: 'infra-local', root: 'infra', include: ['local/**/*.test.ts'], testTimeout: 120_000 } },
      // jsdom costs ~2 s a file to set up: the SPA's files share one environment and module graph per worker
      // (vitest.setup.ts clears what a file leaves in the window), except those that replace a module.
      // (Extending a project adds to its include and exclude lists: each half excludes the other.)
      { extends: 'frontend/vitest.config.ts', test: { name: 'frontend', isolate: false, exclude: frontendTests.mocking } },
      { extends: 'frontend/vitest.config.ts', test: { name: 'frontend-mocking', exclude: frontendTests.plain } },
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
    ],
  },
});
