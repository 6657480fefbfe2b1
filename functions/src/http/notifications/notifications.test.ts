import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler as list } from './list';
import { handler as read } from './read';
import { handler as unread } from './unread';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
process.env.NOTIFICATIONS_TABLE = 'notifications-test';
const identity = useTestIdentity({ beforeAll, afterAll });
const as = (sub: string) => identity.bearer({ sub });
const id = '2026-11-24T09:00:00.000Z#0a1b2c3d';

describe('the notifications routes', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(QueryCommand).resolves({ Items: [], Count: 2 });
    dynamo.on(UpdateCommand).resolves({});
  });

  it('GET /api/notifications reads the caller’s own partition, whatever the query says', async () => {
    const answer = await call(list, { method: 'GET', path: '/api/notifications', query: { limit: '5', memberId: 'someone-else' }, headers: as('mia') });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ notifications: [], nextCursor: null, unread: 2 });
    for (const query of dynamo.commandCalls(QueryCommand)) expect(query.args[0].input.ExpressionAttributeValues).toEqual({ ':member': 'mia' });
  });

  it('GET /api/notifications/unread answers the count', async () => {
    const answer = await call(unread, { method: 'GET', path: '/api/notifications/unread', headers: as('mia') });
    expect(answer).toEqual({ status: 200, body: { unread: 2 } });
  });

  it('refuses anonymous callers with 401 and reads nothing', async () => {
    expect((await call(list, { method: 'GET', path: '/api/notifications' })).status).toBe(401);
    expect((await call(read, { method: 'POST', path: '/api/notifications/read', body: { all: true } })).status).toBe(401);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no ids', { ids: [] }],
    ['an id of the wrong shape', { ids: ['../other/x'] }],
    ['all: false', { all: false }],
    ['both', { ids: [id], all: true }],
  ])('POST /api/notifications/read refuses %s with 400 and changes nothing', async (_, body) => {
    const answer = await call(read, { method: 'POST', path: '/api/notifications/read', body, headers: as('mia') });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    expect((await call(list, { method: 'GET', path: '/api/notifications', query: { limit: '500' }, headers: as('mia') })).status).toBe(400);
    const badCursor = await call(list, { method: 'GET', path: '/api/notifications', query: { cursor: 'bm90LWEta2V5' }, headers: as('mia') });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error!.message).toMatch(/cursor/);
  });

  it('POST /api/notifications/read marks in the caller’s partition; another member’s id finds nothing there', async () => {
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    const answer = await call(read, { method: 'POST', path: '/api/notifications/read', body: { ids: [id] }, headers: as('mia') });
    expect(answer).toEqual({ status: 200, body: { unread: 2 } });
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input.Key).toEqual({ memberId: 'mia', sk: id });
  });
});
