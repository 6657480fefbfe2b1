import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable, failureArtifacts, withFakeMedia } from '../e2e/playwright.config';

/**
 * The video stand-in's own browser proof: the real video client in Chromium with a fake camera and microphone,
 * against the stand-in alone (no stage). `npx playwright test --config test/stream-video/playwright.config.ts`
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/stream-video',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Four Chromium contexts encoding and decoding video share two cores with everything else on this machine.
  timeout: 120_000,
  expect: { timeout: 45_000 },
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: withFakeMedia(chromiumExecutable),
    ...failureArtifacts,
  },
});
