// `npm test`: every check in order (lint, typecheck, unit and infra tests, integration tests against a
// local stage of their own, the CDK CLI's own synth, end-to-end tests in Chromium), then one plain summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBrowserOrExit } from './browser';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads test counts from the runner's JSON report; steps without one count as one check. */
  report?: (file: string) => Counts;
  when?: () => boolean;
}

const scratch = mkdtempSync(join(tmpdir(), 'npm-test-'));

const vitestCounts = (file: string): Counts => {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
};

const playwrightCounts = (file: string): Counts => {
  const { stats } = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
};

const vitest = (name: string, args: string[]): Step => ({
  name,
  command: ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${join(scratch, `${name}.json`)}`],
  report: vitestCounts,
});

const hasE2e = () => existsSync('test/e2e') && readdirSync('test/e2e').some((file) => file.endsWith('.spec.ts'));

// Before any test: a missing browser stops the run in seconds with what to install, not after every other step.
if (hasE2e()) ensureBrowserOrExit();

const steps: Step[] = [
  // ESLint, the folder rules (dependency-cruiser), then copy detection (jscpd, .jscpd.json's threshold): `npm run lint`.
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'typecheck', command: ['npx', 'tsx', 'scripts/typecheck.ts'] },
  vitest('unit', []),
  vitest('integration', ['--config', 'test/integration/vitest.config.ts']),
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    // The CDK CLI that README and workflows run as `npx cdk`, on the built SPA: one missing from the root (npx
    // would fetch another) or broken fails here. Offline: no credentials, and none of the CLI's calls home. It
    // synthesises every stack but bundles only the data stack's (none): infra/test/bundling.test.ts has bundled
    // every function already, and bundling them twice was a minute of each run.
    name: 'cdk synth',
    command: ['npx', '--no-install', 'cdk', 'synth', '-c', 'stage=dev', '--exclusively', 'Mentoring-dev-Data', '--quiet', '--no-notices', '--output', join(scratch, 'cdk.out')],
    env: { AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
  },
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '--config', 'test/e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(scratch, 'e2e.json') },
    report: playwrightCounts,
    when: hasE2e,
  },
  {
    // The Stream video stand-in on its own, in Chromium with fake devices: calls through its SFU.
    name: 'e2e-stream-video',
    command: ['npx', 'playwright', 'test', '--config', 'test/stream-video/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(scratch, 'e2e-stream-video.json') },
    report: playwrightCounts,
  },
];

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
const started = Date.now();
for (const step of steps) {
  if (step.when && !step.when()) continue;
  console.log(`\n▶ ${step.name}: ${step.command.join(' ')}\n`);
  const stepStarted = Date.now();
  const [command, ...args] = step.command;
  const result = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = result.status === 0;
  const reportFile = join(scratch, `${step.name}.json`);
  let counts: Counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  if (step.report && existsSync(reportFile)) {
    counts = step.report(reportFile);
    // A runner that failed without a failing test (a crash, a coverage or config error) still fails the step.
    if (!ok && counts.failed === 0) counts.failed = 1;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(
    `${ok ? '✔' : '✘'} ${step.name.padEnd(12)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`,
  );
}

console.log(`\n${lines.join('\n')}\n\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`Summary: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
