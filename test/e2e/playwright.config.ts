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

/** Run on its own (`npx playwright test`), Playwright takes a browser already on the machine; it installs none. */
const found = process.env.CHROME_PATH ? undefined : findBrowser(machineProbes());
export const chromiumExecutable = process.env.CHROME_PATH ?? (found && 'path' in found ? found.path : undefined);

/** The specs that hold whole calls with fake cameras and microphones. */
const WHOLE_CALLS = ['calls.spec.ts', 'call-record.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two spec files at a time against the one stage: a test mostly waits on its browser and the stage, and every spec
  // makes its own members, so none sees another's data. Tests within a file still run in order.
  workers: 2,
  projects: [
    { name: 'pages', testIgnore: WHOLE_CALLS },
    // Whole calls (two browsers encoding and decoding video through the stand-in's SFU) run after the rest, one at a
    // time: beside another test on a loaded two-core machine a remote track was still muted after 30 s.
    { name: 'calls', testMatch: WHOLE_CALLS, dependencies: ['pages'], workers: 1 },
  ],
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: chromiumExecutable, args: chromiumFlags },
    trace: 'retain-on-failure',
  },
});
