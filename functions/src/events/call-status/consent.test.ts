import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#testing/events';
import { startStreamRecorder, type StreamRecorder } from '#testing/stream-recorder';
import { handler } from './handler';
import { handler as membershipHandler } from '../call-membership/handler';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const MENTORSHIP = '0b3c8a52-1f7e-4c1a-9d3e-2a4b5c6d7e8f';
const CALL = `m-${MENTORSHIP}-abc`;

let recorder: StreamRecorder;
beforeAll(async () => {
  recorder = await startStreamRecorder();
  Object.assign(process.env, { CALLS_TABLE: 'calls-test', SESSIONS_TABLE: 'sessions-test', MENTORSHIPS_TABLE: 'mentorships-test', STREAM_API_KEY: 'key', STREAM_API_SECRET: 'secret', STREAM_BASE_URL: recorder.url });
});
afterAll(() => recorder.close());

const started = (type: string, cid = `default:${CALL}`): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: 'e1',
  'detail-type': type,
  source: 'getstream.io',
  account: '1',
  time: '2026-03-01T10:05:00Z',
  region: 'eu-west-1',
  resources: [],
  detail: { type, call_cid: cid, created_at: '2026-03-01T10:05:00.000Z', recording_type: 'composite', egress_id: 'e' },
});

const joined = (userId: string, userSessionId: string) => ({ pk: `SESSION#${CALL}`, sk: `FACT#joined#s1#${userSessionId}`, kind: 'joined', callSessionId: 's1', userSessionId, userId, at: '2026-03-01T10:00:00.000Z' });
const given = (facts: unknown[], consents: string[]) => {
  dynamo.on(QueryCommand).resolves({ Items: facts as Record<string, unknown>[] });
  dynamo.on(GetCommand, { TableName: 'sessions-test' }).resolves({ Item: { id: CALL, mentorshipId: MENTORSHIP, recordingConsent: consents.map((memberId) => ({ memberId, at: 'x' })) } });
};
const paths = () => recorder.requests().map(({ method, path }) => `${method} ${path}`);

describe('recording consent on the server (call-status and call-membership consumers)', () => {
  beforeEach(() => {
    dynamo.reset();
    recorder.clear();
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(GetCommand, { TableName: 'mentorships-test' }).resolves({ Item: { id: MENTORSHIP, mentorId: 'mentor-sub', menteeId: 'mentee-sub', state: 'ACTIVE' } });
  });

  it('stops a recording started while someone present has not consented', async () => {
    given([joined('mentor-sub', 'u1'), joined('mentee-sub', 'u2')], ['mentor-sub']);
    await handler(started('call.recording_started'), lambdaContext());
    expect(paths()).toEqual([`POST /api/v2/video/call/default/${CALL}/recordings/composite/stop`]);
  });

  it('stops a transcription when nobody is known present and one of the pair has not consented', async () => {
    given([], ['mentee-sub']);
    await handler(started('call.transcription_started'), lambdaContext());
    expect(paths()).toEqual([`POST /api/v2/video/call/default/${CALL}/stop_transcription`]);
  });

  it('stops with composite when Stream names a recording type it does not know, keeping the flag change', async () => {
    given([], []);
    const event = started('call.recording_started');
    (event.detail as Record<string, unknown>).recording_type = 'future-kind';
    await handler(event, lambdaContext());
    expect(paths()).toEqual([`POST /api/v2/video/call/default/${CALL}/recordings/composite/stop`]);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(1);
  });

  it('leaves it running once everyone present has consented, and ignores calls of no mentorship', async () => {
    given([joined('mentor-sub', 'u1')], ['mentor-sub']);
    await handler(started('call.recording_started'), lambdaContext());
    await handler(started('call.recording_started', 'default:some-call'), lambdaContext());
    expect(paths()).toEqual([]);
  });

  it('a new call of a mentorship gets recording and transcription available, never auto-on', async () => {
    await membershipHandler(started('call.created'), lambdaContext());
    expect(paths()).toEqual([`PATCH /api/v2/video/call/default/${CALL}`]);
    expect(recorder.requests()[0]!.body).toEqual({ settings_override: { recording: { mode: 'available' }, transcription: { mode: 'available', closed_caption_mode: 'available' } } });
  });
});
