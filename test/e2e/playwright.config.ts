import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findBrowser, findHeadlessShell, machineProbes } from '../../scripts/browser';
import { e2eOutputDir } from './global-setup';

/**
 * End-to-end tests in the Chromium that `npm test` resolved (CHROME_PATH: Debian's chromium where it can, and
 * CHROME_HEADLESS_SHELL_PATH: its headless shell where the machine has one) against a local stage that
 * global-setup.ts starts with the built SPA, or against BASE_URL when it names a deployed stage.
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

/** Launch options for `executablePath` with a fake camera, screen and microphone, every permission prompt answered yes. */
export const withFakeMedia = (executablePath: string | undefined, ...moreFlags: string[]) => ({
  executablePath,
  args: [...chromiumFlags, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', ...moreFlags],
});

/**
 * What a failed test leaves. A trace records DOM snapshots around every action: measured on pages and edges, that
 * cost 15 % of the run's CPU and wall time, and CI keeps no files of a run. To trace a spec, add `--trace on`.
 */
export const failureArtifacts = { trace: 'off', screenshot: 'only-on-failure' } as const;

/** Run on its own (`npx playwright test`), Playwright takes a browser already on the machine; it installs none. */
const found = process.env.CHROME_PATH ? undefined : findBrowser(machineProbes());
export const chromiumExecutable = process.env.CHROME_PATH ?? (found && 'path' in found ? found.path : undefined);

/**
 * Where most tests run: the headless shell, where there is one (see findHeadlessShell), else that browser. Calls
 * between browsers stay in the browser itself: in the headless shell a remote video's first frame came 10–45 s
 * late in about a third of the calls measured (one timed out), and never so in the browser.
 */
export const headlessShellExecutable = process.env.CHROME_HEADLESS_SHELL_PATH ?? findHeadlessShell(machineProbes()) ?? chromiumExecutable;

/**
 * The specs that run against the SPA as `npm start` serves it (Vite's dev server, E2E_WEB=vite), where defects showed
 * that the built SPA hid; the rest run against the built SPA, as a deployed stage serves it.
 */
export const devServerSpecs = ['after-call.spec.ts'];
const onDevServer = process.env.E2E_WEB === 'vite';

/**
 * The specs that hold calls between browsers: those that launch the browser itself with a fake camera and microphone
 * (`withFakeMedia(chromiumExecutable…)`). Two Chromiums encoding and decoding video, and a recorded call's ffmpeg and
 * pocketsphinx, fill both cores for minutes: a call beside another call is where whole runs failed (a page answering
 * after 5 s, a transcript not ready in 90 s), so calls run one at a time, beside the other specs.
 */
const specs = readdirSync(import.meta.dirname).filter((file) => file.endsWith('.spec.ts') && devServerSpecs.includes(file) === onDevServer);
const holdsCalls = (file: string) => /withFakeMedia\(chromiumExecutable\b/.test(readFileSync(join(import.meta.dirname, file), 'utf8'));
const callSpecs = specs.filter(holdsCalls);
const pageSpecs = specs.filter((file) => !holdsCalls(file));

export default defineConfig({
  testDir: '.',
  outputDir: e2eOutputDir,
  globalSetup: './global-setup.ts',
  // Three workers, each taking whole files, of which one at most holds calls (the calls project's one worker). Two
  // workers, where two calls could meet, kept under half of two cores busy (a fresh-clone run: 341 s, 46 %) while
  // the specs mostly wait on the stage, its webhooks and the calls' media. Every test makes the members and records it
  // looks for, under names of its own, and counts no list that another test writes to.
  fullyParallel: false,
  workers: 3,
  projects: [
    ...(callSpecs.length ? [{ name: 'calls', testMatch: callSpecs, workers: 1 }] : []),
    ...(pageSpecs.length ? [{ name: 'pages', testMatch: pageSpecs }] : []),
  ],
  retries: 0,
  timeout: 30_000,
  // How long a step may wait for the page to show what it expects. Speed is the benches' to measure, not the suite's:
  // on two cores that three workers, the stage and the calls' Chromiums share, a page that answers in 1 s alone took
  // over 5 s at a load of 13 (a sign-in check, an accept). A page in the wrong state still fails, 10 s later.
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: { executablePath: headlessShellExecutable, args: chromiumFlags },
    ...failureArtifacts,
  },
});
