// `npm test`: every check (lint, typecheck, unit and infra tests, integration tests against a local stage of their
// own, the CDK CLI's own synth, end-to-end tests in Chromium), some side by side (`phases`), then one plain summary line.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureBrowserOrExit } from './browser';
import { ensureMediaTools } from './media-tools';
import { notImitatedVerdict } from './not-imitated';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** The failed tests' names with the first line of their error, for the summary at the end. */
  failures?: string[];
}

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Reads test counts from the runner's JSON report; steps without one count as one check. */
  report?: (file: string) => Counts;
  when?: () => boolean;
  /** A log of what the step ran against (its stage's output): when the step fails, its last lines join the summary. */
  stageLog?: string;
}

const scratch = mkdtempSync(join(tmpdir(), 'npm-test-'));

// CI keeps only the tail of a run's output: the summary names what failed, not just how many.
const firstLine = (message = '') => stripVTControlCharacters(message).trim().split('\n')[0]?.slice(0, 240) ?? '';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

const vitestCounts = (file: string): Counts => {
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  const failures = report.testResults.flatMap(({ name, message, assertionResults }) => {
    const where = relative(process.cwd(), name);
    const failed = assertionResults.filter(({ status }) => status === 'failed').map(({ fullName, failureMessages }) => `${where} › ${fullName}: ${firstLine(failureMessages[0])}`);
    // A file that failed outside any test (an import or a hook) has no failed assertion, only a message.
    return failed.length === 0 && message ? [`${where}: ${firstLine(message)}`] : failed;
  });
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, failures };
};

interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

const playwrightFailures = (suite: PlaywrightSuite): string[] => [
  ...(suite.specs ?? []).flatMap(({ title, file, line, tests }) =>
    tests
      .filter(({ status }) => status === 'unexpected' || status === 'flaky')
      .map(({ status, results }) => `${file}:${line} › ${title}${status === 'flaky' ? ' (flaky)' : ''}: ${firstLine(results.find(({ error }) => error)?.error?.message)}`),
  ),
  ...(suite.suites ?? []).flatMap(playwrightFailures),
];

const playwrightCounts = (file: string): Counts => {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: PlaywrightSuite[] };
  const { stats } = report;
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped, failures: report.suites.flatMap(playwrightFailures) };
};

