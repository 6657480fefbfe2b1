import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './create';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
Object.assign(process.env, { FEEDBACK_TABLE: 'feedback-test', MENTORSHIPS_TABLE: 'mentorships-test' });
const identity = useTestIdentity({ beforeAll, afterAll });

const post = async (body: unknown, sub?: string) =>
  (
    (await handler(
      apiEvent({ method: 'POST', path: '/api/feedback', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(sub ? identity.bearer({ sub }) : {}) } }),
      lambdaContext(),
    )) as APIGatewayProxyStructuredResultV2
  ).statusCode;

const match = { source: '/mentorships/m-1', rating: 4, feedbackType: 'match', answers: ['Great pair'], mentorshipId: 'm-1' };

describe('POST /api/feedback about a mentorship (match feedback)', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(PutCommand).resolves({});
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { TableName: 'mentorships-test', Key: { pk: 'MENTORSHIP#m-1', sk: 'META' } }).resolves({ Item: { id: 'm-1', mentorId: 'mentor-sub', menteeId: 'mentee-sub' } });
  });

  it('is stored with the mentorship id when one of its members sends it', async () => {
    expect(await post(match, 'mentee-sub')).toBe(201);
    expect(await post(match, 'mentor-sub')).toBe(201);
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ mentorshipId: 'm-1', userId: 'mentee-sub', feedbackType: 'match' });
  });

  it('is refused to anyone else (403), for an unknown mentorship (403), to visitors (401), and for global feedback (400)', async () => {
    expect(await post(match, 'someone-else')).toBe(403);
    expect(await post({ ...match, mentorshipId: 'm-2' }, 'mentee-sub')).toBe(403);
    expect(await post(match)).toBe(401);
    expect(await post({ ...match, feedbackType: 'global' }, 'mentee-sub')).toBe(400);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });
});
