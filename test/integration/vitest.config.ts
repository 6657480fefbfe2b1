import { defineConfig } from 'vitest/config';

/**
 * These files start local stages of their own (restarts, killed and frozen stand-ins) and read nothing of the shared
 * one: they run one at a time beside the files that share the stage, which leave a core mostly idle while they wait
 * on it.
 */
const ownStages = ['limits.test.ts', 'local-stage.test.ts', 'message-notifications.test.ts', 'schedules.test.ts', 'stage-faults.test.ts'];

/**
 * These files are about the local stage itself, and need what only it has: its stand-ins' own endpoints (the SES
 * stand-in's inbox, s3rver, cognito-local's admin API, the local bus's log and dead letters, the recorder of what the
 * server asked Stream), a scheduler clock a test moves, or a stage of their own. Each says why in its header. They run
 * against the local stage as itself; every other file of the shared stage also runs as deployed, with nothing skipped
 * (`npm run test:stage -- --as-deployed`, which runs only the `integration` project).
 */
const localOnly = [
  'auth-cognito-local.test.ts',
  'call-record-recording-guard.test.ts',
  'coordinator-dashboard.test.ts',
  'group-sessions-calendar.test.ts',
  'mail.test.ts',
  'media-store.test.ts',
  'request-expiry-clock.test.ts',
  'security-local-parity.test.ts',
  'stream-archive.test.ts',
];

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
          exclude: [...ownStages, ...localOnly],
          globalSetup: ['./global-setup.ts'],
        },
      },
      { test: { ...shared, name: 'integration-local', include: localOnly, globalSetup: ['./global-setup.ts'] } },
      { test: { ...shared, name: 'integration-own-stages', include: ownStages, globalSetup: ['./own-stages-setup.ts'] } },
    ],
  },
});