const vitest = (name: string, args: string[]): Step => ({
  name,
  command: ['npx', 'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${join(scratch, `${name}.json`)}`],
  report: vitestCounts,
});

const hasE2e = () => existsSync('test/e2e') && readdirSync('test/e2e').some((file) => file.endsWith('.spec.ts'));

// Before any test: a missing browser stops the run in seconds with what to install, not after every other step.
if (hasE2e()) ensureBrowserOrExit();
ensureMediaTools();

// ESLint, the folder rules (dependency-cruiser), then copy detection (jscpd, .jscpd.json's threshold): `npm run lint`.
const lint: Step = { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] };
const typecheck: Step = { name: 'typecheck', command: ['npx', 'tsx', 'scripts/typecheck.ts'] };
const unit = vitest('unit', []);
// Two lanes: the files that share one stage, and beside them those that start stages of their own (their config's projects).
// The shared stage's files run once, as deployed (`npm run test:stage -- --as-deployed`: the local stage reached only
// through what a deployed dev or staging stage offers, every local-only handle withheld), the stricter of the two
// modes: a file that came to need a local-only handle, or that skips there, fails or shows here. Run locally as well
// they would give the same count again (docs/operating.md). What is about the local stage itself (its stand-ins'
// own endpoints, a clock a test moves, a stage of its own: the `integration-local` project, each file saying why)
// follows in the same lane, against the local stage as itself.
const integrationAsDeployed: Step = {
  name: 'integration-as-deployed',
  command: ['npx', 'tsx', 'scripts/test-stage.ts', '--as-deployed', '--reporter=default', '--reporter=json', `--outputFile.json=${join(scratch, 'integration-as-deployed.json')}`],
  report: vitestCounts,
};
const integrationLocal = vitest('integration-local', ['--config', 'test/integration/vitest.config.ts', '--project', 'integration-local']);
const integrationOwnStages = vitest('integration-own-stages', ['--config', 'test/integration/vitest.config.ts', '--project', 'integration-own-stages']);
const build: Step = { name: 'build', command: ['npm', 'run', 'build'] };
// The read-only suite every deploy runs (prod's only one), here against a local stage serving the SPA just built.
const smoke = vitest('smoke', ['--config', 'test/smoke/vitest.config.ts']);
const cdkSynth: Step = {
  // The CDK CLI that README and workflows run as `npx cdk`, on the built SPA: one missing from the root (npx
  // would fetch another) or broken fails here. Offline: no credentials, and none of the CLI's calls home. It
  // synthesises every stack but bundles only the data stack's (none): infra/test/bundling.test.ts has bundled
  // every function already (with CDK's own esbuild options, and through CDK itself for a sample of them).
  name: 'cdk synth',
  command: ['npx', '--no-install', 'cdk', 'synth', '-c', 'stage=dev', '--exclusively', 'Mentoring-dev-Data', '--quiet', '--no-notices', '--output', join(scratch, 'cdk.out')],
  env: { AWS_EC2_METADATA_DISABLED: 'true', CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' },
};
/** Where the e2e stages' Stream stand-in writes each request it does not imitate (its STREAM_NOT_IMITATED_LOG). */
const notImitatedLog = join(scratch, 'stream-not-imitated.jsonl');
const e2e: Step = {
  name: 'e2e',
  command: ['npx', 'playwright', 'test', '--config', 'test/e2e/playwright.config.ts', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(scratch, 'e2e.json'), STREAM_NOT_IMITATED_LOG: notImitatedLog },
  report: playwrightCounts,
  when: hasE2e,
  stageLog: 'test-results/e2e/e2e-stage.log',
};
const e2eDevServer: Step = {
  // The specs of what members meet around a call, against the SPA as `npm start` serves it (playwright.config.ts).
  name: 'e2e-dev-server',
  command: ['npx', 'playwright', 'test', '--config', 'test/e2e/playwright.config.ts', '--reporter=list,json'],
  env: { E2E_WEB: 'vite', PLAYWRIGHT_JSON_OUTPUT_NAME: join(scratch, 'e2e-dev-server.json'), STREAM_NOT_IMITATED_LOG: notImitatedLog },
  report: playwrightCounts,
  when: hasE2e,
  stageLog: 'test-results/e2e-dev-server/e2e-stage.log',
};
const streamVideo: Step = {
  // The Stream video stand-in on its own, in Chromium with fake devices: calls through its SFU.
  name: 'e2e-stream-video',
  command: ['npx', 'playwright', 'test', '--config', 'test/stream-video/playwright.config.ts', '--reporter=list,json'],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(scratch, 'e2e-stream-video.json') },
  report: playwrightCounts,
};

/*
 * Phases run one after another; within a phase, lanes run side by side, each lane's steps in order. On two cores
 * the unit tests keep both busy, so they run alone. The integration tests run in two lanes of their own: the files
 * that share a stage mostly wait on it, which left a core idle while the files with stages of their own waited their
 * turn (155 → 114 s here). The shared stage's files run once, as deployed, and the few about the local stage itself
 * after them in the same lane (see integrationAsDeployed): they used to run locally and then in part again as
 * deployed. Nothing
 * else runs beside them: beside the build, the lint and the calls, the integration stages' DynamoDB Local took over
 * 30 s to start (four files failed in a fresh-clone run), and a call's join timed out. The build and the lint only
 * compete for CPU. The type check and the CDK synth (CPU, no waiting) go beside the video stand-in's calls and the
 * dev-server specs, which kept 37 % of two cores busy; the e2e suite, whose three workers hold pages beside one call
 * at a time, then has the machine to itself: beside the type check and the synth its two workers took 341 s in a
 * fresh-clone run, and runs failed there when a recorded call met another call. The e2e tests, the synth and the smoke
 * suite (a stage of its own serving that SPA, after the build in its lane, beside the lint, which takes longer than the
 * build alone) take the SPA that `build` makes, so it comes before them. The first lane of a phase prints as it goes;
 * the others print each step's output when that step ends.
 */
const phases: Step[][][] = [[[unit]], [[integrationAsDeployed, integrationLocal], [integrationOwnStages]], [[build, smoke], [lint]], [[streamVideo, e2eDevServer], [typecheck, cdkSynth]], [[e2e]]];

