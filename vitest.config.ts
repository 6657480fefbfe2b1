import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit and infra tests of every workspace; integration tests have their own config under test/. */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one worker on the two cores `npm test` must fit, while the
    // main process mostly waits. Two workers cut the unit step there by a quarter (each file still runs in its own process).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'shared', root: 'shared', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'functions',
          root: 'functions',
          include: ['src/**/*.test.ts'],
          env: { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_LOG_LEVEL: 'SILENT', AWS_REGION: 'eu-west-1', SITE_URL: 'https://mentoring.example.org' },
        },
      },
      { test: { name: 'infra', root: 'infra', include: ['test/**/*.test.ts', 'local/**/*.test.ts'], testTimeout: 120_000 } },
      'frontend/vitest.config.ts',
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
    ],
  },
});
