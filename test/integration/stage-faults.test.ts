import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FEEDBACK_TYPES, MAX_PHOTO_BYTES } from '@mentoring/shared';
import { createTestUser } from '../support/auth';
import { spawnLocalStage, type SpawnedStage } from '../support/local-stage';
import { onboardAsMentee } from '../support/onboarding';

/**
 * A stage of its own, in a process group of its own (as `npm start` runs in a terminal), whose stand-ins this
 * file kills, and which it stops at the end with Ctrl-C.
 */
let stage: SpawnedStage;
let stopped = false;

beforeAll(async () => {
  if (inject('isLocal')) stage = await spawnLocalStage({ detached: true });
});
afterAll(async () => {
  if (stage && !stopped) await stage.stop();
});

interface StandIns {
  dynamodb: { pid: number; restarts: number };
  cognito: { pid: number; restarts: number };
}
const standIns = async () => (await (await fetch(`${stage.url}/_local/stand-ins`)).json()) as StandIns;

const postFeedback = () =>
  fetch(`${stage.url}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source: '/stage-faults', feedbackType: FEEDBACK_TYPES[0], answers: ['still there?'] }),
  });

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(inject('isLocal'))('a killed DynamoDB Local', () => {
  it('answers 503 in the documented shape, never 500, until the supervisor has its tables back', async () => {
    const before = await standIns();
    process.kill(before.dynamodb.pid, 'SIGKILL');
    const answers: { status: number; body: unknown }[] = [];
    const deadline = Date.now() + 60_000;
    for (;;) {
      const response = await postFeedback();
      answers.push({ status: response.status, body: await response.json() });
      if ((await standIns()).dynamodb.restarts > before.dynamodb.restarts) break;
      if (Date.now() > deadline) throw new Error(`DynamoDB Local was not back within 60 s:\n${stage.output()}`);
      await sleep(20);
    }
    // Every answer meanwhile was either stored or a 503 to retry: no 500 from tables that were not there yet.
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 503));
    for (const { body } of refused) expect(body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    expect(refused.length).toBeGreaterThan(0);
    expect((await postFeedback()).status).toBe(201);
  });
});

describe.runIf(inject('isLocal'))('Ctrl-C after a photo refused as too large', () => {
  it('answers 413, then stops the stage and every stand-in without restarting any', async () => {
    const member = await createTestUser(stage);
    await onboardAsMentee(stage.url, member.idToken, { displayName: 'Oversize Tester' });
    // What an upload over the limit leaves in the member's folder, were S3 not to enforce the POST policy: put
    // here with the stage's own credentials, as only its functions could.
    const key = `uploads/${member.sub}/${randomUUID()}`;
    const s3 = new S3Client({ endpoint: stage.s3Endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, forcePathStyle: true });
    try {
      await s3.send(new PutObjectCommand({ Bucket: stage.buckets.media!, Key: key, Body: Buffer.alloc(MAX_PHOTO_BYTES + 1024 * 1024, 7), ContentType: 'image/png' }));
    } finally {
      s3.destroy();
    }
    const confirmed = await fetch(`${stage.url}/api/profile/me/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.idToken}` },
      body: JSON.stringify({ key }),
    });
    expect(confirmed.status).toBe(413);
    expect(await confirmed.json()).toEqual({ error: { code: 'payload_too_large', message: expect.any(String) } });

    const { dynamodb, cognito } = await standIns();
    const outputBefore = stage.output().length;
    stopped = true;
    // Not a timing assertion: a stop that hangs (the unread photo kept s3rver's connection open) never ends.
    const exit = await Promise.race([stage.interrupt(), sleep(20_000).then(() => 'hung' as const)]);
    if (exit === 'hung') process.kill(-stage.process.pid!, 'SIGKILL');
    expect(exit).toBe(0);
    const duringStop = stage.output().slice(outputBefore);
    expect(duringStop).not.toContain('restarting it');
    expect(duringStop).not.toContain('is back');
    expect({ dynamodb: isRunning(dynamodb.pid), cognito: isRunning(cognito.pid) }).toEqual({ dynamodb: false, cognito: false });
  });
});
