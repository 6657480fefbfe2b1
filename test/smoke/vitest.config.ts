import { defineConfig } from 'vitest/config';

/** The read-only checks safe against prod (smoke.test.ts), after every deploy and against the local stage. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
