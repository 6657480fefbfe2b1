/**
 * `npm start`: the whole product on the local stage. Options (all optional):
 *   PORT=5173                 the one origin for the SPA and /api
 *   --in-memory               keep no data (the test suite's stage)
 *   --data-dir=<dir>          where DynamoDB Local keeps its files (default .local/dynamodb)
 *   --cognito-dir=<dir>       where cognito-local keeps its users (default .local/cognito, or
 *                             <data-dir>/cognito when --data-dir is given)
 *   --stream-dir=<dir>        where the local Stream stand-in keeps its state, key and secret (default
 *                             .local/stream, or <data-dir>/stream when --data-dir is given); it runs
 *                             whenever STREAM_API_KEY / STREAM_API_SECRET are not set
 *   --web=vite|static|none    how the SPA is served (default vite, with hot reload)
 *   --info-file=<file>        write the stage's URL and internal endpoints as JSON once ready
 *   STREAM_NOT_IMITATED_LOG=<file>  where the stand-in appends each request it does not imitate, one JSON
 *                             line each (default <stream-dir>/not-imitated.jsonl; none with --in-memory)
 *   SEED=false                no demo data (a coordinator and a dozen mentors are seeded otherwise;
 *                             the test suites' stages set it)
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../lib/paths';
import { startDynamoDbLocal } from './dynamodb';
import { PortInUseError } from './ports';
import { stopTracked } from './processes';
import type { SeedResult } from './seed';
import type { LocalStage, WebMode } from './stage';

// The AWS SDK warns once that it will want a newer Node some day; the Lambda runtime is newer already.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (!warning.message.includes('NodeVersionSupportWarning')) console.warn(warning);
});

const envFile = join(repoRoot, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

const { values } = parseArgs({
  options: {
    'in-memory': { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'cognito-dir': { type: 'string' },
    'stream-dir': { type: 'string' },
    web: { type: 'string', default: 'vite' },
    'info-file': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(process.env.PORT ?? 5173);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}".`);
  process.exit(1);
}
if (!['vite', 'static', 'none'].includes(values.web)) {
  console.error(`--web must be vite, static or none, not "${values.web}".`);
  process.exit(1);
}

const dataDir = resolve(values['data-dir'] ?? join(repoRoot, '.local/dynamodb'));
const cognitoDir = resolve(values['cognito-dir'] ?? (values['data-dir'] ? join(dataDir, 'cognito') : join(repoRoot, '.local/cognito')));
const streamDir = resolve(values['stream-dir'] ?? (values['data-dir'] ? join(dataDir, 'stream') : join(repoRoot, '.local/stream')));

/*
 * Stopping is set up before anything starts: a signal or a parent that goes while the stage is still starting
 * ends the stand-ins' processes started so far, waits for them, and ends this process (processes.ts).
 */
let stage: LocalStage | undefined;
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  if (!values.quiet) console.log(`\n${signal}: stopping the local stage…`);
  if (!stage) {
    await stopTracked();
    process.exit(1);
  }
  await stage.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// npm does not pass SIGTERM on to the script it runs; when our parent goes, we go, with every child.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown('parent process exited');
}, 500).unref();

// DynamoDB Local's JVM is the slowest part of a start: it boots while this process loads the rest of the stage.
const startedAt = performance.now();
const dynamoDb = startDynamoDbLocal({ dataDir: values['in-memory'] ? undefined : dataDir });
dynamoDb.catch(() => undefined);

try {
  const [{ startLocalStage }, { seedLocalStage }] = await Promise.all([import('./stage'), import('./seed')]);
  stage = await startLocalStage({
    dynamoDb,
    port,
    host: process.env.HOST ?? '127.0.0.1',
    dataDir: values['in-memory'] ? undefined : dataDir,
    cognitoDir: values['in-memory'] ? undefined : cognitoDir,
    streamDir: values['in-memory'] ? undefined : streamDir,
    onCognitoCode: values.quiet ? undefined : ({ destination, code }) => console.log(`  [cognito-local] code for ${destination}: ${code}`),
    web: values.web as WebMode,
    logLevel: process.env.LOG_LEVEL,
    rateLimits: process.env.RATE_LIMITS !== 'off',
  });

  let seeded: SeedResult | undefined;
  if (process.env.SEED !== 'false') {
    seeded = await seedLocalStage({
      cognito: { endpoint: stage.cognito.endpoint, userPoolId: stage.cognito.userPoolId },
      dynamoDbEndpoint: stage.dynamoDbEndpoint,
      membersTable: stage.tables.members!,
      stateFile: values['in-memory'] ? undefined : join(cognitoDir, 'seed-coordinator.json'),
    });
  }

  if (values['info-file']) {
    writeFileSync(
      values['info-file'],
      JSON.stringify({
        url: stage.url,
        dynamoDbEndpoint: stage.dynamoDbEndpoint,
        tables: stage.tables,
        cognito: stage.cognito,
        s3Endpoint: stage.s3Endpoint,
        buckets: stage.buckets,
        eventBus: stage.eventBus,
        apiDirectUrl: stage.apiDirectUrl,
        scheduler: stage.scheduler,
        ses: stage.ses,
        stream: stage.stream,
      }),
    );
  }
  if (!values.quiet) {
    const speechProblem = stage.stream.mode === 'stand-in' ? (await import('./stream')).speechToolsProblem() : undefined;
    const stream =
      stage.stream.mode === 'stand-in'
        ? `local stand-in at ${stage.stream.url} (chat and calls between browser windows here; ${stage.stream.dataDir ? `state in ${stage.stream.dataDir}` : 'in memory'}). Set STREAM_API_KEY and STREAM_API_SECRET in .env for a real Stream app`
        : 'credentials found (a real Stream app)';
    console.log(
      [
        '',
        `  Mentoring platform, local stage (ready in ${Math.round(performance.now() - startedAt)} ms)`,
        '',
        `  App        ${stage.url}`,
        `  API        ${stage.url}/api/health`,
        `  Data       ${values['in-memory'] ? 'in memory' : dataDir}`,
        `  Cognito    ${stage.cognito.endpoint} (pool ${stage.cognito.userPoolId}${values['in-memory'] ? ', in a temporary directory' : `, users in ${cognitoDir}`})`,
        `  Events     ${stage.eventBus.endpoint}/_local/events (dead letters: /_local/dead-letters)`,
        `  Schedules  ${stage.scheduler.endpoint}/_local/schedules (move its clock: POST /_local/clock {"advanceMs": n})`,
        `  E-mail     ${stage.ses.inboxUrl} (every message sent, kept until the stage stops; nothing is delivered)`,
        `  Stream     ${stream}`,
        ...(speechProblem ? [`  Captions   ${speechProblem}`] : []),
        seeded
          ? `  Demo       coordinator ${seeded.coordinator.email} / ${seeded.coordinator.password} (local only); ${seeded.mentorsAdded ? `${seeded.mentorsAdded} mentors added` : 'demo mentors present'} (SEED=false skips)`
          : '  Demo       no demo data (SEED=false)',
        '',
        '  Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  }
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n  ${error.message}\n`);
  } else if (!stopping) {
    // A stop during start-up makes the start fail too: that is no error of its own.
    console.error(error);
  }
  await stopTracked();
  process.exit(1);
}
