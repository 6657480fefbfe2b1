import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVitest } from 'vitest/node';
import type { RunnerTask } from 'vitest';
import { startTestStandIn } from '../../test/support/stream-stand-in';
import { mirrorOf } from './mirror';

export type TestOutcome = { name: string; state: string; error?: string };

/**
 * GetStream/stream-node's own tests (__tests__/<file>.test.ts) run by our vitest with OUR installed
 * @stream-io/node-sdk against a stand-in started here. Their `../src/…` imports are our package; their client's
 * basePath is the stand-in's URL; their `.env` is replaced by the stand-in's key and secret. Their config's retries
 * are not used: a test passes the first time or fails.
 *
 * `before` gives the stand-in what the Stream app their CI shares has before their tests run (never an empty app).
 * `expectedFailures` are the tests outside the product's scope (docs/local-stage.md says why): the run fails when one of
 * the others fails, or when one of these passes (the list is then out of date).
 */
export const runStreamNode = async (
  files: readonly string[],
  expectedFailures: Readonly<Record<string, string>>,
  { video = false, before }: { video?: boolean; before?: (server: Awaited<ReturnType<typeof startTestStandIn>>['server']) => Promise<void> } = {},
) => {
  const repo = mirrorOf('GetStream/stream-node');
  const scratch = mkdtempSync(join(tmpdir(), 'peer-stream-node-'));
  const env = await startTestStandIn({ video });
  try {
    repo.extract('__tests__', scratch);
    await before?.(env.server);
    const ours = createRequire(import.meta.url).resolve('@stream-io/node-sdk');
    mkdirSync(join(scratch, 'src/gen'), { recursive: true });
    writeFileSync(join(scratch, 'src/StreamClient.ts'), [
      `import { StreamClient as Ours } from ${JSON.stringify(ours)};`,
      'export class StreamClient extends Ours {',
      '  constructor(apiKey: string, secret: string, config: Record<string, unknown> = {}) {',
      '    super(apiKey, secret, { ...config, basePath: process.env.PEER_STREAM_URL });',
      '  }',
      '}',
    ].join('\n'));
    for (const module of ['StreamChannel', 'StreamCall', 'gen/models']) writeFileSync(join(scratch, `src/${module}.ts`), `export * from ${JSON.stringify(ours)};\n`);
    writeFileSync(join(scratch, 'dotenv-config.ts'), 'export {};\n');
    const testEnv = { PEER_STREAM_URL: env.standIn.url, STREAM_API_KEY: env.apiKey, STREAM_SECRET: env.secret };
    Object.assign(process.env, testEnv);
    const vitest = await startVitest('test', files.map((file) => `__tests__/${file}.test.ts`), {
      root: scratch,
      config: false,
      watch: false,
      retry: 0,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      fileParallelism: false,
      env: testEnv,
      reporters: ['default'],
    }, { resolve: { alias: { 'dotenv/config': join(scratch, 'dotenv-config.ts') } } });
    const outcomes: TestOutcome[] = [];
    const walk = (task: RunnerTask, prefix: string) => {
      const name = prefix ? `${prefix} > ${task.name}` : task.name;
      if (task.type === 'test') outcomes.push({ name, state: task.result?.state ?? task.mode, error: task.result?.errors?.[0]?.message?.slice(0, 200) });
      else if ('tasks' in task) for (const child of task.tasks) walk(child, task.type === 'suite' && task.file !== task ? name : prefix ? prefix : task.name);
    };
    for (const file of vitest.state.getFiles()) walk(file, '');
    await vitest.close();
    return report(repo.commit, outcomes, expectedFailures);
  } finally {
    await env.stop().catch(() => undefined);
    rmSync(scratch, { recursive: true, force: true });
  }
};

const report = (commit: string, outcomes: TestOutcome[], expectedFailures: Readonly<Record<string, string>>) => {
  const passed = outcomes.filter((o) => o.state === 'pass');
  const failed = outcomes.filter((o) => o.state === 'fail');
  console.log(`\nstream-node@${commit.slice(0, 12)}: ${passed.length} pass, ${failed.length} fail, ${outcomes.length - passed.length - failed.length} skipped (their own skips)`);
  const wrong: string[] = [];
  for (const o of outcomes) {
    if (o.state !== 'pass' && o.state !== 'fail') continue;
    const why = Object.entries(expectedFailures).find(([name]) => o.name.endsWith(name))?.[1];
    const verdict = why === undefined ? (o.state === 'pass' ? 'pass' : 'FAIL (in scope)') : o.state === 'fail' ? `fails, out of scope: ${why}` : 'FAIL (listed out of scope, yet passes: update the list)';
    if (verdict.startsWith('FAIL')) wrong.push(o.name);
    console.log(`${verdict.startsWith('FAIL') ? '✗' : '✓'} ${o.name}: ${verdict}${o.state === 'fail' && o.error ? ` — ${o.error}` : ''}`);
  }
  console.log(wrong.length ? `\n${wrong.length} not as expected: ${wrong.join('; ')}` : '\nEvery test of the product’s scope passes.');
  return wrong.length === 0;
};
