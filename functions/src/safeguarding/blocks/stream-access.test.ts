import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStreamRecorder, type StreamRecorder } from '#testing/stream-recorder';
import { deleteAtStream, restoreAtStream, suspendAtStream } from './stream-access';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const ACTIVE = '0f8fad5b-d9cb-469f-a165-70867728950e';
const WITH_BLOCK = '1f8fad5b-d9cb-469f-a165-70867728950e';
const ENDED = '2f8fad5b-d9cb-469f-a165-70867728950e';
const NEVER_ACTIVE = '3f8fad5b-d9cb-469f-a165-70867728950e';
const meta = (id: string, state: string, menteeId: string, activatedAt: string | null = '2026-01-01T00:00:00.000Z') => ({ pk: `MENTORSHIP#${id}`, sk: 'META', id, state, mentorId: 'grace', menteeId, activatedAt });

let recorder: StreamRecorder;
beforeAll(async () => {
  recorder = await startStreamRecorder();
  Object.assign(process.env, {
    STREAM_API_KEY: 'key',
    STREAM_API_SECRET: 'secret',
    STREAM_BASE_URL: recorder.url,
    MENTORSHIPS_TABLE: 'mentorships',
    MEMBERS_TABLE: 'members',
    SAFEGUARDING_TABLE: 'safeguarding',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
  });
});
afterAll(() => recorder.close());
beforeEach(() => {
  recorder.clear();
  dynamo.reset();
  dynamo.on(QueryCommand, { IndexName: 'byMentor' }).resolves({
    Items: [meta(ACTIVE, 'ACTIVE', 'ada'), meta(WITH_BLOCK, 'ACTIVE', 'alan'), meta(ENDED, 'ENDED', 'bob'), meta(NEVER_ACTIVE, 'DECLINED', 'cy', null)],
  });
  dynamo.on(QueryCommand, { IndexName: 'byMentee' }).resolves({ Items: [] });
  dynamo.on(BatchGetCommand).resolves({ Responses: { members: [{ id: 'grace' }, { id: 'ada' }, { id: 'alan' }] } });
  dynamo.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => (input.Key.pk === 'MEMBER#alan' && input.Key.sk === 'BLOCKS#grace' ? { Item: { pk: input.Key.pk } } : {}));
});

const patches = () =>
  recorder
    .requests()
    .filter((request) => request.method === 'PATCH')
    .map((request) => [request.path.split('/').at(-1), (request.body as { set: { frozen: boolean } }).set.frozen]);

describe('safeguarding at Stream (requests checked at the network boundary)', () => {
  it('suspending deactivates the member and freezes every channel their mentorships have had', async () => {
    await suspendAtStream('grace');
    expect(recorder.requests()[0]).toMatchObject({ method: 'POST', path: '/api/v2/users/grace/deactivate', body: { created_by_id: 'mentoring-programme' } });
    expect(patches()).toEqual([
      [ACTIVE, true],
      [WITH_BLOCK, true],
      [ENDED, true],
    ]);
  });

  it('restoring reactivates them and opens only active channels nothing else holds: a block keeps its pair frozen', async () => {
    await restoreAtStream('grace');
    expect(recorder.requests()[0]).toMatchObject({ method: 'POST', path: '/api/v2/users/grace/reactivate' });
    expect(patches()).toEqual([
      [ACTIVE, false],
      [WITH_BLOCK, true],
      [ENDED, true],
    ]);
  });

  it('deleting an account deletes the Stream user, pruning its personal data and messages', async () => {
    await deleteAtStream('grace');
    expect(recorder.requests()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v2/users/delete', body: { user_ids: ['grace'], user: 'pruning', messages: 'pruning' } })]);
  });
});
