import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'integration',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // The files share one stage and some count a table's items: run them one at a time.
    fileParallelism: false,
    // One module graph for them all (each file still gets our own modules afresh): imports 16 → 4 s.
    isolate: false,
    setupFiles: ['../support/each-file-afresh.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
