import { defineConfig, devices } from '@playwright/test';
import { findBrowser, machineProbes } from '../../scripts/browser';

/**
 * End-to-end tests in the Chromium that `npm test` resolved (CHROME_PATH: Debian's chromium where it can)
 * against a local stage that global-setup.ts starts with the built SPA, or against BASE_URL when it names
 * a deployed stage.
 */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * What a failed test leaves. A trace records DOM snapshots around every action: measured on pages and edges, that
 * cost 15 % of the run's CPU and wall time, and CI keeps no files of a run. To trace a spec, add `--trace on`.
 */
export const failureArtifacts = { trace: 'off', screenshot: 'only-on-failure' } as const;

/** Run on its own (`npx playwright test`), Playwright takes a browser already on the machine; it installs none. */
const found = process.env.CHROME_PATH ? undefined : findBrowser(machineProbes());
export const chromiumExecutable = process.env.CHROME_PATH ?? (found && 'path' in found ? found.path : undefined);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: chromiumExecutable, args: chromiumFlags },
    ...failureArtifacts,
  },
});
