import { defineConfig } from 'vitest/config';

/**
 * These files start local stages of their own (restarts, killed and frozen stand-ins) and read nothing of the shared
 * one: they run one at a time beside the files that share the stage, which leave a core mostly idle while they wait
 * on it.
 */
const ownStages = ['limits.test.ts', 'local-stage.test.ts', 'message-notifications.test.ts', 'schedules.test.ts', 'stage-faults.test.ts'];

const shared = {
  root: import.meta.dirname,
  // One module graph per project (each file still gets our own modules afresh): imports 16 → 4 s.
  isolate: false,
  setupFiles: ['../support/each-file-afresh.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // The shared stage's files count a table's items, and the others start stages: one file at a time in each project.
  fileParallelism: false,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['**/*.test.ts'],
          exclude: ownStages,
          globalSetup: ['./global-setup.ts'],
        },
      },
      { test: { ...shared, name: 'integration-own-stages', include: ownStages, globalSetup: ['./own-stages-setup.ts'] } },
    ],
  },
});
