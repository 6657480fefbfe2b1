import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { handler as putNotes } from './notes-put';
import { handler as createItem } from '../action-items/create';
import { handler as updateItem } from '../action-items/update';
import { handler as deleteItem } from '../action-items/delete';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
Object.assign(process.env, { SESSIONS_TABLE: 'sessions-test', MENTORSHIPS_TABLE: 'mentorships-test', MEMBERS_TABLE: 'members-test' });
const identity = useTestIdentity({ beforeAll, afterAll });

const MENTORSHIP = '0b3c8a52-1f7e-4c1a-9d3e-2a4b5c6d7e8f';
const SESSION = `m-${MENTORSHIP}-abc123`;
type Handler = (event: ReturnType<typeof apiEvent>, context: ReturnType<typeof lambdaContext>) => Promise<unknown>;
const send = async (run: Handler, method: string, path: string, sub: string, body?: unknown, pathParameters: Record<string, string> = {}, query?: Record<string, string>) => {
  const result = (await run(
    apiEvent({
      method,
      path,
      pathParameters,
      ...(query ? { query } : {}),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { 'content-type': 'application/json', ...identity.bearer({ sub }) },
    }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(String(result.body)) as Record<string, unknown> & { error?: { code: string; message: string; issues?: unknown[] } } };
};
const stale = () => new ConditionalCheckFailedException({ message: 'stale', $metadata: {} });

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({});
  dynamo.on(GetCommand, { TableName: 'mentorships-test' }).resolves({ Item: { id: MENTORSHIP, mentorId: 'mentor-sub', menteeId: 'mentee-sub', state: 'ACTIVE' } });
  dynamo.on(GetCommand, { TableName: 'sessions-test', Key: { pk: `SESSION#${SESSION}`, sk: 'META' } }).resolves({ Item: { id: SESSION, mentorshipId: MENTORSHIP } });
});

