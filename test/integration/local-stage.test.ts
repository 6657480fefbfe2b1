import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamClient } from '@stream-io/node-sdk';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { createTestUser, signIn } from '../support/auth';
import { repoRoot, spawnLocalStage } from '../support/local-stage';
import { db, getItem } from './support/db';

describe.runIf(inject('isLocal'))('the local stage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stage-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps stored feedback and users across a restart, and stops DynamoDB Local and cognito-local with it', async () => {
    const first = await spawnLocalStage({ dataDir });
    const user = await createTestUser(first);
    const response = await fetch(`${first.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: '/volunteer', rating: 5, feedbackType: 'global', answers: ['Kept?'] }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await first.stop()).toBe(0);
    await expect(fetch(first.dynamoDbEndpoint)).rejects.toThrow();
    await expect(fetch(`${first.cognito.endpoint}/health`)).rejects.toThrow();

    const second = await spawnLocalStage({ dataDir });
    try {
      const item = await getItem(second.tables.feedback!, { id }, db(second.dynamoDbEndpoint));
      expect(item).toMatchObject({ id, source: '/volunteer', rating: 5, answers: ['Kept?'] });
      // Same pool, same client, same issuer: the user signs in again and the API accepts the token.
      expect(second.cognito).toEqual(first.cognito);
      const idToken = await signIn(second.cognito, user.email, user.password);
      expect((await fetch(`${second.url}/api/me`, { headers: { authorization: `Bearer ${idToken}` } })).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('stopped while it is still starting, takes the DynamoDB Local it had started with it', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'stage-starting-'));
    const infoFile = join(scratch, 'info.json');
    const stage = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts', '--web=none', '--quiet', '--in-memory', `--info-file=${infoFile}`], {
      cwd: repoRoot,
      env: { ...process.env, SEED: 'false', PORT: '0' },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => stage.once('exit', resolve));
    /** The stage's java child, if it has one yet (ps exits non-zero while the stage has no children). */
    const jvmPid = () => {
      try {
        const line = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(stage.pid)], { encoding: 'utf8' }).split('\n').find((row) => row.trim().endsWith(' java'));
        return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
      } catch {
        return undefined;
      }
    };
    try {
      // DynamoDB Local is the first thing a stage starts: stop the stage the moment its JVM is there.
      let jvm: number | undefined;
      for (const deadline = Date.now() + 30_000; !jvm && Date.now() < deadline; ) {
        jvm = jvmPid();
        if (!jvm) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (!jvm) throw new Error('The stage never started DynamoDB Local');
      const started = jvm;
      stage.kill('SIGTERM');
      await exited;
      expect(existsSync(infoFile)).toBe(false);
      // Gone, not a zombie ('Z'): the stage waits for its JVM to exit.
      const state = () => {
        try {
          return readFileSync(`/proc/${started}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
        } catch {
          return 'gone';
        }
      };
      await expect.poll(state, { timeout: 5000 }).toBe('gone');
    } finally {
      if (stage.exitCode === null) stage.kill('SIGKILL');
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('refuses a busy port with a message naming it', async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => blocker.once('listening', resolve));
    try {
      await expect(spawnLocalStage({ port })).rejects.toThrow(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('serves the runtime configuration beside the SPA, naming the Stream stand-in it runs without credentials but never its secret', async () => {
    const stage = await spawnLocalStage({ env: { STREAM_API_KEY: '', STREAM_API_SECRET: '' } });
    try {
      if (stage.stream.mode !== 'stand-in') throw new Error('Without credentials the stage runs the Stream stand-in');
      const response = await fetch(`${stage.url}/config.json`);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        stage: 'local',
        version: expect.any(String),
        region: expect.any(String),
        cognito: { ...stage.cognito, endpoint: expect.stringMatching(/^http:\/\/localhost:\d+$/) },
        stream: { configured: true, local: true, baseUrl: stage.stream.url },
      });
      expect(text).not.toContain(stage.stream.secret);
    } finally {
      await stage.stop();
    }
  });

  it('keeps the Stream stand-in’s key, secret and chat across a restart', async () => {
    const streamDir = mkdtempSync(join(tmpdir(), 'stage-stream-'));
    const env = { STREAM_API_KEY: '', STREAM_API_SECRET: '' };
    const first = await spawnLocalStage({ dataDir: streamDir, env });
    let credentials: { apiKey: string; secret: string };
    try {
      if (first.stream.mode !== 'stand-in') throw new Error('Without credentials the stage runs the Stream stand-in');
      credentials = first.stream;
      const server = new StreamClient(credentials.apiKey, credentials.secret, { basePath: first.stream.url });
      await server.upsertUsers([{ id: 'kept-a', name: 'Kept A' }, { id: 'kept-b', name: 'Kept B' }]);
      const channel = server.chat.channel('messaging', 'kept');
      await channel.getOrCreate({ data: { created_by_id: 'kept-a', members: [{ user_id: 'kept-a' }, { user_id: 'kept-b' }] } });
      await channel.sendMessage({ message: { id: 'kept-1', text: 'Still here after a restart', user_id: 'kept-a' } });
    } finally {
      await first.stop();
    }
    const second = await spawnLocalStage({ dataDir: streamDir, env });
    try {
      if (second.stream.mode !== 'stand-in') throw new Error('Without credentials the stage runs the Stream stand-in');
      expect({ apiKey: second.stream.apiKey, secret: second.stream.secret }).toEqual({ apiKey: credentials.apiKey, secret: credentials.secret });
      const server = new StreamClient(second.stream.apiKey, second.stream.secret, { basePath: second.stream.url });
      const { messages } = await server.chat.channel('messaging', 'kept').getManyMessages({ ids: ['kept-1'] });
      expect(messages.map((message) => message.text)).toEqual(['Still here after a restart']);
    } finally {
      await second.stop();
      rmSync(streamDir, { recursive: true, force: true });
    }
  });
});
