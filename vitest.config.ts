import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and infra tests of every workspace; integration tests have their own config under test/. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on the two cores `npm test` must fit, while the
    // main process mostly waits. Two workers cut the unit step there by a quarter (each file still runs in its own process).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      // Pure functions and schemas, nothing to isolate: one module graph per worker saves re-importing zod each file.
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'functions',
          root: 'functions',
          include: ['src/**/*.test.ts'],
          env: { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1', SITE_URL: 'https://mentoring.example.org' },
        },
      },
      {
        // The stack tests share one module graph per worker: each file otherwise spends ~2 s importing aws-cdk-lib
        // and synthesises its own app, while none mocks a module, changes the environment or mutates what
        // sharedStage() keeps (synth.ts). The local stand-ins' tests keep module state, so they stay isolated.
        test: { name: 'infra', root: 'infra', include: ['test/**/*.test.ts'], testTimeout: 120_000, isolate: false },
      },
      { test: { name: 'infra-local', root: 'infra', include: ['local/**/*.test.ts'], testTimeout: 120_000 } },
      'frontend/vitest.config.ts',
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
    ],
  },
});
