import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './artifacts';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
Object.assign(process.env, { CALLS_TABLE: 'calls-test', MEMBERS_TABLE: 'members-test', ARCHIVE_BUCKET: 'archive-test', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });

const identity = useTestIdentity({ beforeAll, afterAll });

const request = async (claims?: Record<string, string>, pathParameters: Record<string, string> = { type: 'default', id: 'abc' }) =>
  (await handler(
    apiEvent({ method: 'GET', path: `/api/calls/${pathParameters.type}/${pathParameters.id}/artifacts`, headers: claims ? identity.bearer(claims) : {}, pathParameters }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;

const artifact = (kind: string, filename: string, startTime: string) => ({
  pk: 'CALL#default:abc',
  sk: `ARTIFACT#${kind}#s1#${filename}`,
  cid: 'default:abc',
  kind,
  sessionId: 's1',
  filename,
  key: `calls/default/abc/s1/${kind}s/${filename}`,
  startTime,
  endTime: '2026-01-01T01:00:00.000Z',
  size: 42,
  contentType: 'video/mp4',
  archivedAt: '2026-01-01T02:00:00.000Z',
});

describe('GET /api/calls/{type}/{id}/artifacts', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: { pk: 'CALL#default:abc', sk: 'META' } }).resolves({ Item: { createdBy: 'creator-1' } });
    dynamo.on(GetCommand, { Key: { pk: 'CALL#default:abc', sk: 'MEMBER#member-1' } }).resolves({ Item: { removed: false } });
    dynamo.on(GetCommand, { Key: { pk: 'CALL#default:abc', sk: 'MEMBER#gone-1' } }).resolves({ Item: { removed: true } });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'CALL#default:abc', ':prefix': 'MEMBER#' } }).resolves({
      Items: [{ userId: 'member-1' }, { userId: 'gone-1' }, { userId: 'guest-5f0c2a8e-1b2c-4d3e-8f9a-0b1c2d3e4f5a' }],
    });
    dynamo.on(BatchGetCommand).resolves({
      Responses: { 'members-test': [{ id: 'member-1', displayName: 'Grace Hopper' }, { id: 'gone-1', displayName: 'Ada Lovelace' }] },
    });
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'CALL#default:abc', ':prefix': 'ARTIFACT#' } }).resolves({
      Items: [
        artifact('recording', 'b.mp4', '2026-01-01T00:30:00.000Z'),
        artifact('recording', 'a.mp4', '2026-01-01T00:00:00.000Z'),
        artifact('transcription', 't.jsonl', '2026-01-01T00:00:00.000Z'),
      ],
    });
  });

  it('answers 401 without a token', async () => {
    const response = await request();
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body!).error.code).toBe('unauthenticated');
  });

  it.each([['a stranger', 'stranger-1'], ['a removed member', 'gone-1']])('answers 403 to %s', async (_name, sub) => {
    const response = await request({ sub });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body!).error.code).toBe('forbidden');
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('lists recordings (by start time) and transcripts with short-lived presigned links for a member', async () => {
    const response = await request({ sub: 'member-1' });
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body!);
    expect(body.recordings.map((item: { filename: string }) => item.filename)).toEqual(['a.mp4', 'b.mp4']);
    expect(body.transcriptions).toHaveLength(1);
    const url = new URL(body.recordings[0].url);
    expect(url.pathname).toContain('calls/default/abc/s1/recordings/a.mp4');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(body.recordings[0]).toMatchObject({ sessionId: 's1', size: 42, startTime: '2026-01-01T00:00:00.000Z', endTime: '2026-01-01T01:00:00.000Z' });
    expect(body.recordings[0]).not.toHaveProperty('key');
    expect(new URL(body.recordings[0].downloadUrl).searchParams.get('response-content-disposition')).toBe('attachment; filename="a.mp4"');
  });

  it('names the speakers a transcript may hold by their Stream user id: every member, removed ones too; a guest has no name here', async () => {
    const body = JSON.parse((await request({ sub: 'member-1' })).body!);
    expect(body.speakers).toEqual({ 'member-1': 'Grace Hopper', 'gone-1': 'Ada Lovelace' });
    const asked = dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['members-test']!.Keys;
    expect(asked).toEqual([{ id: 'member-1' }, { id: 'gone-1' }]);
  });

  it('lets the call creator in even without a member record', async () => {
    expect((await request({ sub: 'creator-1' })).statusCode).toBe(200);
  });

  it('answers 400 to a malformed call id', async () => {
    expect((await request({ sub: 'member-1' }, { type: 'default', id: 'a b' })).statusCode).toBe(400);
  });
});
