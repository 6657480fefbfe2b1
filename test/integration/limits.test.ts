import { randomUUID } from 'node:crypto';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_TYPES, REPORT_CATEGORIES, rateLimits } from '@mentoring/shared';

const FEEDBACK_TYPE = FEEDBACK_TYPES[0];
import { createTestUser } from '../support/auth';
import { spawnLocalStage, type SpawnedStage } from '../support/local-stage';

/** Its own stage, with the limits on, whose stand-ins it may freeze and kill. */
let stage: SpawnedStage;

beforeAll(async () => {
  stage = await spawnLocalStage({ env: { RATE_LIMITS: 'on' } });
});
afterAll(async () => {
  await stage?.stop();
});

const feedback = { source: '/limits-test', feedbackType: FEEDBACK_TYPE, answers: ['hello'] };
const postFeedback = (headers: Record<string, string> = {}, body: object = feedback) =>
  fetch(`${stage.url}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const standIns = async () => (await (await fetch(`${stage.url}/_local/stand-ins`)).json()) as { dynamodb: { pid: number; restarts: number }; cognito: { pid: number; restarts: number } };

const feedbackIds = async () => {
  const client = new DynamoDBClient({ endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    const { Items = [] } = await client.send(new ScanCommand({ TableName: stage.tables.feedback! }));
    return Items.map((item) => item.id!.S!);
  } finally {
    client.destroy();
  }
};

describe('the API only through the front', () => {
  it('refuses a direct call to the API (execute-api) with 403 in the documented shape', async () => {
    const direct = await fetch(`${stage.apiDirectUrl}/api/health`);
    expect(direct.status).toBe(403);
    expect(await direct.json()).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
    const forged = await fetch(`${stage.apiDirectUrl}/api/health`, { headers: { 'x-origin-verify': 'guess' } });
    expect(forged.status).toBe(403);
    expect((await fetch(`${stage.url}/api/health`)).status).toBe(200);
  });
});

describe('idempotent creates', () => {
  it('stores a retried feedback once and replays the first answer', async () => {
    const key = randomUUID();
    const first = await postFeedback({ 'idempotency-key': key });
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const retry = await postFeedback({ 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ id });
    expect((await feedbackIds()).filter((stored) => stored === id)).toHaveLength(1);
    const other = await postFeedback({ 'idempotency-key': key }, { ...feedback, answers: ['something else'] });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({ error: { code: 'conflict', message: expect.any(String) } });
  });

  it('stores a retried report once and replays the first answer', async () => {
    const member = await createTestUser(stage);
    const key = randomUUID();
    const report = { category: Object.keys(REPORT_CATEGORIES)[0], description: 'Retried report', subject: { kind: 'message', channelCid: 'messaging:limits', messageId: key } };
    const send = () =>
      fetch(`${stage.url}/api/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${member.idToken}`, 'idempotency-key': key },
        body: JSON.stringify(report),
      });
    const [first, retry] = [await send(), await send()];
    expect([first.status, retry.status]).toEqual([201, 201]);
    const { id } = (await first.json()) as { id: string };
    expect(await retry.json()).toMatchObject({ id });
    const client = new DynamoDBClient({ endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    try {
      const { Items = [] } = await client.send(new ScanCommand({ TableName: stage.tables.safeguarding!, FilterExpression: 'reporterId = :me', ExpressionAttributeValues: { ':me': { S: member.sub } } }));
      expect(Items.map((item) => item.id?.S)).toEqual([id]);
    } finally {
      client.destroy();
    }
  });

  it('refuses a malformed key', async () => {
    const response = await postFeedback({ 'idempotency-key': 'x' });
    expect(response.status).toBe(400);
  });
});

describe('a frozen DynamoDB', () => {
  it('answers 503 in the documented shape, and the retry after it stores the feedback once', async () => {
    const { dynamodb } = await standIns();
    const key = randomUUID();
    process.kill(dynamodb.pid, 'SIGSTOP');
    let frozen: Response;
    try {
      frozen = await postFeedback({ 'idempotency-key': key });
    } finally {
      process.kill(dynamodb.pid, 'SIGCONT');
    }
    expect([503, 504]).toContain(frozen.status);
    expect(await frozen.json()).toEqual({ error: { code: frozen.status === 503 ? 'unavailable' : 'gateway_timeout', message: expect.any(String) } });
    const retry = await postFeedback({ 'idempotency-key': key });
    expect(retry.status).toBe(201);
    const { id } = (await retry.json()) as { id: string };
    expect((await feedbackIds()).filter((stored) => stored === id)).toHaveLength(1);
  });
});

describe('stand-ins that die', () => {
  it('restarts DynamoDB Local and cognito-local, and requests succeed again', async () => {
    const before = await standIns();
    process.kill(before.dynamodb.pid, 'SIGKILL');
    process.kill(before.cognito.pid, 'SIGKILL');
    for (;;) {
      const now = await standIns();
      if (now.dynamodb.restarts > before.dynamodb.restarts && now.cognito.restarts > before.cognito.restarts) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect((await postFeedback()).status).toBe(201);
    expect(stage.output()).toContain('[local] DynamoDB Local exited (SIGKILL): restarting it.');
    expect(stage.output()).toContain('[local] cognito-local exited (SIGKILL): restarting it.');
  });
});

describe('rate limits', () => {
  it('answers 429 in the documented shape with Retry-After once a client passes the feedback limit', async () => {
    const limit = rateLimits.find((entry) => entry.name === 'feedback')!.limit;
    // Earlier tests of this file posted feedback too: the limit is counted per address over the window.
    let response: Response | undefined;
    for (let sent = 0; sent <= limit; sent += 1) {
      response = await postFeedback();
      if (response.status === 429) break;
      expect(response.status).toBe(201);
    }
    expect(response!.status).toBe(429);
    expect(Number(response!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response!.json()).toEqual({ error: { code: 'too_many_requests', message: expect.any(String) } });
    // Other routes have their own, larger limits.
    expect((await fetch(`${stage.url}/api/health`)).status).toBe(200);
  });
});
