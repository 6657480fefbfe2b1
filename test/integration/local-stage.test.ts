import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { spawnLocalStage } from '../support/local-stage';
import { db, getItem } from './support/db';

describe.runIf(inject('isLocal'))('the local stage', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stage-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps stored feedback across a restart, and stops DynamoDB Local with it', async () => {
    const first = await spawnLocalStage({ dataDir });
    const response = await fetch(`${first.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: '/volunteer', rating: 5, feedbackType: 'global', answers: ['Kept?'] }),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await first.stop()).toBe(0);
    await expect(fetch(first.dynamoDbEndpoint)).rejects.toThrow();

    const second = await spawnLocalStage({ dataDir });
    try {
      const item = await getItem(second.tables.feedback!, { id }, db(second.dynamoDbEndpoint));
      expect(item).toMatchObject({ id, source: '/volunteer', rating: 5, answers: ['Kept?'] });
    } finally {
      await second.stop();
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

  it('serves the runtime configuration beside the SPA', async () => {
    const stage = await spawnLocalStage();
    try {
      const response = await fetch(`${stage.url}/config.json`);
      expect(await response.json()).toMatchObject({ stage: 'local', version: expect.any(String) });
    } finally {
      await stage.stop();
    }
  });
});
