import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallArtifacts, CallList } from '@mentoring/shared';
import { apiEvent, lambdaContext } from '../../functions/testing/events';
import { useTestIdentity } from '../../functions/testing/tokens';
import { api } from './support/api';
import { bearer, newUser } from './support/auth';
import { getItem, tableName } from './support/db';
import { startFileHost } from './support/file-host';
import { deliverWebhook as deliver, type LoggedBusEvent } from './support/stream-webhooks';
import { waitFor } from './support/wait-for';

// The route handlers run in this process too: they trust a test issuer's ID tokens, as a function trusts its pool.
const identity = useTestIdentity({ beforeAll, afterAll });

type Handler = (event: APIGatewayProxyEventV2, context: ReturnType<typeof lambdaContext>) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * On the local stage as itself: Stream's file host is a server in this process, which a deployed stage's functions
 * cannot reach (12 MB in three multipart parts, a transcript, a broken link), the route handlers also run in this
 * process against DynamoDB Local and s3rver, and a failing consumer's dead letter is read from the local bus,
 * whose retries take seconds where AWS's take minutes. What reaches the bus from a webhook runs on every stage
 * (stream-events.test.ts).
 */

const newCid = () => `default:${randomUUID()}`;
const at = (offsetSeconds = 0) => new Date(Date.now() + offsetSeconds * 1000).toISOString();