describe('PUT /api/sessions/{id}/notes', () => {
  const path = `/api/sessions/${SESSION}/notes`;
  const notes = (sub: string, body: unknown) => send(putNotes as Handler, 'PUT', path, sub, body, { id: SESSION });

  it('stores the first notes only if none exist, then each write on the version read', async () => {
    dynamo.on(PutCommand).resolves({});
    expect((await notes('mentee-sub', { text: 'Agenda', version: 0 })).body).toMatchObject({ text: 'Agenda', version: 1, updatedBy: 'mentee-sub' });
    expect((await notes('mentor-sub', { text: 'Agenda+', version: 1 })).body).toMatchObject({ version: 2 });
    const [first, second] = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input);
    expect(first).toMatchObject({ ConditionExpression: 'attribute_not_exists(pk)', Item: { sk: 'NOTES', version: 1 } });
    expect(second).toMatchObject({ ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': 1 }, Item: { version: 2 } });
  });

  it('a stale version is a 409 in the documented shape whose issues carry the current notes', async () => {
    dynamo.on(PutCommand).rejects(stale());
    dynamo.on(GetCommand, { TableName: 'sessions-test', Key: { pk: `SESSION#${SESSION}`, sk: 'NOTES' } }).resolves({
      Item: { text: 'Theirs', version: 3, updatedAt: '2026-03-01T10:00:00.000Z', updatedBy: 'mentor-sub' },
    });
    const answer = await notes('mentee-sub', { text: 'Mine', version: 2 });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toEqual({
      code: 'conflict',
      message: 'Someone else changed the notes since you opened them. Compare both versions, then save again.',
      issues: [{ code: 'stale_version', current: { text: 'Theirs', version: 3, updatedAt: '2026-03-01T10:00:00.000Z', updatedBy: 'mentor-sub' } }],
    });
  });

  it('outsiders, unknown sessions and ids of no mentorship are 404; bad bodies 400; nothing written', async () => {
    expect((await notes('someone', { text: 'x', version: 0 })).status).toBe(404);
    expect((await send(putNotes as Handler, 'PUT', '/api/sessions/call-1/notes', 'mentee-sub', { text: 'x', version: 0 }, { id: 'call-1' })).status).toBe(404);
    expect((await send(putNotes as Handler, 'PUT', `/api/sessions/m-${MENTORSHIP}-other/notes`, 'mentee-sub', { text: 'x', version: 0 }, { id: `m-${MENTORSHIP}-other` })).status).toBe(404);
    expect((await notes('mentee-sub', { text: 'x', version: -1 })).status).toBe(400);
    expect((await notes('mentee-sub', { text: 'x'.repeat(20_001), version: 0 })).status).toBe(400);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});

describe('action items', () => {
  const base = `/api/mentorships/${MENTORSHIP}/action-items`;
  const create = (sub: string, body: unknown) => send(createItem as Handler, 'POST', base, sub, body, { id: MENTORSHIP });

  it('either of the pair adds one for either of the pair', async () => {
    dynamo.on(PutCommand).resolves({});
    const created = await create('mentor-sub', { text: 'Read a chapter', ownerId: 'mentee-sub', dueOn: '2026-04-01', sessionId: SESSION });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ mentorshipId: MENTORSHIP, ownerId: 'mentee-sub', done: false, version: 1, sessionId: SESSION });
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({ ConditionExpression: 'attribute_not_exists(pk)', Item: { pk: `ACTIONS#${MENTORSHIP}` } });
  });

  it('refuses an owner outside the pair, a session of another mentorship, outsiders and ended mentorships; nothing stored', async () => {
    expect((await create('mentor-sub', { text: 'x', ownerId: 'someone' })).status).toBe(400);
    expect((await create('mentor-sub', { text: 'x', ownerId: 'mentee-sub', sessionId: 'm-11111111-1111-4111-8111-111111111111-abc' })).status).toBe(400);
    expect((await create('mentor-sub', { text: 'x', ownerId: 'mentee-sub', dueOn: '1 April' })).status).toBe(400);
    expect((await create('someone', { text: 'x', ownerId: 'mentee-sub' })).status).toBe(404);
    dynamo.on(GetCommand, { TableName: 'mentorships-test' }).resolves({ Item: { id: MENTORSHIP, mentorId: 'mentor-sub', menteeId: 'mentee-sub', state: 'COMPLETED' } });
    expect((await create('mentor-sub', { text: 'x', ownerId: 'mentee-sub' })).status).toBe(409);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('edits are conditional on the version: stale is 409, gone is 404', async () => {
    const path = `${base}/item-1`;
    const patch = (body: unknown) => send(updateItem as Handler, 'PATCH', path, 'mentee-sub', body, { id: MENTORSHIP, itemId: 'item-1' });
    dynamo.on(UpdateCommand).resolves({ Attributes: { pk: 'x', sk: 'item-1', id: 'item-1', mentorshipId: MENTORSHIP, text: 'Read', ownerId: 'mentee-sub', dueOn: null, done: true, sessionId: null, createdAt: 'a', updatedAt: 'b', version: 4 } });
    expect((await patch({ done: true, version: 3 })).body).toMatchObject({ done: true, version: 4 });
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({ ConditionExpression: 'attribute_exists(pk) AND version = :version', ExpressionAttributeValues: { ':version': 3, ':next': 4 } });

    dynamo.on(UpdateCommand).rejects(stale());
    dynamo.on(GetCommand, { TableName: 'sessions-test', Key: { pk: `ACTIONS#${MENTORSHIP}`, sk: 'item-1' } }).resolves({ Item: { id: 'item-1', version: 4 } });
    expect((await patch({ done: false, version: 3 })).status).toBe(409);
    dynamo.on(GetCommand, { TableName: 'sessions-test', Key: { pk: `ACTIONS#${MENTORSHIP}`, sk: 'item-1' } }).resolves({});
    expect((await patch({ done: false, version: 3 })).status).toBe(404);
    expect((await patch({ done: false })).status).toBe(400);
  });

  it('deletes on the version read', async () => {
    const remove = (version: string) => send(deleteItem as Handler, 'DELETE', `${base}/item-1`, 'mentor-sub', undefined, { id: MENTORSHIP, itemId: 'item-1' }, { version });
    dynamo.on(DeleteCommand).resolves({});
    expect((await remove('4')).body).toEqual({ deleted: true });
    dynamo.on(DeleteCommand).rejects(stale());
    dynamo.on(GetCommand, { TableName: 'sessions-test', Key: { pk: `ACTIONS#${MENTORSHIP}`, sk: 'item-1' } }).resolves({ Item: { id: 'item-1', version: 5 } });
    expect((await remove('4')).status).toBe(409);
    expect((await remove('x')).status).toBe(400);
  });
});