interface Outcome {
  line: string;
  counts: Counts;
  /** The last errors in the step's stage log, when it failed. */
  stageTail?: string[];
}

/** The last errors a failed step's stage printed (a function's, the Stream stand-in's failures), clipped. */
const tailOf = (file: string, count = 25) =>
  existsSync(file)
    ? stripVTControlCharacters(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => /error|fail|timed? ?out|exception|not imitated/i.test(line))
        .slice(-count)
        .map((line) => `      ${line.slice(0, 300)}`)
    : [];

const exitCode = (child: ReturnType<typeof spawn>) =>
  new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });

const run = async (step: Step, printsLive: boolean): Promise<Outcome> => {
  const header = `\n▶ ${step.name}: ${step.command.join(' ')}\n`;
  if (printsLive) console.log(header);
  const stepStarted = Date.now();
  const [command, ...args] = step.command;
  const logFile = join(scratch, `${step.name}.log`);
  const log = printsLive ? undefined : openSync(logFile, 'w');
  const child = spawn(command!, args, { stdio: log === undefined ? 'inherit' : ['ignore', log, log], env: { ...process.env, ...step.env } });
  const ok = (await exitCode(child)) === 0;
  if (log !== undefined) {
    closeSync(log);
    console.log(`${header}${readFileSync(logFile, 'utf8')}`);
  }
  const reportFile = join(scratch, `${step.name}.json`);
  let counts: Counts = { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
  if (step.report && existsSync(reportFile)) {
    counts = step.report(reportFile);
    // A runner that failed without a failing test (a crash, a coverage or config error) still fails the step.
    if (!ok && counts.failed === 0) counts.failed = 1;
  }
  const line = `${ok ? '✔' : '✘'} ${step.name.padEnd(16)} ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`;
  const tail = !ok && step.stageLog ? tailOf(step.stageLog) : [];
  const stageTail = tail.length ? [`    the last errors its stage printed (${step.stageLog}):`, ...tail] : undefined;
  return { line, counts, stageTail };
};

const runLane = async (lane: Step[], printsLive: boolean) => {
  const outcomes: Outcome[] = [];
  for (const step of lane) if (!step.when || step.when()) outcomes.push(await run(step, printsLive));
  return outcomes;
};

/**
 * CPU seconds that this process's finished children (and theirs, as each waited for its own) have used: on Linux, the
 * cutime and cstime fields of /proc/self/stat, in clock ticks (USER_HZ, 100 on Linux). Elsewhere, nothing to show.
 */
const childCpuSeconds = (): number | undefined => {
  if (!existsSync('/proc/self/stat')) return undefined;
  // The fields after the command name, which sits in parentheses and may hold spaces: cutime and cstime are 16th and 17th.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
};

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
/** Each phase's wall and CPU time: where the cores sat idle is where another lane fits (the budget is 15 minutes). */
const phaseLines: string[] = [];
const started = Date.now();
for (const phase of phases) {
  const phaseStarted = Date.now();
  const cpuBefore = childCpuSeconds();
  const lanes = await Promise.all(phase.map((lane, index) => runLane(lane, index === 0)));
  const wall = (Date.now() - phaseStarted) / 1000;
  const cpu = cpuBefore === undefined ? undefined : childCpuSeconds()! - cpuBefore;
  const names = phase.map((lane) => lane.map((step) => step.name).join(' → ')).join(' ‖ ');
  phaseLines.push(`  ${names}: ${wall.toFixed(0)} s${cpu === undefined ? '' : `, ${cpu.toFixed(0)} CPU-s (${((cpu / wall / availableParallelism()) * 100).toFixed(0)} % of ${availableParallelism()} cores)`}`);
  for (const { line, counts, stageTail } of lanes.flat()) {
    lines.push(line, ...(counts.failures ?? []).map((failure) => `    ✘ ${failure}`));
    if (stageTail?.length) lines.push(...stageTail);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
}

// A request the stand-in did not imitate in the e2e suite fails the run, as a failed test does.
const notImitated = notImitatedVerdict(notImitatedLog);
lines.push(...notImitated.lines);
if (notImitated.failed) total.failed += 1;

console.log(`\n${lines.join('\n')}\n\nPhases:\n${phaseLines.join('\n')}\n\nTotal time ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`Summary: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