describe('Stream\'s files archived, and a consumer that fails', () => {
  // Stream's file host: a 12 MB recording (three multipart parts), a transcript, and a broken link.
  const recording = randomBytes(12 * 1024 * 1024 + 123);
  const transcript = Buffer.from('{"type":"speech","speaker_id":"mentor","text":"Welcome to our first session"}\n');
  let files: Awaited<ReturnType<typeof startFileHost>>;
  let filesUrl: string;

  beforeAll(async () => {
    files = await startFileHost({ '/recording.mp4': { body: recording, type: 'video/mp4' }, '/transcript.jsonl': { body: transcript } }, { status: 500, body: 'broken' });
    filesUrl = files.url;
  });
  afterAll(() => files.close());

  describe('archiving', () => {
    const cid = newCid();
    const [type, id] = cid.split(':') as [string, string];
    let artifactsHandler: Handler;
    let listHandler: Handler;
    const asUser = (sub: string, pathParameters?: Record<string, string>) =>
      apiEvent({ method: 'GET', path: `/api/calls/${type}/${id}/artifacts`, headers: identity.bearer({ sub, email: `${sub}@example.org` }), pathParameters });

    beforeAll(async () => {
      // The route handlers, run in this process against the stage's DynamoDB Local and s3rver, with ID tokens of
      // the test issuer above (the signed-in HTTP path below uses real cognito-local users).
      Object.assign(process.env, {
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoDbEndpoint'),
        AWS_ENDPOINT_URL_S3: inject('s3Endpoint'),
        S3_FORCE_PATH_STYLE: 'true',
        CALLS_TABLE: tableName('calls'),
        MEMBERS_TABLE: tableName('members'),
        ARCHIVE_BUCKET: 'archive',
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        POWERTOOLS_METRICS_DISABLED: 'true',
      });
      artifactsHandler = ((await import('../../functions/src/http/calls/artifacts')) as { handler: Handler }).handler;
      listHandler = ((await import('../../functions/src/http/calls/list')) as { handler: Handler }).handler;
    });

    it('archives a member call\'s recording and transcript, which the member lists and downloads intact', async () => {
      const created = await deliver({
        type: 'call.created',
        call_cid: cid,
        created_at: at(-60),
        call: { cid, created_by: { id: 'mentor-1' }, created_at: at(-60) },
        members: [{ user_id: 'mentor-1', role: 'admin' }, { user_id: 'mentee-1', role: 'user' }],
      });
      expect(created.status).toBe(202);
      const session = `session-${randomUUID()}`;
      const ready = await deliver({
        type: 'call.recording_ready',
        call_cid: cid,
        created_at: at(),
        call_recording: { filename: 'rec_default_720p.mp4', url: `${filesUrl}/recording.mp4`, start_time: at(-50), end_time: at(-5), session_id: session },
      });
      expect(ready.status).toBe(202);
      expect(await ready.json()).toEqual({ accepted: true, duplicate: false });
      expect((await deliver({
        type: 'call.transcription_ready',
        call_cid: cid,
        created_at: at(),
        call_transcription: { filename: 'transcript.jsonl', url: `${filesUrl}/transcript.jsonl`, start_time: at(-50), end_time: at(-5), session_id: session },
      })).status).toBe(202);

      const record = await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: `ARTIFACT#recording#${session}#rec_default_720p.mp4` }), 'the recording record');
      expect(record).toMatchObject({ cid, kind: 'recording', sessionId: session, size: recording.length, contentType: 'video/mp4' });
      await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: `ARTIFACT#transcription#${session}#transcript.jsonl` }), 'the transcript record');

      // The bytes in the archive bucket are Stream's bytes.
      const s3 = new S3Client({ endpoint: inject('s3Endpoint')!, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
      const object = await s3.send(new GetObjectCommand({ Bucket: 'archive', Key: record.key as string }));
      expect(createHash('sha256').update(await object.Body!.transformToByteArray()).digest('hex')).toBe(createHash('sha256').update(recording).digest('hex'));
      s3.destroy();

      const listed = await listHandler(apiEvent({ method: 'GET', path: '/api/calls', headers: identity.bearer({ sub: 'mentee-1' }) }), lambdaContext());
      expect(listed.statusCode).toBe(200);
      expect((JSON.parse(listed.body!) as CallList).calls).toContainEqual(expect.objectContaining({ cid, type, id, createdBy: 'mentor-1' }));

      const response = await artifactsHandler(asUser('mentee-1', { type, id }), lambdaContext());
      expect(response.statusCode).toBe(200);
      const artifacts = JSON.parse(response.body!) as CallArtifacts;
      expect(artifacts.recordings).toEqual([
        expect.objectContaining({ sessionId: session, filename: 'rec_default_720p.mp4', size: recording.length, url: expect.stringContaining('X-Amz-Signature') }),
      ]);
      const download = await fetch(artifacts.recordings[0]!.url);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(recording)).toBe(true);
      expect(await (await fetch(artifacts.transcriptions[0]!.url)).text()).toBe(transcript.toString());
      const attachment = await fetch(artifacts.recordings[0]!.downloadUrl);
      expect(attachment.headers.get('content-disposition')).toBe('attachment; filename="rec_default_720p.mp4"');
      expect(Buffer.from(await attachment.arrayBuffer()).equals(recording)).toBe(true);
    });

    it('refuses the archive to a non-member (403) and to a removed member', async () => {
      const stranger = await artifactsHandler(asUser('stranger-1', { type, id }), lambdaContext());
      expect(stranger.statusCode).toBe(403);
      expect(JSON.parse(stranger.body!)).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });

      expect((await deliver({ type: 'call.member_removed', call_cid: cid, created_at: at(1), members: ['mentee-1'] })).status).toBe(202);
      await waitFor(async () => (await getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: 'MEMBER#mentee-1' }))?.removed === true, 'the removal');
      expect((await artifactsHandler(asUser('mentee-1', { type, id }), lambdaContext())).statusCode).toBe(403);
      expect((await artifactsHandler(asUser('mentor-1', { type, id }), lambdaContext())).statusCode).toBe(200);
    });

    it('serves the archive over HTTP to a signed-in member and refuses a signed-in stranger', async () => {
      // Real cognito-local users through the local JWT authorizer: the call's members are their subs.
      const [member, stranger] = await Promise.all([newUser('Member Mentee'), newUser('Stranger')]);
      const httpCid = newCid();
      const [httpType, httpId] = httpCid.split(':') as [string, string];
      expect((await deliver({
        type: 'call.created',
        call_cid: httpCid,
        created_at: at(-60),
        call: { cid: httpCid, created_by: { id: 'mentor-1' }, created_at: at(-60) },
        members: [{ user_id: 'mentor-1', role: 'admin' }, { user_id: member.sub, role: 'user' }],
      })).status).toBe(202);
      const session = `session-${randomUUID()}`;
      expect((await deliver({
        type: 'call.transcription_ready',
        call_cid: httpCid,
        created_at: at(),
        call_transcription: { filename: 'transcript.jsonl', url: `${filesUrl}/transcript.jsonl`, start_time: at(-50), end_time: at(-5), session_id: session },
      })).status).toBe(202);
      await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${httpCid}`, sk: `ARTIFACT#transcription#${session}#transcript.jsonl` }), 'the transcript record');

      const path = `/api/calls/${httpType}/${httpId}/artifacts`;
      const mine = await api(path, { headers: bearer(member.idToken) });
      expect(mine.status).toBe(200);
      const artifacts = (await mine.json()) as CallArtifacts;
      expect(artifacts.transcriptions).toEqual([expect.objectContaining({ sessionId: session, filename: 'transcript.jsonl' })]);
      expect(await (await fetch(artifacts.transcriptions[0]!.url)).text()).toBe(transcript.toString());
      const listed = (await (await api('/api/calls', { headers: bearer(member.idToken) })).json()) as CallList;
      expect(listed.calls).toContainEqual(expect.objectContaining({ cid: httpCid }));

      const theirs = await api(path, { headers: bearer(stranger.idToken) });
      expect(theirs.status).toBe(403);
      expect(((await theirs.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    });

    it('answers 401 over HTTP without a token', async () => {
      const response = await api(`/api/calls/${type}/${id}/artifacts`);
      // The function verifies the token itself, so the refusal has the documented shape.
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
      expect((await api('/api/calls')).status).toBe(401);
    });
  });

  // Local stage only: AWS retries a failed consumer for minutes before its dead-letter queue takes the event.
  it('answers 202 when a consumer fails, and the event lands in the dead letters after the retries', async () => {
    const cid = newCid();
    const response = await deliver({
      type: 'call.recording_ready',
      call_cid: cid,
      created_at: at(),
      call_recording: { filename: 'gone.mp4', url: `${filesUrl}/broken`, start_time: at(-10), end_time: at(), session_id: 's-1' },
    });
    expect(response.status).toBe(202);
    const letter = await waitFor(async () => {
      const { deadLetters } = (await (await fetch(`${inject('eventBusEndpoint')}/_local/dead-letters`)).json()) as {
        deadLetters: { rule: string; attempts: number; error: string; event: LoggedBusEvent['event'] }[];
      };
      return deadLetters.find(({ event }) => event.detail.call_cid === cid);
    }, 'the dead letter');
    expect(letter).toMatchObject({ rule: 'archive-artifacts', attempts: 3, error: expect.stringContaining('HTTP 500') });
    expect(await getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: 'ARTIFACT#recording#s-1#gone.mp4' })).toBeUndefined();
  });
});
