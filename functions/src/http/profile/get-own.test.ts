import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, coordinatorClaims, MEMBERS_TABLE, mentorItem } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './get-own';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });

const get = (claims: Record<string, unknown>) => call(handler, { method: 'GET', path: '/api/profile/me', headers: identity.bearer(claims) });

describe('GET /api/profile/me', () => {
  beforeEach(() => dynamo.reset());

  it('answers no profile before onboarding, and writes nothing', async () => {
    dynamo.on(GetCommand).resolves({});
    const answer = await get({ sub: 'new-1', email: 'new@example.org' });
    expect(answer.body).toEqual({ profile: null, approval: null, email: 'new@example.org', codeOfConductVersion: null, isCoordinator: false, onboarded: false });
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('answers the own profile with the application state, and records activity at most once an hour', async () => {
    dynamo.on(GetCommand, { TableName: MEMBERS_TABLE, Key: { id: 'mentor-1' } }).resolves({ Item: mentorItem({ decisionNote: 'Welcome!' }) });
    dynamo.on(UpdateCommand).resolves({});
    const before = Date.now();
    const answer = await get({ sub: 'mentor-1', email: 'maria@example.org' });
    expect(answer.body).toMatchObject({
      profile: { id: 'mentor-1', role: 'mentor', capacity: 2, openPlaces: 2 },
      approval: { state: 'approved', note: 'Welcome!' },
      email: 'maria@example.org',
      onboarded: true,
      codeOfConductVersion: 1,
    });
    const [update] = dynamo.commandCalls(UpdateCommand);
    const input = update!.args[0].input;
    expect(input.ConditionExpression).toBe('attribute_exists(id) AND (attribute_not_exists(lastActiveAt) OR lastActiveAt < :cutoff)');
    const cutoff = Date.parse(input.ExpressionAttributeValues![':cutoff'] as string);
    expect(Date.parse(input.ExpressionAttributeValues![':now'] as string) - cutoff).toBe(60 * 60 * 1000);
    expect(cutoff).toBeGreaterThanOrEqual(before - 60 * 60 * 1000);
    expect((answer.body.profile as { lastActiveAt: string }).lastActiveAt).toBe(input.ExpressionAttributeValues![':now']);
  });

  it('answers normally when activity was recorded within the hour (the condition says no)', async () => {
    dynamo.on(GetCommand).resolves({ Item: mentorItem() });
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'recent', $metadata: {} }));
    const answer = await get({ sub: 'mentor-1' });
    expect(answer.status).toBe(200);
    expect((answer.body.profile as { lastActiveAt: string }).lastActiveAt).toBe('2026-01-05T00:00:00.000Z');
  });

  it('says whether the caller is a coordinator, from the token’s groups', async () => {
    dynamo.on(GetCommand).resolves({});
    expect((await get(coordinatorClaims())).body.isCoordinator).toBe(true);
  });
});
