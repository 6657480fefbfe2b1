import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopChild } from '../../infra/local/processes';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface StageInfo {
  url: string;
  dynamoDbEndpoint: string;
  tables: Record<string, string>;
  cognito: { endpoint: string; userPoolId: string; userPoolClientId: string };
  s3Endpoint: string;
  buckets: Record<string, string>;
  eventBus: { endpoint: string; busName: string; deadLetterFile: string };
  /** The API without the front (execute-api's own URL in AWS). */
  apiDirectUrl: string;
  scheduler: { endpoint: string; groupName: string; stateFile: string; deadLetterFile: string; environment: Record<string, string> };
  /** The SES stand-in (aws-ses-v2-local): its API endpoint and its inbox page. */
  ses: { endpoint: string; inboxUrl: string };
  /** The Stream stand-in when the stage runs without Stream credentials: its URL, key and throwaway secret. */
  stream: { mode: 'stand-in'; url: string; apiKey: string; secret: string } | { mode: 'credentials' };
}

export interface SpawnedStage extends StageInfo {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<number | null>;
  /**
   * Ctrl-C in a terminal: SIGINT to the stage's whole process group (its stand-ins' processes too), then waits
   * for it to exit. Only for a stage spawned with `detached`, which leads a group of its own.
   */
  interrupt: () => Promise<number | null>;
}

export interface SpawnOptions {
  dataDir?: string;
  web?: 'vite' | 'static' | 'none';
  port?: number;
  env?: Record<string, string>;
  /** In a process group of its own, as `npm start` runs in a terminal's (for interrupt()). */
  detached?: boolean;
}

/**
 * Runs the local stage exactly as `npm start` does, in its own process with its own ports,
 * and resolves once it is ready to serve.
 */
export const spawnLocalStage = async ({ dataDir, web = 'none', port, env = {}, detached = false }: SpawnOptions = {}): Promise<SpawnedStage> => {
  const scratch = mkdtempSync(join(tmpdir(), 'stage-'));
  const infoFile = join(scratch, 'info.json');
  const args = ['--import', 'tsx', 'infra/local/start.ts', `--web=${web}`, '--quiet', `--info-file=${infoFile}`];
  args.push(dataDir ? `--data-dir=${dataDir}` : '--in-memory');
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    // Tests make their own data: no demo coordinator or mentors unless a caller asks (env SEED).
    // RATE_LIMITS off unless a test asks: every test user comes from one address, faster than people do.
    env: { ...process.env, SEED: 'false', RATE_LIMITS: 'off', PORT: String(port ?? 0), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 90_000;
  let info: StageInfo | undefined;
  while (!info) {
    if (child.exitCode !== null) throw new Error(`The local stage exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      // SIGTERM first: the stage's process then takes the stand-ins it had started with it.
      await stopChild(child);
      throw new Error(`The local stage did not start within 90 s:\n${output}`);
    }
    try {
      info = JSON.parse(readFileSync(infoFile, 'utf8')) as StageInfo;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    ...info,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(scratch, { recursive: true, force: true });
      return code;
    },
    interrupt: async () => {
      if (!detached) throw new Error('interrupt() needs a stage spawned with detached: true.');
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
      const code = await exited;
      rmSync(scratch, { recursive: true, force: true });
      return code;
    },
  };
};
